import { type Minor, asMinor } from '@uplift/core/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Counted pledges of one (challenge, charity) pair of a campaign; amount in minor units. */
export type TotalsRow = { challenge_id: number; recipient_id: number; pledges: number; amount: Minor };

/**
 * A campaign's counted pledges, grouped by challenge and charity (product-rules §16):
 * Confirmed pledges with their confirmed totals, plus Cancelled ones that have at least one
 * Success payment, with the sum of those payments. Pending pledges never count. Succeeded refunds
 * of their payments come off the amounts (docs/decisions/132-refunds.md): money given is net.
 *
 * The Confirmed branch reads only the pledges index on (campaign_id, pledge_status, challenge_id,
 * recipient_id) and the covering partial index pledges_confirmed_totals_idx; the Cancelled branch
 * touches only cancelled pledges and their payments through payments_pledge_status_idx.
 */
export async function selectCampaignTotals(db: Pick<Db, 'execute'>, campaignId: number): Promise<TotalsRow[]> {
  const result = await db.execute<TotalsRow>(sql`
    select p.challenge_id, p.recipient_id, count(*)::int as pledges, sum(p.confirmed_amount)::bigint as amount
      from pledges p
     where p.campaign_id = ${campaignId} and p.pledge_status = 'Confirmed'
     group by p.challenge_id, p.recipient_id
    union all
    select p.challenge_id, p.recipient_id, count(*)::int as pledges, sum(paid.amount)::bigint as amount
      from pledges p
      cross join lateral (
        select sum(pay.amount) as amount
          from payments pay
         where pay.pledge_id = p.id and pay.payment_status = 'Success'
      ) paid
     where p.campaign_id = ${campaignId} and p.pledge_status = 'Cancelled' and paid.amount is not null
     group by p.challenge_id, p.recipient_id
    union all
    -- Money given back is not given: refunds of counted pledges come off (no pledge is added).
    select p.challenge_id, p.recipient_id, 0 as pledges, -sum(r.amount)::bigint as amount
      from refunds r
      join payments pay on pay.id = r.payment_id
      join pledges p on p.id = pay.pledge_id
     where p.campaign_id = ${campaignId} and p.pledge_status in ('Confirmed', 'Cancelled') and r.status = 'succeeded'
     group by p.challenge_id, p.recipient_id
  `);
  return result.rows.map((r) => ({
    challenge_id: Number(r.challenge_id),
    recipient_id: Number(r.recipient_id),
    pledges: Number(r.pledges),
    amount: asMinor(Number(r.amount)),
  }));
}

/** Friends' succeeded gifts of one charity of a campaign; amount in minor units. */
export type GiftTotalsRow = { recipient_id: number; gifts: number; amount: Minor };

/**
 * A campaign's friends' gifts (docs/decisions/140-leaderboards.md): the succeeded ones, by the
 * campaign and charity copied onto each gift when it was made (so a gift counts once, and stays
 * counted if its page is deleted or hidden). Read here, written only by the gifts module; through
 * the partial index gifts_campaign_succeeded_idx.
 */
export async function selectCampaignGiftTotals(db: Pick<Db, 'execute'>, campaignId: number): Promise<GiftTotalsRow[]> {
  const result = await db.execute<GiftTotalsRow>(sql`
    select recipient_id, count(*)::int as gifts, sum(amount)::bigint as amount
      from gifts
     where campaign_id = ${campaignId} and status = 'succeeded'
     group by recipient_id
  `);
  return result.rows.map((r) => ({ recipient_id: Number(r.recipient_id), gifts: Number(r.gifts), amount: asMinor(Number(r.amount)) }));
}
