import { COVER_SMALL_WIDTH } from '@uplift/core/page-backing';
import type { PageCover } from '@uplift/core/schemas/challenge-pages';

/**
 * A page's wide cover (docs/decisions/166): AVIF where the browser reads it, WebP otherwise, 750 or
 * 1500 px wide as the screen needs; its width and height are in the markup and its box is 3:1, so
 * nothing moves as it loads.
 */
export function PageCoverPicture({ cover, className = 'cp-banner' }: { cover: PageCover; className?: string }) {
  const small = Math.min(COVER_SMALL_WIDTH, cover.width);
  const set = (smallUrl: string, fullUrl: string) => (small < cover.width ? `${smallUrl} ${small}w, ${fullUrl} ${cover.width}w` : `${fullUrl} ${cover.width}w`);
  const sizes = '(min-width: 1200px) 1200px, 100vw';
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={set(cover.avif_small, cover.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={set(cover.webp_small, cover.webp)} sizes={sizes} />
      <img src={cover.webp} alt="" width={cover.width} height={cover.height} fetchPriority="high" decoding="async" />
    </picture>
  );
}
