import type { PublicMatch } from '@uplift/core/schemas/match';
import { useState } from 'react';
import { logoBox } from './matched-line';
import './match-offer.css';

export { logoBox };

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
