import type { CampaignPhoto } from '@uplift/core/schemas/campaign';

type Props = {
  photo: CampaignPhoto;
  className: string;
  /** The `sizes` of its srcsets: how wide it is drawn. */
  sizes: string;
  /** Empty where the photo only decorates words that already say it (a choice card's). */
  alt?: string;
};

/**
 * A campaign's hero photo on a card (docs/decisions/170; the landing's hero writes its own): AVIF where the browser reads it, WebP otherwise, at
 * the width it is drawn. Its width and height are the photo's own, so its box is known before a
 * byte of it arrives and nothing moves when it does; the stylesheet sets the box's aspect ratio.
 */
export function CampaignPicture({ photo, className, sizes, alt = photo.alt }: Props) {
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={photo.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
      <img
        src={photo.url}
        alt={alt}
        width={photo.width}
        height={photo.height}
        decoding="async"
        loading="lazy"
      />
    </picture>
  );
}
