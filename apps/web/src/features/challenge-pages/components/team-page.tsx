import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { paths } from '../../../lib/paths';
import { challengePagePath } from '../paths';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useJoinTeam, useLeaveTeam, useMyPage, useRemoveMember } from '../api/pages';
import { usePublicTeam } from '../api/public';
import { ReportButton } from '../report/report-button';
import { MatchOffer } from '../match/match-offer';
import { moneyIn, NotFoundMessage, RaisedProgress } from './raised-progress';
import '../challenge-pages.css';

/** A team's public page, /t/{slug} (docs/decisions/142): total, members, and Join / Leave / Remove as fit the viewer. */
export function TeamPage({ slug }: { slug: string }) {
  const team = usePublicTeam(slug);
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const mine = useMyPage(signedIn);
  const join = useJoinTeam();
  const leave = useLeaveTeam();
  const remove = useRemoveMember(slug);
  usePageTitle(team.data ? `Team ${team.data.name}` : 'Team');

  if (team.isPending) return <p className="page narrow" role="status">Loading the team…</p>;
  if (team.isError) {
    return (
      <div className="page narrow">
        <Alert>{team.error.message}</Alert>
      </div>
    );
  }
  if (team.data === null) return <NotFoundMessage what="team" />;
  const t = team.data;
  const money = moneyIn(t.country);
  const myPage = signedIn ? mine.data : undefined;
  const member = myPage?.team?.slug === t.slug;
  const captain = member && myPage?.team?.captain === true;
  const error = join.error ?? leave.error ?? remove.error;
  const empty = t.members.length === 0;

  return (
    <article className="page cp-page">
      <header className="cp-head cp-hero">
        {t.photo_url && (
          <div className="cp-cover">
            <img className="cp-photo" src={t.photo_url} alt={`Team ${t.name}`} width={240} height={240} />
          </div>
        )}
        <div className="cp-intro">
          <h1>Team {t.name}</h1>
          <p className="cp-muted">{t.members.length === 0 ? 'No public members' : t.members.length === 1 ? '1 member' : `${t.members.length} members`}</p>
          {/* Only public member pages are listed and counted (docs/decisions/154); with none, no total to show (159). */}
          {empty ? (
            <p className="cp-progress-panel">No member of this team has a public page right now, so there is no total to show.</p>
          ) : (
            <section className="cp-progress-panel" aria-label="The team’s total">
              <RaisedProgress raised={t.raised} country={t.country} match={t.match} />
            </section>
          )}
        </div>
      </header>
      {t.match && <MatchOffer match={t.match} country={t.country} />}
      {t.story && <p className="cp-story">{t.story}</p>}

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
        {error && <Alert>{error.message}</Alert>}
      </div>

      <section aria-labelledby="cp-members-title">
        <h2 id="cp-members-title">Members</h2>
        {empty && <p className="cp-muted">None to show yet.</p>}
        <ul className="cp-members">
          {t.members.map((m, i) => (
            <li key={m.slug ?? `member-${i}`}>
              <span>
                {m.slug ? <Link to={challengePagePath(m.slug)}>{m.display_name}</Link> : m.display_name}
                {m.captain && <span className="cp-badge"> Captain</span>}
              </span>
              <span className="cp-gift-amount">{money(m.raised)}</span>
              {captain && !m.captain && m.slug && (
                <button type="button" className="button secondary cp-small" disabled={remove.isPending} onClick={() => remove.mutate(m.slug!)}>
                  Remove {m.display_name}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <p className="cp-muted">
        Something wrong with this team? <ReportButton subject="team" slug={t.slug} />
      </p>
    </article>
  );
}
