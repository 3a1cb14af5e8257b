import type { CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney, toNearestMinor } from '@uplift/core/money';
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useFriendsGiftTotals, useLeaderboard } from '../api/get-friends-give';
import { friendsGiftsText } from './friends-gifts-text';

// The landing's friends-give parts (docs/decisions/140-leaderboards.md): their own chunk, loaded
// after the first paint by the below-the-fold sections, so they add nothing to the landing's
// initial JavaScript. The hero keeps only an empty slot (#friends-gifts) under its pledge figures,
// shown once the campaign has started, in a room held at the figure's size from the first paint (so
// nothing moves when it arrives); the friends' figure is rendered into it from here.

const heroSlot = () => document.getElementById('friends-gifts');

/** Told when the hero's elements change, so the figure follows its slot (a campaign that starts, a country switched). */
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.querySelector('.hero') ?? document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** The leaderboard section, and the friends' figure in the hero's slot while the hero shows one. */
export default function FriendsGive({ country }: { country: CountryCode }) {
  const slot = useSyncExternalStore(subscribe, heroSlot, () => null);
  return (
    <>
      {slot && createPortal(<FriendsGifts country={country} />, slot)}
      <Leaderboard country={country} />
    </>
  );
}

/**
 * The hero's line beside "join N others who've pledged $X": what friends gave on pages, apart from
 * the pledges; and what sponsors' matches added, as its own line (product-rules §23), in no total.
 */
export function FriendsGifts({ country }: { country: CountryCode }) {
  const totals = useFriendsGiftTotals(country);
  if (!totals.data) return null;
  const { gifts: count, amount, matched } = totals.data;
  return (
    <>
      {count > 0 && (
        <p className="countdown-note friends-gifts" data-testid="friends-gifts">
          {friendsGiftsText(toNearestMinor(amount), count, country)}
        </p>
      )}
      {matched > 0 && (
        <p className="countdown-note friends-matched" data-testid="friends-matched">
          Sponsors’ matches have added {formatMoney(toNearestMinor(matched), country)} more.
        </p>
      )}
    </>
  );
}

/** A leaderboard row's matched line ("+ $50.00 matched"): beside what was raised, never in it. */
function MatchedBeside({ matched, money }: { matched: number; money: (minor: number) => string }) {
  if (matched <= 0) return null;
  return (
    <>
      {' '}
      <span className="leaderboard-matched">+ {money(matched)} matched</span>
    </>
  );
}

/** Top pages and teams of the country's open campaign, most raised first; only people who chose to appear. */
export function Leaderboard({ country, headingLevel = 2 }: { country: CountryCode; headingLevel?: 1 | 2 }) {
  const board = useLeaderboard(country);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const money = (minor: number) => formatMoney(asMinor(minor), country);
  let body;
  if (board.isPending) body = <p className="muted" role="status">Loading the leaderboard…</p>;
  else if (board.isError) body = <p className="muted">The leaderboard opens with the next campaign.</p>;
  else if (board.data.pages.length === 0 && board.data.teams.length === 0)
    // Empty invites rather than discourages (docs/decisions/167): the first page made can top it.
    body = (
      <p data-testid="leaderboard-empty">
        No one is on the leaderboard yet: your page could be the first. Once you’ve pledged, <Link to={paths.myPage}>make your challenge page</Link>, ask friends to back you, and choose to appear here.
      </p>
    );
  else
    body = (
      <div className="leaderboard-lists">
        <div>
          <h3 id={`leaderboard-pages-${country}`}>Top participants</h3>
          {board.data.pages.length === 0 ? (
            <p className="muted">No one yet.</p>
          ) : (
            <ol className="leaderboard-list" aria-labelledby={`leaderboard-pages-${country}`}>
              {board.data.pages.map((p) => (
                <li key={p.slug}>
                  <Link to={`/p/${p.slug}`}>{p.name}</Link> <span className="leaderboard-amount">{money(p.raised)}</span>
                  <MatchedBeside matched={p.matched} money={money} />
                </li>
              ))}
            </ol>
          )}
        </div>
        <div>
          <h3 id={`leaderboard-teams-${country}`}>Top teams</h3>
          {board.data.teams.length === 0 ? (
            <p className="muted">No teams yet.</p>
          ) : (
            <ol className="leaderboard-list" aria-labelledby={`leaderboard-teams-${country}`}>
              {board.data.teams.map((t) => (
                <li key={t.slug}>
                  <Link to={`/t/${t.slug}`}>{t.name}</Link> <span className="leaderboard-amount">{money(t.raised)}</span>{' '}
                  <span className="muted">({t.members === 1 ? '1 member' : `${t.members} members`})</span>
                  <MatchedBeside matched={t.matched} money={money} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    );
  return (
    <section className="landing-section leaderboard" aria-labelledby={`leaderboard-title-${country}`}>
      <Heading id={`leaderboard-title-${country}`}>Leaderboard</Heading>
      <p className="muted">
        What each participant raised: the money received, their pledge’s payments and their friends’ gifts. What sponsors’ matches added is
        shown apart.
      </p>
      {body}
    </section>
  );
}
