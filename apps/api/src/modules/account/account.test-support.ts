import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

/** Every line of text of a PDF, read with pdf.js (Mozilla's parser), pages joined. */
export async function pdfText(data: Buffer | Uint8Array): Promise<string> {
  const task = getDocument({ data: new Uint8Array(data), useSystemFonts: false, standardFontDataUrl });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await task.destroy();
  return pages.join('\n').replace(/[ \t]+/g, ' ');
}
