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
