import type { PublicMatch } from '@uplift/core/schemas/match';
import { useState } from 'react';
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
 * The sponsor's logo as our server stores it (docs/decisions/169): loaded lazily, its box set so
 * nothing moves as it loads; left out if it does not load (the sponsor is named in the line).
 */
export function SponsorLogo({ match, decorative = false }: { match: PublicMatch; decorative?: boolean }) {
  const [failed, setFailed] = useState(false);
  const box = logoBox(match);
  if (!box || failed) return null;
  return (
    <img
      className="match-logo"
      src={match.sponsor_logo_url!}
      alt={decorative ? '' : match.sponsor_name}
      width={box.width}
      height={box.height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** For React.lazy: the logo beside the matched line, once the page has started (matched-line.tsx). */
export default SponsorLogo;
