// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The design tokens (docs/decisions/163-a-look-of-its-own.md): every text/background pair the
// stylesheets use together meets WCAG 2.2 AA in the light and in the dark palette, and no
// stylesheet but tokens.css writes a colour of its own.

const SRC = import.meta.dirname;
const TOKENS = path.join(SRC, 'tokens.css');

/** The custom properties of a `:root { … }` block. */
function properties(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of block.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)) out.set(m[1]!, m[2]!.trim());
  return out;
}

/** The light palette (the first `:root`) and the dark one (light, overridden by the dark media block's `:root`). */
export function palettes(css: string): { light: Map<string, string>; dark: Map<string, string> } {
  const noComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const darkAt = noComments.indexOf('@media (prefers-color-scheme: dark)');
  if (darkAt < 0) throw new Error('tokens.css has no dark palette');
  const rootBlock = (from: number) => {
    const start = noComments.indexOf(':root', from);
    const open = noComments.indexOf('{', start);
    return noComments.slice(open + 1, noComments.indexOf('}', open));
  };
  const light = properties(rootBlock(0));
  const dark = new Map([...light, ...properties(rootBlock(darkAt))]);
  return { light, dark };
}

type Rgb = [number, number, number];

function hex(value: string): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (!m) throw new Error(`${value} is not a #rgb or #rrggbb colour`);
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

/** WCAG 2.2 relative luminance and contrast ratio. */
const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
export const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** 4.5:1 for text (every pair is held to it, large text too); 3:1 for a control's edge, a bar or a focus ring. */
const TEXT = 4.5;
const UI = 3;

/** [foreground, background, minimum]: every pair the stylesheets draw together. */
const PAIRS: [string, string, number][] = [
  // Text on the page, on cards and on tinted panels and bands.
  ...['--paper', '--surface', '--sand', '--brand-light', '--accent-light'].flatMap((bg): [string, string, number][] => [
    ['--ink', bg, TEXT],
    ['--muted', bg, TEXT],
    ['--brand', bg, TEXT], // links, figures
    ['--brand-dark', bg, TEXT], // headings, badges
    ['--accent', bg, TEXT], // eyebrows, roles
    ['--danger', bg, TEXT],
    ['--field-border', bg, UI],
    ['--focus-color', bg, UI],
  ]),
  ['--success-ink', '--paper', TEXT],
  ['--success-ink', '--surface', TEXT],
  // Filled controls and badges.
  ['--on-brand', '--brand', TEXT],
  ['--on-brand', '--brand-strong', TEXT],
  ['--on-accent', '--accent', TEXT],
  ['--on-danger', '--danger', TEXT],
  ['--on-danger', '--danger-strong', TEXT],
  ['--on-sun', '--sun', TEXT],
  ['--danger', '--danger-bg', TEXT],
  ['--ink', '--info-bg', TEXT],
  ['--warn-ink', '--warn-bg', TEXT],
  ['--ink', '--neutral-bg', TEXT],
  ['--muted', '--neutral-bg', TEXT],
  ['--on-card-brand', '--card-visa', TEXT],
  ['--on-card-brand', '--card-amex', TEXT],
  // The deep band (footer, slides, pull quotes) and its focus ring.
  ['--on-deep', '--deep', TEXT],
  ['--on-deep-muted', '--deep', TEXT],
  ['--sun', '--deep', UI],
  // A filled bar or a selected tab's edge against the page and its track.
  ['--brand', '--track', UI],
  ['--brand', '--paper', UI],
  ['--map-neighbour', '--map-sea', 1], // decorative: the country is named in text beside the map
];

const css = readFileSync(TOKENS, 'utf8');
const { light, dark } = palettes(css);

