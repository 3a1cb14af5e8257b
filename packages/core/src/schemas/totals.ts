import { z } from 'zod';

// GET /api/pledge/total/{kind}/{country}: the counted pledges of the country's closest campaign
// (product-rules §16). Amounts are decimal numbers of the country's currency.

/** The six totals endpoints; the -amount ones answer money, the others counts. */
export const TOTALS_KINDS = ['campaign', 'campaign-amount', 'challenge', 'challenge-amount', 'recipient', 'recipient-amount'] as const;
export type TotalsKind = (typeof TOTALS_KINDS)[number];

/** campaign and campaign-amount: one number, a bare JSON number. */
export const totalResponseSchema = z.number().min(0);

/**
 * challenge(-amount) and recipient(-amount): one number per challenge or charity, aligned with
 * /api/challenge/campaign/{country} and /api/recipient/campaign/{country} (ordered by id).
 */
export const totalsListResponseSchema = z.array(z.number().min(0));

/**
 * GET /api/gift/total/{country}: friends' succeeded gifts on challenge pages in the country's
 * closest campaign (docs/decisions/140-leaderboards.md), apart from the pledge totals (which count
 * pledges only, product-rules §16). Amounts are decimal numbers of the country's currency;
 * `recipient_amounts` is aligned with /api/recipient/campaign/{country}.
 */
export const giftTotalsResponseSchema = z
  .object({
    gifts: z.number().int().min(0),
    amount: z.number().min(0),
    recipient_amounts: z.array(z.number().min(0)),
    /** What sponsors' matches added in the campaign (decimal, net of releases): its own line, in no total (product-rules §23). */
    matched: z.number().min(0),
  })
  .meta({ id: 'GiftTotals' });
export type GiftTotals = z.infer<typeof giftTotalsResponseSchema>;
