import { asMinor, sumMinor } from '@uplift/core/money';
import { createHash } from 'node:crypto';
import type { CountryCode } from '@uplift/core/countries';
import type { Milestone } from '@uplift/core/milestones';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { findClosestCampaign } from '../campaigns/index.ts';
import { campaignPledged } from '../payments/index.ts';
import { createTtlCache, TOTALS_TTL_MS, type TtlCache } from '../totals/index.ts';
import { renderShareCard, SHARE_CARD_SIZE } from './share-card.render.ts';
import { type ShareCardFigures, shareCardLines, shareCardText, type ShareCardText } from './share-card.text.ts';

/** What a page's head needs to name a preview image (og:image, twitter:image). */
export type ShareImageMeta = { url: string; width: number; height: number; alt: string };
export type ShareImage = { png: Buffer; etag: string; text: ShareCardText };

/** `/share-image/NZ.png`, or with a donor's milestone badge `/share-image/NZ-halfway.png`. */
export const shareImagePath = (country: CountryCode, milestone?: Milestone) => `/share-image/${country}${milestone ? `-${milestone}` : ''}.png`;

async function readFigures(db: Db, country: CountryCode, now: Date): Promise<ShareCardFigures> {
  const campaign = await findClosestCampaign(db, country, now);
  if (!campaign) return { country, campaignName: null, pledges: 0, amountMinor: asMinor(0) };
  // The campaign's pledged, as the landing totals count it (product-rules §16, docs/decisions/146).
  const rows = await campaignPledged(db, campaign.id);
  return {
    country,
    campaignName: campaign.campaign_name,
    pledges: rows.reduce((sum, r) => sum + r.pledges, 0),
    amountMinor: sumMinor(rows.map((r) => r.amount)),
  };
}

/**
 * What the cards of an instance keep: each country's figures, read at most once per
 * TOTALS_TTL_MS like the totals the landing page shows, and each country's rendered card, reused
 * until its text changes. Built once per app (app.ts) and shared by the image route and the
 * pages' heads, so it lives as long as the app.
 */
export type ShareImageCache = {
  figures: TtlCache<CountryCode, ShareCardFigures>;
  /** By card: the country, and the badge when it has one ('NZ', 'NZ-halfway'). */
  rendered: Map<string, { version: string; png: Promise<Buffer> }>;
  /** Pages' and teams' cards by version (docs/decisions/143), the most recently used FUNDRAISING_CARDS_KEPT of them. */
  fundraising: Map<string, Promise<Buffer>>;
};

export function createShareImageCache(clock: Clock): ShareImageCache {
  return {
    figures: createTtlCache<CountryCode, ShareCardFigures>({ ttlMs: TOTALS_TTL_MS, now: () => clock.now().getTime() }),
    rendered: new Map(),
    fundraising: new Map(),
  };
}

export type ShareImageDeps = { db: Db; clock: Clock; appUrl: string; cache: ShareImageCache };

/**
 * The preview card of a country's closest campaign (docs/decisions/025): its text, and its
 * version (a hash of its text), which goes into the og:image URL, so a changed card is a new URL
 * to the networks' caches too.
 */
async function describeCard(deps: ShareImageDeps, country: CountryCode, milestone?: Milestone) {
  const text = shareCardText(await deps.cache.figures.get(country, () => readFigures(deps.db, country, deps.clock.now())), milestone);
  const lines = shareCardLines(text);
  return { text, lines, version: createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16) };
}

/** What a page's head names: the card's versioned URL, size and alt text. */
export async function shareImageMeta(deps: ShareImageDeps, country: CountryCode, milestone?: Milestone): Promise<ShareImageMeta> {
  const { lines, version } = await describeCard(deps, country, milestone);
  return { url: `${deps.appUrl}${shareImagePath(country, milestone)}?v=${version}`, ...SHARE_CARD_SIZE, alt: lines.join('. ').replace(/\.\./g, '.') };
}

/** The card itself: rendered on the first request for its figures and reused until they change. */
export async function shareImage(deps: ShareImageDeps, country: CountryCode, milestone?: Milestone): Promise<ShareImage> {
  const { text, version } = await describeCard(deps, country, milestone);
  const { rendered } = deps.cache;
  const key = milestone ? `${country}-${milestone}` : country;
  let entry = rendered.get(key);
  if (entry?.version !== version) {
    entry = { version, png: renderShareCard(text) };
    rendered.set(key, entry);
    const failed = entry;
    entry.png.catch(() => {
      if (rendered.get(key) === failed) rendered.delete(key);
    });
  }
  return { png: await entry.png, etag: `"${version}"`, text };
}
