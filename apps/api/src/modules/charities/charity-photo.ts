import { createHash } from 'node:crypto';
import {
  PHOTO_CARD_WIDTH,
  PHOTO_FULL_WIDTH,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MIN_HEIGHT,
  PHOTO_MIN_WIDTH,
} from '@uplift/core/schemas/admin-charities';
import sharp, { type Metadata } from 'sharp';
import { charityErrors } from './charities.errors.ts';

// Charity photos (docs/decisions/129-charity-photos-and-stories.md): the type is read from the
// bytes; the image is decoded and encoded afresh, so what is stored and served is only pixels —
// upright (EXIF orientation applied), without EXIF, GPS, XMP or ICC metadata, as WebP.

export type PhotoSize = 'full' | 'card';
export type Photo = { data: Buffer; cardData: Buffer; sha256: string; width: number; height: number };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WEBP_QUALITY = 80;

function isAcceptedType(data: Buffer): boolean {
  const jpeg = data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  const png = data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE);
  const webp = data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP';
  return jpeg || png || webp;
}

/** EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its stored height. */
function uprightSize(meta: Metadata): { width: number; height: number } {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

async function encode(raw: Buffer, width: number) {
  return sharp(raw, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
    .rotate() // upright by its EXIF orientation
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
}

/**
 * Decodes, checks and re-encodes an uploaded photo: JPEG, PNG or WebP of at most 5 MB, at least
 * 600 × 400 upright, at most 40 megapixels; a 400 with a message naming the photo otherwise.
 */
export async function readPhoto(base64: string): Promise<Photo> {
  const compact = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64.test(compact)) throw charityErrors.photoUnreadable();
  const raw = Buffer.from(compact, 'base64');
  if (raw.length > PHOTO_MAX_BYTES) throw charityErrors.photoTooLarge();
  if (!isAcceptedType(raw)) throw charityErrors.photoType();

  let meta: Metadata;
  try {
    // Reads the header only: a picture too large to decode safely is refused before any decoding.
    meta = await sharp(raw).metadata();
  } catch {
    throw charityErrors.photoUnreadable();
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > PHOTO_MAX_PIXELS) throw charityErrors.photoTooManyPixels();
  const upright = uprightSize(meta);
  if (upright.width < PHOTO_MIN_WIDTH || upright.height < PHOTO_MIN_HEIGHT) throw charityErrors.photoTooSmall();

  try {
    const full = await encode(raw, PHOTO_FULL_WIDTH);
    const card = await encode(raw, PHOTO_CARD_WIDTH);
    return {
      data: full.data,
      cardData: card.data,
      sha256: createHash('sha256').update(full.data).digest('hex'),
      width: full.info.width,
      height: full.info.height,
    };
  } catch {
    // A header that reads but pixels that do not (a truncated or corrupt file).
    throw charityErrors.photoUnreadable();
  }
}

/** Where a stored photo is served; the hash makes a new photo a new address, so it can be cached for good. */
export function photoUrl(recipientId: number, sha256: string, size: PhotoSize): string {
  return `/api/recipient/${recipientId}/photo?size=${size}&v=${sha256.slice(0, 16)}`;
}
