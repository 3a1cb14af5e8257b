import { PHOTO_CARD_WIDTH, PHOTO_FULL_WIDTH, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from '@uplift/core/schemas/admin-charities';
import { COVER_ASPECT, COVER_FULL_WIDTH, COVER_MIN_HEIGHT, COVER_MIN_WIDTH, COVER_SMALL_WIDTH, PAGE_PHOTO_MIN_HEIGHT, PAGE_PHOTO_MIN_WIDTH } from '@uplift/core/schemas/challenge-pages';
import { readPhoto, type Photo, type PhotoRules } from '../../images/photo.ts';
import { pageErrors } from './challenge-pages.errors.ts';

// A page's or a team's photo (docs/decisions/139-fundraising-photos.md): the charity photos'
// pipeline (images/photo.ts) with a person's smaller minimum, 200 × 200.

const PAGE_PHOTO: PhotoRules = {
  maxBytes: PHOTO_MAX_BYTES,
  maxPixels: PHOTO_MAX_PIXELS,
  minWidth: PAGE_PHOTO_MIN_WIDTH,
  minHeight: PAGE_PHOTO_MIN_HEIGHT,
  fullWidth: PHOTO_FULL_WIDTH,
  cardWidth: PHOTO_CARD_WIDTH,
  errors: {
    unreadable: () => pageErrors.photoUnreadable(),
    tooLarge: () => pageErrors.photoTooLarge(),
    type: () => pageErrors.photoType(),
    tooManyPixels: () => pageErrors.photoTooManyPixels(),
    tooSmall: () => pageErrors.photoTooSmall(),
  },
};

/** Decodes, checks and re-encodes an uploaded page or team photo; a 400 naming the photo otherwise. */
export function readPagePhoto(base64: string): Promise<Photo> {
  return readPhoto(base64, PAGE_PHOTO);
}

const PAGE_COVER: PhotoRules = {
  maxBytes: PHOTO_MAX_BYTES,
  maxPixels: PHOTO_MAX_PIXELS,
  minWidth: COVER_MIN_WIDTH,
  minHeight: COVER_MIN_HEIGHT,
  fullWidth: COVER_FULL_WIDTH,
  cardWidth: COVER_SMALL_WIDTH,
  cover: { aspect: COVER_ASPECT },
  errors: {
    unreadable: () => pageErrors.coverUnreadable(),
    tooLarge: () => pageErrors.coverTooLarge(),
    type: () => pageErrors.coverType(),
    tooManyPixels: () => pageErrors.coverTooManyPixels(),
    tooSmall: () => pageErrors.coverTooSmall(),
  },
};

/**
 * Decodes, checks and re-encodes a page's cover (docs/decisions/166): the photo pipeline with a
 * wide minimum (900 × 300), cropped about its centre to 3:1, as WebP and AVIF, 1500 and 750 px wide.
 */
export function readPageCover(base64: string): Promise<Photo> {
  return readPhoto(base64, PAGE_COVER);
}
