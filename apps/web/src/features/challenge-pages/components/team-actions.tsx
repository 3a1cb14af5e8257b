import type { PublicTeamData } from '@uplift/core/schemas/challenge-pages';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useJoinTeam, useLeaveTeam, useMyPage, useRemoveMember } from '../api/pages';

// Only the captain needs the message's form.
const CaptainMessageEditor = lazy(() => import('./captain-message-editor'));

/**
 * What a visitor can do with a team, as fits who they are (docs/decisions/142): sign in, make a
 * page, join, leave; the captain writes the team's message and removes members. Loaded once
 * /t/{slug} has started, so none of it is in the page's initial JavaScript (its 100 KB budget,
 * docs/decisions/171); a friend who only reads and gives never needs it.
 */
export default function TeamActions({ team: t }: { team: PublicTeamData }) {
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const mine = useMyPage(signedIn);
  const join = useJoinTeam();
  const leave = useLeaveTeam();
  const remove = useRemoveMember(t.slug);
  const myPage = signedIn ? mine.data : undefined;
  const member = myPage?.team?.slug === t.slug;
  const captain = member && myPage?.team?.captain === true;
  const error = join.error ?? leave.error ?? remove.error;
  const removable = captain ? t.members.filter((m) => !m.captain && m.slug) : [];

  return (
    <>
      {captain && (
        <Suspense fallback={null}>
          <CaptainMessageEditor slug={t.slug} message={t.captain_message} />
        </Suspense>
      )}
      <div className="cp-actions">
        {!signedIn && session.status === 'anonymous' && (
          <p>
            Taking part? <Link to={paths.login} state={{ from: `/t/${t.slug}` }}>Sign in</Link> with your challenge page to join this team.
          </p>
        )}
        {signedIn && mine.data === null && (
          <p>
            <Link to={paths.myPage}>Create your challenge page</Link> to join this team.
          </p>
        )}
        {signedIn && myPage && !myPage.team && (
          <button type="button" className="button" disabled={join.isPending} onClick={() => join.mutate(t.slug)}>
            Join team {t.name}
          </button>
        )}
        {signedIn && myPage?.team && !member && <p className="cp-muted">Your page is in team {myPage.team.name}. Leave it to join this one.</p>}
        {member && (
          <button type="button" className="button secondary" disabled={leave.isPending} onClick={() => leave.mutate()}>
            Leave the team
          </button>
        )}
        {removable.map((m) => (
          <button key={m.slug} type="button" className="button secondary cp-small" disabled={remove.isPending} onClick={() => remove.mutate(m.slug!)}>
            Remove {m.display_name}
          </button>
        ))}
        {error && <Alert>{error.message}</Alert>}
      </div>
    </>
  );
}
