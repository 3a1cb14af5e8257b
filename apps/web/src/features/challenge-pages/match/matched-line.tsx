import type { CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { PublicMatch } from '@uplift/core/schemas/match';
import './match-offer.css';

/** How high a logo is shown, and how wide at most (CSS px). */
const LOGO_HEIGHT = 32;
const LOGO_MAX_WIDTH = 128;

/**
 * The size a stored logo is shown at: 32 px high, at most 128 px wide, its own proportions, so the
 * browser keeps its room before it loads (no layout shift). Null without a logo.
 */
export function logoBox(match: Pick<PublicMatch, 'sponsor_logo_url' | 'sponsor_logo_width' | 'sponsor_logo_height'>): { width: number; height: number } | null {
  const { sponsor_logo_url: url, sponsor_logo_width: w, sponsor_logo_height: h } = match;
  if (!url || !w || !h) return null;
  const width = Math.round((LOGO_HEIGHT * w) / h);
  return width <= LOGO_MAX_WIDTH ? { width, height: LOGO_HEIGHT } : { width: LOGO_MAX_WIDTH, height: Math.max(1, Math.round((LOGO_MAX_WIDTH * h) / w)) };
}

/**
 * The match as its own line under "raised" ("+ $50.00 matched by Acme"): `raised.matched` is not
 * part of the total (product-rules §23). The sponsor is named, its logo beside the line, when the
 * page or team has a match to name; nothing is shown while nothing was matched. Apart from the offer
 * (match-offer.tsx) so a page's first load does not carry the offer's code (docs/decisions/165). The
 * logo is a plain lazy image at its stored size, held to the line's height by CSS (no layout shift).
 */
export function MatchedLine({ matched, match, country }: { matched: number; match: PublicMatch | null; country: CountryCode }) {
  if (matched <= 0) return null;
  const box = match && logoBox(match);
  return (
    <p className="match-raised">
      {box && <img className="match-logo" src={match.sponsor_logo_url!} alt="" width={box.width} height={box.height} loading="lazy" decoding="async" />}
      <span>
        + {formatMoney(asMinor(matched), country)} matched by {match?.sponsor_name ?? 'sponsors'}
      </span>
    </p>
  );
}
