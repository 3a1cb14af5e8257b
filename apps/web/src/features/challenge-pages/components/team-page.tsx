import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import '../../../components/alert.css';
import { LazySharePanel } from '../../../components/share/lazy-share-panel';
import { challengePagePath } from '../paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicTeam } from '../api/public';
import { ReportAfterStart as ReportButton, StickyGive, useStarted } from './after-start';
import { moneyIn, NotFoundMessage, RaisedProgress } from './raised-progress';
import { giftableMembers, TeamGive } from './team-give';
import '../challenge-pages.css';

// Join, leave and the captain's tools load once the page has started: not in /t/{slug}'s initial JavaScript (docs/decisions/171).
const TeamActions = lazy(() => import('./team-actions'));

/** A team's public page, /t/{slug} (docs/decisions/142): total, members, and Join / Leave / Remove as fit the viewer. */
export function TeamPage({ slug }: { slug: string }) {
  const team = usePublicTeam(slug);
  const started = useStarted();
  usePageTitle(team.data ? `Team ${team.data.name}` : 'Team');

  if (team.isPending) return <p className="page narrow" role="status">Loading the team…</p>;
  if (team.isError) {
    return (
      <div className="page narrow">
        {/* components/alert's error Alert, drawn here: that module is its own chunk (the budget). */}
        <div className="alert alert-error" role="alert">
          {team.error.message}
        </div>
      </div>
    );
  }
  if (team.data === null) return <NotFoundMessage what="team" />;
  const t = team.data;
  const money = moneyIn(t.country);
  const empty = t.members.length === 0;
  const giftable = giftableMembers(t.members);

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
      {giftable.length > 0 && <StickyGive targetId="give" label={`Give to team ${t.name}`} />}
      {/* The captain's message to the team's backers (docs/decisions/166), plain text. */}
      {t.captain_message && (
        <figure className="cp-captain-message">
          <blockquote>
            <p className="cp-story">{t.captain_message}</p>
          </blockquote>
          <figcaption className="cp-muted">— {t.captain_name ? `${t.captain_name}, captain` : 'The captain'}</figcaption>
        </figure>
      )}
      {t.story && <p className="cp-story">{t.story}</p>}

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
            </li>
          ))}
        </ul>
      </section>
      {/* What arrives after the start (the gift form, the join and leave actions) comes below the
          members, so it moves nothing of the first screen (docs/decisions/171). */}
      {/* The sponsor's match is said in the gift form, before the amount and live as it changes (decision 162). */}
      {giftable.length > 0 && <TeamGive teamName={t.name} members={giftable} country={t.country} match={t.match} onGiven={() => void team.refetch()} />}

      {started && (
        <Suspense fallback={null}>
          <TeamActions team={t} />
        </Suspense>
      )}

      {/* Below the members: it comes once the page has started, and moves nothing above it. */}
      <LazySharePanel kind="team" slug={t.slug} country={t.country} name={t.name} />
      <p className="cp-muted">
        Something wrong with this team? <ReportButton subject="team" slug={t.slug} />
      </p>
    </article>
  );
}