describe('the design tokens', () => {
  for (const [scheme, palette] of [['light', light], ['dark', dark]] as const) {
    it.each(PAIRS)(`${scheme}: %s on %s meets %s:1`, (fg, bg, min) => {
      const ratio = contrast(hex(palette.get(fg)!), hex(palette.get(bg)!));
      expect(ratio, `${fg} ${palette.get(fg)} on ${bg} ${palette.get(bg)}`).toBeGreaterThanOrEqual(min);
    });
  }

  it('names every token a pair uses, in both palettes', () => {
    for (const name of PAIRS.flatMap(([fg, bg]) => [fg, bg])) {
      expect(light.has(name), name).toBe(true);
      expect(dark.has(name), name).toBe(true);
    }
  });

  it('gives the dark palette its own value for every colour the page is drawn with', () => {
    for (const name of ['--paper', '--surface', '--sand', '--ink', '--muted', '--brand', '--brand-dark', '--brand-light', '--on-brand', '--accent', '--danger', '--danger-bg']) {
      expect(dark.get(name), name).not.toBe(light.get(name));
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast(hex('#000'), hex('#fff'))).toBeCloseTo(21, 5);
    expect(contrast(hex('#777777'), hex('#ffffff'))).toBeCloseTo(4.48, 2);
  });
});

/** Every stylesheet of the web app but tokens.css. */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return stylesheets(full);
    return e.name.endsWith('.css') && full !== TOKENS ? [full] : [];
  });
}

/** The colours a stylesheet writes itself: hex, rgb(a), hsl(a) (comments aside). */
export function strayColours(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...code.matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/gi)].map((m) => m[0]);
}

describe('colours come from the tokens', () => {
  it('finds a stray colour (the check itself)', () => {
    expect(strayColours('.a { color: #fff; background: rgba(0, 0, 0, 0.2); } /* #123456 */ .b { color: var(--ink); }')).toEqual(['#fff', 'rgba(']);
    expect(strayColours('.a { color: var(--brand); } #main { margin: 0; }')).toEqual([]);
  });

  it.each(stylesheets(SRC).map((f) => [path.relative(SRC, f)]))('%s writes no colour of its own', (file) => {
    expect(strayColours(readFileSync(path.join(SRC, file), 'utf8')), `${file}: use a token from tokens.css`).toEqual([]);
  });
});

/** The `@font-face` rules of a stylesheet: family, file and the code points its unicode-range covers. */
export function fontFaces(source: string): { family: string; src: string; covers: (cp: number) => boolean }[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...code.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => {
    const family = /font-family:\s*'([^']+)'/.exec(body!)?.[1] ?? '';
    const src = /src:\s*([^;]+);/.exec(body!)?.[1] ?? '';
    const range = /unicode-range:\s*([^;]+);/.exec(body!)?.[1];
    const spans = (range ?? 'U+0-10FFFF').split(',').map((part) => {
      const [lo, hi] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)] as const;
    });
    return { family, src, covers: (cp: number) => spans.some(([lo, hi]) => cp >= lo && cp <= hi) };
  });
}

describe('the typefaces cover te reo Māori', () => {
  const faces = fontFaces(css);
  // Latin Extended-A (U+0100-017F) holds the macron vowels ā ē ī ō ū and their capitals.
  const latinExtA = Array.from({ length: 0x180 - 0x100 }, (_, i) => 0x100 + i);

  it('reads a face and its range (the check itself)', () => {
    const [face] = fontFaces("@font-face { font-family: 'X'; src: url(x.woff2); unicode-range: U+0000-00FF, U+0131; }");
    expect(face!.family).toBe('X');
    expect([0x41, 0xff, 0x131].every(face!.covers)).toBe(true);
    expect(face!.covers(0x101)).toBe(false);
  });

  it.each(['Source Sans 3', 'Fraunces'])('%s has a self-hosted face for every character of U+0100-017F', (family) => {
    const own = faces.filter((f) => f.family === family && f.src.includes('@fontsource-variable'));
    const missing = latinExtA.filter((cp) => !own.some((f) => f.covers(cp)));
    expect(missing.map((cp) => String.fromCodePoint(cp)).join(''), `${family}: no face covers these`).toBe('');
    expect('āēīōūĀĒĪŌŪ'.split('').every((ch) => own.some((f) => f.covers(ch.codePointAt(0)!)))).toBe(true);
  });

  it('keeps the latin-ext file out of a page that does not need it (a unicode-range apart from latin)', () => {
    const ext = faces.filter((f) => f.src.includes('latin-ext'));
    expect(ext).toHaveLength(2);
    for (const face of ext) expect(face.covers(0x41), face.src).toBe(false);
  });
});
