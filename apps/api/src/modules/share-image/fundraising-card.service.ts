import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { countPublicFundraisingPaths, findPageCardFigures, findTeamCardFigures, listPublicFundraisingPaths } from './fundraising-card.repository.ts';
import { renderFundraisingCard } from './fundraising-card.render.ts';
import { fundraisingCardLines, fundraisingCardText, type FundraisingCardText } from './fundraising-card.text.ts';
import { SHARE_CARD_SIZE } from './share-card.render.ts';
import type { ShareImageDeps, ShareImageMeta } from './share-image.service.ts';

// Preview cards of challenge pages and teams (docs/decisions/143-share-cards-and-sitemap.md).

export type FundraisingKind = 'page' | 'team';

/** How many rendered page/team cards an instance keeps in memory (each ~40 KB); the rest are rendered again when asked. */
export const FUNDRAISING_CARDS_KEPT = 200;

/** `/share-image/page-{slug}-{version}.png` / `/share-image/team-{slug}-{version}.png` */
export const fundraisingCardPath = (kind: FundraisingKind, slug: string, version: string) => `/share-image/${kind}-${slug}-${version}.png`;

/** The file name of a page's or team's card: kind, slug (the slug rule of fundraising.table.ts), 16 hex of version. */
export const FUNDRAISING_CARD_FILE = /^(page|team)-([a-z0-9][a-z0-9-]{1,38}[a-z0-9])-([0-9a-f]{16})\.png$/;

type Described = { text: FundraisingCardText; lines: string[]; version: string };

/**
 * A public page's or team's card as it is now: its words and their version (a hash of every drawn
 * word, the bar's length following from the figures drawn); undefined when the page or team is not
 * public (a draft, hidden by its owner or an admin, or unknown). Read fresh each time: a gift shows
 * on the next card.
 */
async function describe(deps: ShareImageDeps, kind: FundraisingKind, slug: string): Promise<Described | undefined> {
  const figures = kind === 'page' ? await findPageCardFigures(deps.db, slug) : await findTeamCardFigures(deps.db, slug);
  if (!figures) return undefined;
  const text = fundraisingCardText(figures);
  const lines = fundraisingCardLines(text);
  const version = createHash('sha256').update(`${kind}\n${slug}\n${lines.join('\n')}`).digest('hex').slice(0, 16);
  return { text, lines, version };
}

/** What a public page's or team's head names as its og:image; undefined when it is not public. */
export async function fundraisingShareImage(deps: ShareImageDeps, kind: FundraisingKind, slug: string): Promise<ShareImageMeta | undefined> {
  const card = await describe(deps, kind, slug);
  if (!card) return undefined;
  return { url: `${deps.appUrl}${fundraisingCardPath(kind, slug, card.version)}`, ...SHARE_CARD_SIZE, alt: card.lines.join('. ').replace(/\.\./g, '.') };
}

/**
 * The card's PNG, and whether the version asked for is the current one (then its URL may be cached
 * for good); an older version gets today's card. Undefined when the page or team is not public.
 */
export async function fundraisingCard(
  deps: ShareImageDeps,
  kind: FundraisingKind,
  slug: string,
  askedVersion: string,
): Promise<{ png: Buffer; version: string; current: boolean } | undefined> {
  const card = await describe(deps, kind, slug);
  if (!card) return undefined;
  const cache = deps.cache.fundraising;
  const key = `${kind}-${slug}-${card.version}`;
  let png = cache.get(key);
  if (png) {
    cache.delete(key); // re-inserted below: the Map's order is the order of use
  } else {
    png = renderFundraisingCard(card.text);
    const failed = png;
    png.catch(() => {
      if (cache.get(key) === failed) cache.delete(key);
    });
  }
  cache.set(key, png);
  while (cache.size > FUNDRAISING_CARDS_KEPT) cache.delete(cache.keys().next().value!);
  return { png: await png, version: card.version, current: card.version === askedVersion };
}

/** The sitemap's share of public pages and teams (docs/decisions/143): how many, and a slice of their paths in a stable order. */
export function publicFundraisingPaths(db: Executor): { count: () => Promise<number>; list: (offset: number, limit: number) => Promise<string[]> } {
  return { count: () => countPublicFundraisingPaths(db), list: (offset, limit) => listPublicFundraisingPaths(db, offset, limit) };
}
