import type { CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney } from '@uplift/core/money';
import './match-offer.css';

/**
 * The match as its own line under "raised" ("+ $50.00 matched by Acme"): `raised.matched` is not
 * part of the total (product-rules §23). The sponsor is named when the page or team has one match
 * to name; nothing is shown while nothing was matched. Apart from the offer (match-offer.tsx) so a
 * page's first load does not carry the offer's code (docs/decisions/165).
 */
export function MatchedLine({ matched, sponsorName, country }: { matched: number; sponsorName: string | null; country: CountryCode }) {
  if (matched <= 0) return null;
  return (
    <p className="match-raised">
      + {formatMoney(asMinor(matched), country)} matched by {sponsorName ?? 'sponsors'}
    </p>
  );
}
