import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import ICAL from 'ical.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

/** The text of a PDF, read with pdf.js (Mozilla's parser): it opens, or this throws. */
export async function pdfText(data: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(data), useSystemFonts: false, standardFontDataUrl });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await task.destroy();
  return pages.join('\n').replace(/[ \t]+/g, ' ');
}

/**
 * An .ics file read with ical.js: it parses, or this throws. One line per event (its all-day
 * date as YYYY-MM-DD, summary and description), after the calendar's time zone.
 */
export function icsText(body: string): { text: string; dates: string[] } {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
  const dates = events.map((e) => e.startDate.toString());
  const lines = events.map((e, i) => `${dates[i]} ${e.summary} ${e.description}`);
  return { text: [String(calendar.getFirstPropertyValue('x-wr-timezone') ?? ''), ...lines].join('\n'), dates };
}

/** npm run billing -- --as-of DATE, against the app's own embedded database and mail sink. */
export function runBilling(asOf: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/api/src/cli/billing.ts', '--as-of', asOf], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: process.env.E2E_DATA_DIR!,
        EMBEDDED_PG_PORT: process.env.E2E_PG_PORT!,
        SMTP_URL: process.env.E2E_SMTP_URL!,
        LOG_LEVEL: 'warn',
        STRIPE_SECRET_KEY: '',
        STRIPE_PUBLISHABLE_KEY: '',
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * A PNG's size (IHDR) and its uncompressed iTXt texts by keyword — the preview card carries its
 * words there. Written here rather than imported from the API, so the sweep reads the file on its own.
 */
export function pngFacts(png: Buffer): { width: number; height: number; texts: Record<string, string> } {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  const texts: Record<string, string> = {};
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
    if (png.toString('latin1', at + 4, at + 8) !== 'iTXt') continue;
    const data = png.subarray(at + 8, at + 8 + png.readUInt32BE(at));
    // keyword NUL, compression flag and method, language tag NUL, translated keyword NUL, text
    const keywordEnd = data.indexOf(0);
    const textStart = data.indexOf(0, data.indexOf(0, keywordEnd + 3) + 1) + 1;
    if (data[keywordEnd + 1] === 0) texts[data.toString('latin1', 0, keywordEnd)] = data.toString('utf8', textStart);
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), texts };
}
