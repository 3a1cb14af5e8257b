import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { DomainError } from '../errors.ts';

// Uploaded photos (docs/decisions/129-charity-photos-and-stories.md, 139-fundraising-photos.md):
// the type is read from the bytes; the header is read before any decoding, so a picture with too
// many pixels (a decompression bomb) is refused unread; the image is decoded and encoded afresh,
// so what is stored and served is only pixels — upright (EXIF orientation applied), without EXIF,
// GPS, XMP or ICC metadata, as WebP, in a full and a card size. Charities and challenge pages
// share this pipeline; each passes its own limits and its own error list's entries.

export type PhotoSize = 'full' | 'card';
export type Photo = { data: Buffer; cardData: Buffer; sha256: string; width: number; height: number; avifData?: Buffer; avifCardData?: Buffer };

/** What a caller accepts and how it answers each refusal. */
export type PhotoRules = {
  maxBytes: number;
  maxPixels: number;
  minWidth: number;
  minHeight: number;
  fullWidth: number;
  cardWidth: number;
  /**
   * A cover (docs/decisions/166): cropped about its centre to this width ÷ height, and encoded as
   * AVIF too, so a page can offer both in a <picture>.
   */
  cover?: { aspect: number };
  errors: {
    unreadable: () => DomainError;
    tooLarge: () => DomainError;
    type: () => DomainError;
    tooManyPixels: () => DomainError;
    tooSmall: () => DomainError;
  };
};

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

const AVIF_QUALITY = 55;

async function encode(raw: Buffer, width: number, maxPixels: number, crop?: { width: number; height: number }, format: 'webp' | 'avif' = 'webp') {
  const image = sharp(raw, { limitInputPixels: maxPixels, failOn: 'error' }).rotate(); // upright by its EXIF orientation
  const sized = crop ? image.resize({ width: crop.width, height: crop.height, fit: 'cover', position: 'centre' }) : image.resize({ width, withoutEnlargement: true });
  return (format === 'avif' ? sized.avif({ quality: AVIF_QUALITY, effort: 2 }) : sized.webp({ quality: WEBP_QUALITY })).toBuffer({ resolveWithObject: true });
}

/** A cover's size at `width` at most: the largest crop of the upright picture at the aspect, no larger than the picture. */
function coverSize(upright: { width: number; height: number }, aspect: number, width: number): { width: number; height: number } {
  const cropWidth = Math.min(upright.width, Math.floor(upright.height * aspect), width);
  return { width: cropWidth, height: Math.round(cropWidth / aspect) };
}

/** The checks of an upload, without the sizes a caller stores. */
type UploadRules = Omit<PhotoRules, 'fullWidth' | 'cardWidth'>;

/** The upload's bytes once its encoding, size, type and pixels pass the caller's rules. */
async function checkedBytes(base64: string, rules: UploadRules): Promise<{ raw: Buffer; upright: { width: number; height: number } }> {
  const { errors } = rules;
  const compact = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64.test(compact)) throw errors.unreadable();
  const raw = Buffer.from(compact, 'base64');
  if (raw.length > rules.maxBytes) throw errors.tooLarge();
  if (!isAcceptedType(raw)) throw errors.type();

  let meta: Metadata;
  try {
    // Reads the header only: a picture too large to decode safely is refused before any decoding,
    // with its own message (sharp's default limit would call a huge picture merely unreadable).
    meta = await sharp(raw, { limitInputPixels: false }).metadata();
  } catch {
    throw errors.unreadable();
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > rules.maxPixels) throw errors.tooManyPixels();
  const upright = uprightSize(meta);
  if (upright.width < rules.minWidth || upright.height < rules.minHeight) throw errors.tooSmall();
  return { raw, upright };
}

/**
 * Decodes, checks and re-encodes an uploaded photo (base64, a data: URL prefix allowed): JPEG, PNG
 * or WebP of at most `maxBytes`, at least `minWidth` × `minHeight` upright, at most `maxPixels`;
 * the caller's error otherwise.
 */
export async function readPhoto(base64: string, rules: PhotoRules): Promise<Photo> {
  const { errors } = rules;
  const { raw, upright } = await checkedBytes(base64, rules);
  try {
    if (rules.cover) {
      const fullSize = coverSize(upright, rules.cover.aspect, rules.fullWidth);
      const cardSize = coverSize(upright, rules.cover.aspect, rules.cardWidth);
      const [full, card, avif, avifCard] = await Promise.all([
        encode(raw, fullSize.width, rules.maxPixels, fullSize),
        encode(raw, cardSize.width, rules.maxPixels, cardSize),
        encode(raw, fullSize.width, rules.maxPixels, fullSize, 'avif'),
        encode(raw, cardSize.width, rules.maxPixels, cardSize, 'avif'),
      ]);
      return {
        data: full.data,
        cardData: card.data,
        avifData: avif.data,
        avifCardData: avifCard.data,
        sha256: createHash('sha256').update(full.data).digest('hex'),
        width: full.info.width,
        height: full.info.height,
      };
    }
    const full = await encode(raw, rules.fullWidth, rules.maxPixels);
    const card = await encode(raw, rules.cardWidth, rules.maxPixels);
    return {
      data: full.data,
      cardData: card.data,
      sha256: createHash('sha256').update(full.data).digest('hex'),
      width: full.info.width,
      height: full.info.height,
    };
  } catch {
    // A header that reads but pixels that do not (a truncated or corrupt file).
    throw errors.unreadable();
  }
}

/** One stored rendition of a responsive photo set. */
export type PhotoVariant = { format: 'avif' | 'webp'; width: number; height: number; data: Buffer };
export type PhotoSet = { variants: PhotoVariant[]; sha256: string; width: number; height: number };

/** A responsive set's AVIF quality: its widths are many, so a little smaller than a page cover's. */
const SET_AVIF_QUALITY = 50;

/**
 * The same checks as readPhoto, then the photo in every width of `widths` (never enlarged, so a
 * smaller photo yields fewer widths) as AVIF and WebP, for a `srcset` (docs/decisions/170). The
 * set's width and height are its largest rendition's; its hash covers every rendition.
 */
export async function readPhotoSet(base64: string, rules: UploadRules & { widths: readonly number[] }): Promise<PhotoSet> {
  const { raw } = await checkedBytes(base64, rules);
  try {
    const variants: PhotoVariant[] = [];
    const done = new Set<number>();
    for (const width of [...rules.widths].sort((a, b) => a - b)) {
      const base = () => sharp(raw, { limitInputPixels: rules.maxPixels, failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
      const webp = await base().webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      if (done.has(webp.info.width)) continue;
      done.add(webp.info.width);
      const avif = await base().avif({ quality: SET_AVIF_QUALITY, effort: 2 }).toBuffer({ resolveWithObject: true });
      variants.push({ format: 'webp', width: webp.info.width, height: webp.info.height, data: webp.data });
      variants.push({ format: 'avif', width: avif.info.width, height: avif.info.height, data: avif.data });
    }
    const hash = createHash('sha256');
    for (const v of variants) hash.update(v.data);
    const largest = variants[variants.length - 1]!;
    return { variants, sha256: hash.digest('hex'), width: largest.width, height: largest.height };
  } catch {
    throw rules.errors.unreadable();
  }
}
