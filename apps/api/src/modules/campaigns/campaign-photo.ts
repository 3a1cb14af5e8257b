import {
  HERO_PHOTO_MAX_BYTES,
  HERO_PHOTO_MAX_PIXELS,
  HERO_PHOTO_MIN_HEIGHT,
  HERO_PHOTO_MIN_WIDTH,
  HERO_PHOTO_WIDTHS,
  type CampaignPhoto,
} from '@uplift/core/schemas/campaign';
import { readPhotoSet, type PhotoSet } from '../../images/photo.ts';
import { campaignErrors } from './campaigns.errors.ts';

// A campaign's hero photo (docs/decisions/170): the shared pipeline of images/photo.ts (type from
// the bytes, header before decoding, re-encoded without metadata) with a hero's limits, made into
// AVIF and WebP at each of HERO_PHOTO_WIDTHS for the landing's and the wizard's srcset.

export type { PhotoSet };
export type PhotoFormat = 'avif' | 'webp';

/** Decodes, checks and re-encodes an uploaded hero photo; the campaigns' 400 naming the photo otherwise. */
export function readHeroPhoto(base64: string): Promise<PhotoSet> {
  return readPhotoSet(base64, {
    maxBytes: HERO_PHOTO_MAX_BYTES,
    maxPixels: HERO_PHOTO_MAX_PIXELS,
    minWidth: HERO_PHOTO_MIN_WIDTH,
    minHeight: HERO_PHOTO_MIN_HEIGHT,
    widths: HERO_PHOTO_WIDTHS,
    errors: {
      unreadable: () => campaignErrors.photoUnreadable(),
      tooLarge: () => campaignErrors.photoTooLarge(),
      type: () => campaignErrors.photoType(),
      tooManyPixels: () => campaignErrors.photoTooManyPixels(),
      tooSmall: () => campaignErrors.photoTooSmall(),
    },
  });
}

/** Where one rendition is served; the hash makes a new photo a new address, so it is cached for good. */
export function heroPhotoUrl(campaignId: number, sha256: string, format: PhotoFormat, width: number): string {
  return `/api/campaign/${campaignId}/photo?format=${format}&w=${width}&v=${sha256.slice(0, 16)}`;
}

/** The widths a photo of `width` px was stored at: each of HERO_PHOTO_WIDTHS below it, and its own. */
export function storedWidths(width: number): number[] {
  return [...HERO_PHOTO_WIDTHS.filter((w) => w < width), width];
}

/** What a campaign's answer says of its photo (never the bytes); null while it has none. */
export function heroPhotoJson(row: { id: number; photo_sha256: string | null; photo_alt: string | null; photo_width: number | null; photo_height: number | null }): CampaignPhoto | null {
  if (row.photo_sha256 === null || row.photo_alt === null || row.photo_width === null || row.photo_height === null) return null;
  const { id, photo_sha256: sha } = row;
  const widths = storedWidths(row.photo_width);
  const srcset = (format: PhotoFormat) => widths.map((w) => `${heroPhotoUrl(id, sha, format, w)} ${w}w`).join(', ');
  return {
    alt: row.photo_alt,
    width: row.photo_width,
    height: row.photo_height,
    url: heroPhotoUrl(id, sha, 'webp', row.photo_width),
    avif: srcset('avif'),
    webp: srcset('webp'),
  };
}
