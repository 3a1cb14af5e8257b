import {
  PHOTO_CARD_WIDTH,
  PHOTO_FULL_WIDTH,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MIN_HEIGHT,
  PHOTO_MIN_WIDTH,
} from '@uplift/core/schemas/admin-charities';
import { readPhoto as readAnyPhoto, type Photo, type PhotoRules, type PhotoSize } from '../../images/photo.ts';
import { charityErrors } from './charities.errors.ts';

// Charity photos (docs/decisions/129-charity-photos-and-stories.md): the shared pipeline of
// images/photo.ts (type from the bytes, header before decoding, re-encoded as WebP without
// metadata) with a charity's limits and its error list.

export type { Photo, PhotoSize };

const CHARITY_PHOTO: PhotoRules = {
  maxBytes: PHOTO_MAX_BYTES,
  maxPixels: PHOTO_MAX_PIXELS,
  minWidth: PHOTO_MIN_WIDTH,
  minHeight: PHOTO_MIN_HEIGHT,
  fullWidth: PHOTO_FULL_WIDTH,
  cardWidth: PHOTO_CARD_WIDTH,
  errors: {
    unreadable: () => charityErrors.photoUnreadable(),
    tooLarge: () => charityErrors.photoTooLarge(),
    type: () => charityErrors.photoType(),
    tooManyPixels: () => charityErrors.photoTooManyPixels(),
    tooSmall: () => charityErrors.photoTooSmall(),
  },
};

/**
 * Decodes, checks and re-encodes an uploaded photo: JPEG, PNG or WebP of at most 5 MB, at least
 * 600 × 400 upright, at most 40 megapixels; a 400 with a message naming the photo otherwise.
 */
export function readPhoto(base64: string): Promise<Photo> {
  return readAnyPhoto(base64, CHARITY_PHOTO);
}

/** Where a stored photo is served; the hash makes a new photo a new address, so it can be cached for good. */
export function photoUrl(recipientId: number, sha256: string, size: PhotoSize): string {
  return `/api/recipient/${recipientId}/photo?size=${size}&v=${sha256.slice(0, 16)}`;
}
