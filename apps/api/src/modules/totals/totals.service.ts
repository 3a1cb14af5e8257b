import type { CountryCode } from '@uplift/core/countries';
import { type Minor, asMinor, fromMinor, sumMinor } from '@uplift/core/money';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { requireClosestCampaign } from '../campaigns/index.ts';
import { listCampaignChallenges } from '../challenges/index.ts';
import { listCampaignRecipients } from '../charities/index.ts';
import { campaignGifts, campaignMatched, campaignPledged, type PledgedRow } from '../payments/index.ts';
import { createTtlCache, type TtlCache } from './ttl-cache.ts';

/** A country's totals as the API speaks them: counts, and decimal amounts (not minor units). */
export type CountryTotals = {
  campaignId: number;
  pledges: number;
  amount: number;
  /** Aligned with GET /api/challenge/campaign/{country} (ordered by id). */
  challengeIds: number[];
  challengePledges: number[];
  challengeAmounts: number[];
  /** Aligned with GET /api/recipient/campaign/{country} (ordered by id). */
  recipientIds: number[];
  recipientPledges: number[];
  recipientAmounts: number[];
  /**
   * Friends' succeeded gifts on challenge pages (docs/decisions/140-leaderboards.md), apart from
   * the pledges above: product-rules §16 counts pledges only.
   */
  gifts: number;
  giftAmount: number;
  /** Aligned with recipientIds. */
  recipientGiftAmounts: number[];
  /** What sponsors' matches added (decimal), apart from every total above (product-rules §23). */
  matched: number;
};

/** Per id in `ids` (in that order), the pledges and minor amount of the rows with that id. */
function alignTo(ids: number[], rows: PledgedRow[], idOf: (r: PledgedRow) => number) {
  const sums = new Map<number, { pledges: number; amount: Minor }>();
  for (const row of rows) {
    const sum = sums.get(idOf(row)) ?? { pledges: 0, amount: asMinor(0) };
    sum.pledges += row.pledges;
    sum.amount = sumMinor([sum.amount, row.amount]);
    sums.set(idOf(row), sum);
  }
  return {
    pledges: ids.map((id) => sums.get(id)?.pledges ?? 0),
    amounts: ids.map((id) => fromMinor(sums.get(id)?.amount ?? asMinor(0))),
  };
}

/**
 * A country's totals: the closest campaign's pledged (product-rules §16) and friends' gifts, both
 * read through the ledger's published figures (payments' figures.sql.ts, docs/decisions/146).
 */
export async function computeCountryTotals(db: Db, country: CountryCode, now: Date): Promise<CountryTotals> {
  const campaign = await requireClosestCampaign(db, country, now);
  const [challengeRows, recipientRows, rows, giftFigures, matched] = await Promise.all([
    listCampaignChallenges(db, campaign.id),
    listCampaignRecipients(db, campaign),
    campaignPledged(db, campaign.id),
    campaignGifts(db, campaign.id, country),
    campaignMatched(db, campaign.id),
  ]);
  const giftRows = giftFigures.filter((g) => g.recipient_id !== null);
  const challengeIds = challengeRows.map((c) => c.id);
  const recipientIds = recipientRows.map((r) => r.id);
  const byChallenge = alignTo(challengeIds, rows, (r) => r.challenge_id);
  const byRecipient = alignTo(recipientIds, rows, (r) => r.recipient_id);
  // The campaign totals count every counted pledge, including any for a challenge or charity
  // the campaign no longer offers (an admin narrowed it after people pledged).
  const amountMinor = sumMinor(rows.map((r) => r.amount));
  return {
    campaignId: campaign.id,
    pledges: rows.reduce((sum, r) => sum + r.pledges, 0),
    amount: fromMinor(amountMinor),
    challengeIds,
    challengePledges: byChallenge.pledges,
    challengeAmounts: byChallenge.amounts,
    recipientIds,
    recipientPledges: byRecipient.pledges,
    recipientAmounts: byRecipient.amounts,
    gifts: giftRows.reduce((sum, g) => sum + g.gifts, 0),
    giftAmount: fromMinor(sumMinor(giftRows.map((g) => g.amount))),
    recipientGiftAmounts: recipientIds.map((id) => fromMinor(giftRows.find((g) => g.recipient_id === id)?.amount ?? asMinor(0))),
    matched: fromMinor(asMinor(matched)),
  };
}

/** How long an instance reuses a country's totals before reading them again. */
export const TOTALS_TTL_MS = 5_000;

/** The totals an instance keeps, per country: built once per app, so every request shares it. */
export type TotalsCache = TtlCache<CountryCode, CountryTotals>;

/** The cache's entries live TOTALS_TTL_MS on the app's clock, so tests move time on to see fresh figures. */
export function createTotalsCache(clock: Clock): TotalsCache {
  return createTtlCache<CountryCode, CountryTotals>({ ttlMs: TOTALS_TTL_MS, now: () => clock.now().getTime() });
}

export type TotalsDeps = { db: Db; clock: Clock; cache: TotalsCache };

/** A country's totals, read at most once per TOTALS_TTL_MS per instance: six endpoints share one computation. */
export function totalsForCountry(deps: TotalsDeps, country: CountryCode): Promise<CountryTotals> {
  return deps.cache.get(country, () => computeCountryTotals(deps.db, country, deps.clock.now()));
}

/** A campaign's pledged by challenge and charity: the ledger's published figure (kept under this name for its callers). */
export const selectCampaignTotals = campaignPledged;
