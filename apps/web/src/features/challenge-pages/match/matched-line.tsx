import type { CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { PublicMatch } from '@uplift/core/schemas/match';
import { lazy, Suspense } from 'react';
import { useStarted } from '../components/after-start';
import './match-offer.css';

// The sponsor's logo comes once the page has started: its code is not in the page's first load
// (docs/decisions/165, 171), and its box is kept by .match-raised's height, so nothing moves.
const SponsorLogo = lazy(() => import('./sponsor-logo'));

/**
 * The match as its own line under "raised" ("+ $50.00 matched by Acme"): `raised.matched` is not
 * part of the total (product-rules §23). The sponsor is named, its logo beside the line, when the
 * page or team has a match to name; nothing is shown while nothing was matched. Apart from the offer
 * (match-offer.tsx) so a page's first load does not carry the offer's code.
 */
export function MatchedLine({ matched, match, country }: { matched: number; match: PublicMatch | null; country: CountryCode }) {
  const started = useStarted();
  if (matched <= 0) return null;
  return (
    <p className="match-raised">
      {match && started && (
        <Suspense fallback={null}>
          <SponsorLogo match={match} decorative />
        </Suspense>
      )}
      <span>
        + {formatMoney(asMinor(matched), country)} matched by {match?.sponsor_name ?? 'sponsors'}
      </span>
    </p>
  );
}
