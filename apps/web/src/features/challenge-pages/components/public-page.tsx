import type { PageGift } from '@uplift/core/schemas/challenge-pages';
import { useState } from 'react';
import { Link } from 'react-router';
import '../../../components/alert.css';
import { LazySharePanel } from '../../../components/share/lazy-share-panel';
import { ChallengeIllustration } from '../../../components/challenge-illustration';
import { teamPagePath } from '../paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { getMoreGifts, usePublicPage } from '../api/public';
import { PageCoverPicture } from './page-cover';
import { PageUpdates } from './page-updates';
import { GiftFormAfterStart } from '../gift-form/gift-form-after-start';
import { ReportAfterStart as ReportButton, StickyGive } from './after-start';
import { moneyIn, NotFoundMessage, RaisedProgress } from './raised-progress';
import '../challenge-pages.css';

/**
 * An error here, drawn as components/alert's error Alert: that module is its own small chunk, and
 * /p/{slug}'s first load is on its 100 KB budget (docs/decisions/165).
 */
const PageAlert = ({ children }: { children: string }) => (
  <div className="alert alert-error" role="alert">
    {children}
  </div>
);

/** A participant's public page, /p/{slug} (docs/decisions/142): rendered on the server, hydrated from the same data. */
export function PublicPage({ slug }: { slug: string }) {
  const page = usePublicPage(slug);
  const [more, setMore] = useState<{ items: PageGift[]; cursor: string | null } | undefined>(undefined);
  const [moreError, setMoreError] = useState('');
  usePageTitle(page.data ? `${page.data.display_name}’s challenge for ${page.data.charity.name}` : 'Challenge page');

  if (page.isPending) return <p className="page narrow" role="status">Loading the page…</p>;
  if (page.isError) {
    return (
      <div className="page narrow">
        <PageAlert>{page.error.message}</PageAlert>
      </div>
    );
  }
  if (page.data === null) return <NotFoundMessage what="page" />;
  const p = page.data;
  const money = moneyIn(p.country);
  const gifts = [...p.gifts.items, ...(more?.items ?? [])];
  const cursor = more ? more.cursor : p.gifts.next_cursor;
  const loadMore = async () => {
    if (!cursor) return;
    setMoreError('');
    try {
      const next = await getMoreGifts(slug, cursor);
      setMore({ items: [...(more?.items ?? []), ...next.items], cursor: next.next_cursor });
    } catch (err) {
      setMoreError((err as Error).message);
    }
  };

  return (
    <article className="page cp-page">
      {/* The page's header band (docs/decisions/163, 166): the owner's wide cover if any, the participant's round
          photo (or their challenge drawn), the charity with its logo and cause, the weeks and the challenge's impact, and
          the progress towards the goal, large. */}
      <header className={`cp-head cp-hero${p.cover ? ' cp-has-banner' : ''}`}>
        {p.cover && <PageCoverPicture cover={p.cover} />}
        <div className="cp-cover">
          {p.photo_url ? (
            <img className="cp-photo cp-face" src={p.photo_url} alt={`${p.display_name}`} width={240} height={240} />
          ) : (
            <ChallengeIllustration name={p.challenge.icon} width={240} lazy={false} />
          )}
        </div>
        <div className="cp-intro">
          <p className="cp-charity">
            <img className="cp-charity-logo" src={p.charity.logo} alt="" width={120} height={40} decoding="async" />
            <span>
              Raising for {p.charity.name}
              {p.charity.cause && <span className="cp-cause">{p.charity.cause}</span>}
            </span>
          </p>
          <h1>
            {p.display_name}’s challenge for {p.charity.name}
          </h1>
          <p className="cp-weeks">
            {p.challenge.name} · <strong>{p.weeks.text}</strong>
          </p>
          {p.impact_line && <p className="cp-impact">{p.impact_line}</p>}
          {p.team && (
            <p>
              Part of team <Link to={teamPagePath(p.team.slug)}>{p.team.name}</Link>
            </p>
          )}
          <section className="cp-progress-panel" aria-labelledby="cp-progress-title">
            <h2 id="cp-progress-title" className="visually-hidden">
              Progress
            </h2>
            <RaisedProgress raised={p.raised} goal={p.goal} country={p.country} match={p.match} />
          </section>
        </div>
      </header>
      <StickyGive targetId="give" label={`Give to ${p.display_name}`} />

      <div className="cp-columns">
        <div>
          {p.story && (
            <section aria-labelledby="cp-story-title">
              <h2 id="cp-story-title">Why I’m doing this</h2>
              {/* Plain text, shown as text: any HTML in it is only characters. */}
              <p className="cp-story">{p.story}</p>
            </section>
          )}
          <PageUpdates updates={p.updates} country={p.country} />
          <section aria-labelledby="cp-gifts-title">
            <h2 id="cp-gifts-title">Friends who gave</h2>
            {gifts.length === 0 ? (
              <p className="cp-muted">No gifts yet. Be the first.</p>
            ) : (
              <ul className="cp-gifts">
                {gifts.map((g) => (
                  <li key={g.id}>
                    <span className="cp-gift-name">{g.name}</span>
                    {g.amount !== null && <span className="cp-gift-amount">{money(g.amount)}</span>}
                    {g.message && <span className="cp-gift-message">{g.message}</span>}
                    {g.message && <ReportButton subject="message" giftId={g.id} />}
                  </li>
                ))}
              </ul>
            )}
            {cursor && (
              <button type="button" className="button secondary" onClick={() => void loadMore()}>
                Show more gifts
              </button>
            )}
            {moreError && <PageAlert>{moreError}</PageAlert>}
          </section>
          {/* Below what the first screen shows: it comes once the page has started, and moves nothing above it. */}
          <LazySharePanel kind="page" slug={p.slug} country={p.country} name={p.display_name} message={p.share_message} />
          <p className="cp-muted">
            Something wrong with this page? <ReportButton subject="page" slug={p.slug} />
          </p>
        </div>
        <aside id="give" tabIndex={-1} className="card cp-give" aria-label={`Give to ${p.display_name}`}>
          <GiftFormAfterStart slug={p.slug} country={p.country} participantName={p.display_name} match={p.match} onGiven={() => void page.refetch()} />
        </aside>
      </div>
    </article>
  );
}
