import type { CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { Raised } from '@uplift/core/schemas/challenge-pages';
import type { PublicMatch } from '@uplift/core/schemas/match';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { MatchedLine } from '../match/matched-line';

/** An amount in minor units in the page's currency (£ for the UK, $ for New Zealand). */
export const moneyIn = (country: CountryCode) => (minor: number) => formatMoney(asMinor(minor), country);

/**
 * The goal's progress bar: raised against the goal. Raised is money received (product-rules §21,
 * §22): the pledge's payments received and friends' gifts, each net of refunds, as the API sends it
 * in `total`; what is pledged is said beside it, never counted as raised. What sponsors' matches
 * added is its own line, not in the total (product-rules §23), naming the sponsor of `match` (with its logo) if given.
 */
export function RaisedProgress({ raised, goal, country, match = null }: { raised: Raised; goal?: number; country: CountryCode; match?: PublicMatch | null }) {
  const money = moneyIn(country);
  const share = goal ? Math.min(100, Math.round((raised.total / goal) * 100)) : undefined;
  return (
    <div className="cp-progress">
      <p className="cp-raised">
        <strong>{money(raised.total)}</strong> raised{goal ? <> of {money(goal)}</> : null}
      </p>
      {share !== undefined && (
        <div className="cp-bar" role="progressbar" aria-label="Raised towards the goal" aria-valuemin={0} aria-valuemax={100} aria-valuenow={share} aria-valuetext={`${share}% of the goal`}>
          <span style={{ width: `${share}%` }} />
        </div>
      )}
      <p className="cp-muted">
        {money(raised.pledged)} pledged, {money(raised.received_minor)} of it received · {money(raised.gifts)} from {raised.gift_count === 1 ? '1 friend' : `${raised.gift_count} friends`}
      </p>
      <MatchedLine matched={raised.matched} match={match} country={country} />
    </div>
  );
}

/** What an unknown, draft or hidden page or team shows (the server answers it with status 404). */
export function NotFoundMessage({ what }: { what: 'page' | 'team' }) {
  return (
    <div className="page narrow">
      <h1>{what === 'page' ? 'This challenge page isn’t here' : 'This team isn’t here'}</h1>
      <p>The address may be mistyped, or the {what} is not public.</p>
      <p>
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </div>
  );
}
