// `node scripts/font-fallback-metrics.ts`: the metric overrides of the local fallback faces in
// apps/web/src/fonts.css (decision 163). Each web font, at the weight the app uses it, is compared
// with the local face it falls back to (Arial and Times New Roman, whose metrics Liberation Sans
// and Liberation Serif copy): size-adjust makes a line of ordinary English text as wide in both,
// and the ascent, descent and line-gap overrides put the fallback's glyphs where the web font's
// sit, so the swap from one to the other moves nothing. Run it again after changing a font.
// Widths are measured by Chromium itself (the variable fonts at their weight); the vertical
// metrics are read from the font files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as fontkit from 'fontkit';

const ROOT = path.resolve(import.meta.dirname, '..');
const SAMPLE = 'Give up a little for a month. Lift up a lot. The quick brown fox jumps over the lazy dog, 1234567890 $ raised of pledged';

type Face = { file: string; variation?: Record<string, number> };
type Pair = { name: string; weights: string; web: Face; local: Face; localNames: string[] };

const fontsource = (pkg: string, file: string) => path.join(ROOT, 'node_modules/@fontsource-variable', pkg, 'files', file);
const liberation = (file: string) => path.join('/usr/share/fonts/truetype/liberation', file);

const PAIRS: Pair[] = [
  { name: 'Uplift Sans Fallback', weights: '100 549', web: { file: fontsource('source-sans-3', 'source-sans-3-latin-wght-normal.woff2'), variation: { wght: 400 } }, local: { file: liberation('LiberationSans-Regular.ttf') }, localNames: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'] },
  { name: 'Uplift Sans Fallback', weights: '550 900', web: { file: fontsource('source-sans-3', 'source-sans-3-latin-wght-normal.woff2'), variation: { wght: 600 } }, local: { file: liberation('LiberationSans-Bold.ttf') }, localNames: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'] },
  { name: 'Uplift Display Fallback', weights: '100 900', web: { file: fontsource('fraunces', 'fraunces-latin-wght-normal.woff2'), variation: { wght: 600 } }, local: { file: liberation('LiberationSerif-Bold.ttf') }, localNames: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'LiberationSerif-Bold'] },
];

type Vertical = { ascent: number; descent: number; lineGap: number };

function vertical(file: string): Vertical {
  const font = fontkit.openSync(file) as fontkit.Font;
  const upm = font.unitsPerEm;
  return { ascent: font.ascent / upm, descent: Math.abs(font.descent) / upm, lineGap: font.lineGap / upm };
}

/** The width of SAMPLE at 100 px in each face, as Chromium draws it. */
async function widths(faces: { file: string; weight: number }[]): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const sources = faces.map((f) => ({ url: `data:font/${path.extname(f.file).slice(1)};base64,${readFileSync(f.file).toString('base64')}`, weight: f.weight }));
    return await page.evaluate(
      async ({ sources, sample }) => {
        const out: number[] = [];
        for (const [i, s] of sources.entries()) {
          const face = new FontFace(`probe${i}`, `url(${s.url})`, { weight: '100 900' });
          document.fonts.add(await face.load());
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = `${s.weight} 100px probe${i}`;
          out.push(ctx.measureText(sample).width / 100);
        }
        return out;
      },
      { sources, sample: SAMPLE },
    );
  } finally {
    await browser.close();
  }
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const measured = await widths(PAIRS.flatMap((p) => [{ file: p.web.file, weight: p.web.variation?.wght ?? 400 }, { file: p.local.file, weight: 400 }]));
for (const [i, pair] of PAIRS.entries()) {
  const size = measured[2 * i]! / measured[2 * i + 1]!;
  const web = vertical(pair.web.file);
  process.stdout.write(
    `@font-face {\n  font-family: '${pair.name}';\n  src: ${pair.localNames.map((n) => `local('${n}')`).join(', ')};\n  font-weight: ${pair.weights};\n` +
      `  size-adjust: ${pct(size)};\n  ascent-override: ${pct(web.ascent / size)};\n  descent-override: ${pct(web.descent / size)};\n  line-gap-override: ${pct(web.lineGap / size)};\n}\n`,
  );
}
