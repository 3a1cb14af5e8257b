import type { Campaign } from '@uplift/core/schemas/campaign';
import type { Payment } from '@uplift/core/schemas/payment';
import { asMinor, fromMinor } from '@uplift/core/money';
import { actionFor } from '@uplift/core/payment-failures';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { findCampaignById, toCampaignJson } from '../campaigns/index.ts';
import { findClosestPledge, pledgeErrors } from '../pledges/index.ts';
import { paymentsOfPledgeWithCards as listPaymentsOfPledge } from '../payments/index.ts';

// The donor's view of their pledge (product-rules §2 Summary, §7): reads only; the pledge itself changes
// in modules/pledges. "The user's pledge" is always the closest one, chosen exactly as
// GET /api/pledge/closest chooses it.

export type SummaryDeps = { db: Db; clock: Clock };

/** GET /api/payment/: the payments of the user's closest pledge (none yet: an empty list). */
export async function listClosestPayments(deps: SummaryDeps, userId: number): Promise<Payment[]> {
  const pledge = await findClosestPledge(deps.db, userId, deps.clock.now());
  if (!pledge) return [];
  const rows = await listPaymentsOfPledge(deps.db, pledge.id, userId);
  // A failed week of a live pledge says what the donor can do about it (docs/decisions/045).
  const live = pledge.pledge_status === 'Confirmed';
  return rows.map((p) => ({
    ...p,
    amount: fromMinor(p.amount),
    refunded: fromMinor(asMinor(Number(p.refunded))),
    fee_cover: fromMinor(p.fee_cover),
    action: live && p.payment_status === 'Failed' ? actionFor(p.failure_reason) : null,
  }));
}

/** GET /api/campaign/closest: the campaign of the user's closest pledge. */
export async function closestPledgeCampaign(deps: SummaryDeps, userId: number): Promise<Campaign> {
  const pledge = await findClosestPledge(deps.db, userId, deps.clock.now());
  const campaign = pledge && (await findCampaignById(deps.db, pledge.campaign_id));
  if (!campaign) throw pledgeErrors.none();
  return toCampaignJson(campaign);
}
