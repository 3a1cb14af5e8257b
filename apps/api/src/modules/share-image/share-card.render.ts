import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { withPngText } from './png-text.ts';
import { shareCardLines, type ShareCardText } from './share-card.text.ts';

/** The size Facebook, X and LinkedIn recommend for a large preview card. */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
/** The PNG's iTXt keyword holding the card's words (PNG's registered "Description"). */
export const SHARE_CARD_TEXT_KEYWORD = 'Description';

// Inter from an npm package (no network at run time); satori reads WOFF, not WOFF2.
const require = createRequire(import.meta.url);
const font = (weight: 400 | 700) => readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
export const loadFonts = () =>
  (fonts ??= [
    { name: 'Inter', data: font(400), weight: 400, style: 'normal' },
    { name: 'Inter', data: font(700), weight: 700, style: 'normal' },
  ]);

// The site's brand colours (apps/web/src/styles.css); white and the amber on the brand green
// both pass 4.5:1.
export const BRAND_GREEN = '#0b5d4b';
export const AMBER = '#f5b400';
export const PAD_X = 72;
export const PAD_Y = 64;

export type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node[] | string } };
export const div = (style: Record<string, unknown>, children: Node[] | string): Node => ({ type: 'div', props: { style: { display: 'flex', ...style }, children } });

function layout(text: ShareCardText): Node {
  const figures: Node[] = [];
  if (text.pledges) figures.push(div({ fontSize: 56, fontWeight: 700 }, text.pledges));
  if (text.amount) figures.push(div({ fontSize: 56, fontWeight: 700, color: AMBER }, text.amount));
  return div(
    // Satori adds padding to a percentage size, so the content box is sized to leave room for it.
    { width: SHARE_CARD_SIZE.width - 2 * PAD_X, height: SHARE_CARD_SIZE.height - 2 * PAD_Y, flexDirection: 'column', justifyContent: 'space-between', padding: `${PAD_Y}px ${PAD_X}px`, background: BRAND_GREEN, color: '#ffffff', fontFamily: 'Inter' },
    [
      div({ flexDirection: 'column' }, [
        div({ fontSize: 34, fontWeight: 400, opacity: 0.9 }, text.kicker),
        // A donor's milestone: an amber badge above the campaign's name.
        ...(text.badge
          ? [div({ marginTop: 20, alignSelf: 'flex-start', padding: '10px 28px', borderRadius: 999, background: AMBER, color: BRAND_GREEN, fontSize: 40, fontWeight: 700 }, text.badge)]
          : []),
        // A long campaign name steps down a size so the figures keep their room.
        div({ fontSize: text.heading.length > 32 ? 60 : 80, fontWeight: 700, lineHeight: 1.1, marginTop: 20, maxWidth: SHARE_CARD_SIZE.width - 2 * PAD_X }, text.heading),
      ]),
      div({ flexDirection: 'column' }, figures),
      div({ fontSize: 32, fontWeight: 400 }, text.tagline),
    ],
  );
}

/** The 1200×630 PNG preview card, with its words also embedded as text (SHARE_CARD_TEXT_KEYWORD). */
export async function renderShareCard(text: ShareCardText): Promise<Buffer> {
  const svg = await satori(layout(text) as Parameters<typeof satori>[0], { ...SHARE_CARD_SIZE, fonts: loadFonts() });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: SHARE_CARD_SIZE.width } }).render().asPng();
  return withPngText(png, SHARE_CARD_TEXT_KEYWORD, shareCardLines(text).join('\n'));
}
