import { createHash } from 'node:crypto';
import { LOGO_MAX_BYTES } from '@uplift/core/schemas/admin-charities';
import sanitizeHtml from 'sanitize-html';
import { charityErrors } from './charities.errors.ts';

// Charity logos (decision 053): the type is read from the bytes, never from a name or a header;
// SVG is rebuilt from an allow-list of drawing elements and attributes (no script, no event
// handler, no link, no external reference), and must still be at most 200 KB afterwards.

export type LogoType = 'image/png' | 'image/webp' | 'image/svg+xml';
export type Logo = { contentType: LogoType; data: Buffer; sha256: string };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const SVG_TAGS = [
  'svg', 'g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan',
  'defs', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'symbol', 'title', 'desc',
];
const SVG_ATTRIBUTES = [
  'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'd', 'points',
  'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'transform', 'id',
  'class', 'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'fx', 'fy',
  'clip-path', 'mask', 'preserveAspectRatio', 'font-family', 'font-size', 'font-weight', 'text-anchor',
  'dominant-baseline', 'letter-spacing', 'dx', 'dy', 'version', 'xmlns',
];
/** A reference to anything but a fragment of the same file (url(https://…), javascript:, data:). */
const EXTERNAL_REFERENCE = /url\s*\(\s*['"]?\s*(?!#)|javascript:|data:/i;

function sanitizeSvg(text: string): string {
  return sanitizeHtml(text, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    parser: { xmlMode: true },
    disallowedTagsMode: 'discard',
    // Dropped with everything inside them, not just unwrapped.
    nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'noscript', 'textarea', 'a', 'use', 'image'],
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(Object.entries(attribs).filter(([, value]) => !EXTERNAL_REFERENCE.test(value))),
      }),
      // An SVG shown through <img> needs its namespace.
      svg: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...Object.fromEntries(Object.entries(attribs).filter(([, value]) => !EXTERNAL_REFERENCE.test(value))),
          xmlns: 'http://www.w3.org/2000/svg',
        },
      }),
    },
  });
}

function looksLikeSvg(data: Buffer): boolean {
  // UTF-8 text (BOM allowed) whose first markup is an XML declaration, a comment, a doctype or <svg.
  const head = data.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return /^<(\?xml|!--|!DOCTYPE svg|svg[\s>])/i.test(head) && /<svg[\s>]/i.test(data.toString('utf8'));
}

function detect(data: Buffer): LogoType | undefined {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (looksLikeSvg(data)) return 'image/svg+xml';
  return undefined;
}

/** Decodes, checks and (for SVG) sanitises an uploaded logo; a 400 with a message otherwise. */
export function readLogo(base64: string): Logo {
  const compact = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw charityErrors.logoType();
  }
  const raw = Buffer.from(compact, 'base64');
  if (raw.length > LOGO_MAX_BYTES) throw charityErrors.logoTooLarge();
  const contentType = detect(raw);
  if (!contentType) throw charityErrors.logoType();
  let data = raw;
  if (contentType === 'image/svg+xml') {
    const clean = sanitizeSvg(raw.toString('utf8'));
    if (!/^<svg[\s>]/.test(clean.trimStart())) throw charityErrors.logoType();
    data = Buffer.from(clean, 'utf8');
    if (data.length > LOGO_MAX_BYTES) throw charityErrors.logoTooLarge();
  }
  return { contentType, data, sha256: createHash('sha256').update(data).digest('hex') };
}

/** Where a stored logo is served; the hash makes a new logo a new address, so it can be cached for good. */
export function logoUrl(recipientId: number, sha256: string): string {
  return `/api/recipient/${recipientId}/logo?v=${sha256.slice(0, 16)}`;
}
