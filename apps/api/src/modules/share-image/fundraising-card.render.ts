import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { withPngText } from './png-text.ts';
import { AMBER, BRAND_GREEN, div, loadFonts, type Node, PAD_X, PAD_Y, SHARE_CARD_SIZE, SHARE_CARD_TEXT_KEYWORD } from './share-card.render.ts';
import { fundraisingCardLines, type FundraisingCardText } from './fundraising-card.text.ts';

// A challenge page's or a team's 1200×630 preview card: the landing card's green and Inter, the
// name, the challenge, and raised against the goal with a bar (docs/decisions/143).

// People's names need more than Latin-1 ("Tāne", "Łukasz"): Inter's latin-ext subset after the landing's
// fonts, under its own family name, which satori falls back to for a glyph the first lacks.
const require = createRequire(import.meta.url);
const extFont = (weight: 400 | 700) => ({
  name: 'Inter Latin Ext',
  data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-ext-${weight}-normal.woff`)),
  weight,
  style: 'normal' as const,
});
let fonts: ReturnType<typeof loadFonts> | undefined;
const loadCardFonts = () => (fonts ??= [...loadFonts(), extFont(400), extFont(700)]);

const BAR_WIDTH = SHARE_CARD_SIZE.width - 2 * PAD_X;

function layout(text: FundraisingCardText): Node {
  // Satori draws strings as text nodes (never markup), so a name like "<b>Sam</b>" is drawn as written.
  return div(
    { width: BAR_WIDTH, height: SHARE_CARD_SIZE.height - 2 * PAD_Y, flexDirection: 'column', justifyContent: 'space-between', padding: `${PAD_Y}px ${PAD_X}px`, background: BRAND_GREEN, color: '#ffffff', fontFamily: 'Inter' },
    [
      div({ flexDirection: 'column' }, [
        div({ fontSize: 30, fontWeight: 400, opacity: 0.9 }, text.kicker),
        div({ fontSize: text.heading.length > 28 ? 56 : 76, fontWeight: 700, lineHeight: 1.1, marginTop: 16, maxWidth: BAR_WIDTH }, text.heading),
        div({ fontSize: 36, fontWeight: 400, marginTop: 12, maxWidth: BAR_WIDTH }, text.challenge),
      ]),
      div({ flexDirection: 'column' }, [
        div({ fontSize: 52, fontWeight: 700, color: AMBER }, text.raised),
        // The bar: a white track, filled amber to the share of the goal raised.
        div({ marginTop: 16, width: BAR_WIDTH, height: 24, borderRadius: 12, background: 'rgba(255,255,255,0.25)' }, [
          div({ width: Math.round(BAR_WIDTH * text.progress), height: 24, borderRadius: 12, background: AMBER }, []),
        ]),
        div({ fontSize: 30, fontWeight: 400, marginTop: 12 }, text.goal),
      ]),
      div({ fontSize: 28, fontWeight: 400, opacity: 0.9 }, text.tagline),
    ],
  );
}

/** The card as PNG, its words embedded as text (SHARE_CARD_TEXT_KEYWORD) like the landing's. */
export async function renderFundraisingCard(text: FundraisingCardText): Promise<Buffer> {
  const svg = await satori(layout(text) as Parameters<typeof satori>[0], { ...SHARE_CARD_SIZE, fonts: loadCardFonts() });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: SHARE_CARD_SIZE.width } }).render().asPng();
  return withPngText(png, SHARE_CARD_TEXT_KEYWORD, fundraisingCardLines(text).join('\n'));
}
