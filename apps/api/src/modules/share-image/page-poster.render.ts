import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { PosterFacts } from './page-poster.repository.ts';

// A page's QR code and its printable A4 poster for the office kitchen (docs/decisions/164): drawn on
// the server, so the page's own JavaScript carries neither a QR encoder nor a PDF writer.

/** The QR code of an address, as a PNG (about 600 px square) or an SVG. */
export function renderQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 600 });
}
export function renderQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}

// The poster embeds Source Sans 3, as the receipt does, so a macron prints as itself (Tāne, Māori).
const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('source-sans/package.json')), 'TTF');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const posterFonts = () =>
  (fonts ??= { regular: readFileSync(path.join(FONT_DIR, 'SourceSans3-Regular.ttf')), bold: readFileSync(path.join(FONT_DIR, 'SourceSans3-Bold.ttf')) });

/** The poster's one line: who does what, for whom. */
export const posterLine = (facts: PosterFacts) => `${facts.displayName} is giving up ${facts.challengeName.toLowerCase()} for four weeks for ${facts.charityName}.`;

/** A4 portrait: the page's photo (when it has one), its name, the QR code of `url` and one line. */
export async function renderPosterPdf(facts: PosterFacts, url: string, product: string): Promise<Buffer> {
  const [qr, photo] = await Promise.all([renderQrPng(url), facts.photo ? sharp(facts.photo).resize(600, 600, { fit: 'cover' }).png().toBuffer() : Promise.resolve(null)]);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${facts.displayName} on ${product}`, Author: product } });
  const { regular, bold } = posterFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  const centred = (text: string, font: 'regular' | 'bold', size: number, gap = 0.6) => {
    doc.font(font).fontSize(size).text(text.normalize('NFC'), 56, doc.y, { width, align: 'center' });
    doc.moveDown(gap);
  };
  centred(`Back ${facts.displayName}`, 'bold', 40);
  if (photo) {
    const side = 220;
    doc.image(photo, (doc.page.width - side) / 2, doc.y, { width: side, height: side });
    doc.y += side + 18;
  }
  centred(posterLine(facts), 'regular', 18, 1);
  const qrSide = photo ? 230 : 300;
  doc.image(qr, (doc.page.width - qrSide) / 2, doc.y, { width: qrSide, height: qrSide });
  doc.y += qrSide + 8;
  centred('Scan to give', 'bold', 20, 0.3);
  centred(url.replace(/^https?:\/\//, '').replace(/\?.*$/, ''), 'regular', 14);
  doc.end();
  return done;
}
