import { asMinor, type Minor } from '@uplift/core/money';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, challenges, payouts, recipients } from '../../db/schema.ts';


/** Figures in minor units, keyed by charity (recipient_id) or challenge (challenge_id). */
export type FigureRow = {
  recipient_id: number | null;
  challenge_id: number | null;
  pledges: number;
  donors: number;
  pledged: Minor;
  collected: Minor;
  /** Succeeded refunds of the Success payments (docs/decisions/132-refunds.md). */
  refunded: Minor;
  failed: Minor;
  cancelled: Minor;
  feeCover: Minor;
  fees: Minor;
};

/**
 * The campaign's pledges with their payment sums and whether the report counts them — THE one
 * definition of a counted pledge (decision 056): Confirmed, or Cancelled with a Success payment
 * (the public totals' rule). Pending pledges (no card saved) are left out. Two CTEs, `per_pledge`
 * and `counted`, for the figures and the per-day series alike.
 */
function countedPledges(campaignId: number, country: CountryCode) {
  const { percentBasisPoints, fixedMinor } = COUNTRIES[country].fee;
  return sql`
    per_pledge as (
      select p.user_id, p.challenge_id, p.recipient_id, p.pledge_status, p.confirmed_amount, p.confirmed_at, p.created_at,
             coalesce(sum(pay.amount) filter (where pay.payment_status = 'Success'), 0)::bigint as success,
             coalesce(sum(pay.amount) filter (where pay.payment_status = 'Failed'), 0)::bigint as failed,
             coalesce(sum(pay.amount) filter (where pay.payment_status = 'Cancelled'), 0)::bigint as cancelled,
             coalesce(sum(pay.fee_cover) filter (where pay.payment_status = 'Success'), 0)::bigint as fee_cover,
             -- The fee is taken on what was charged: the gift and its fee cover (docs/decisions/135).
             coalesce(sum((2::bigint * (pay.amount + pay.fee_cover) * ${percentBasisPoints}::int + 10000) / 20000 + ${fixedMinor}::int)
                        filter (where pay.payment_status = 'Success'), 0)::bigint as fees,
             -- Refunds are read here, written only by the ledger (docs/decisions/132-refunds.md).
             coalesce((select sum(r.amount) from refunds r join payments x on x.id = r.payment_id
                        where x.pledge_id = p.id and r.status = 'succeeded'), 0)::bigint as refunded
        from pledges p
        left join payments pay on pay.pledge_id = p.id
       where p.campaign_id = ${campaignId} and p.pledge_status <> 'Pending'
       group by p.id
    ), counted as (
      select *, (pledge_status = 'Confirmed' or success > 0) as is_counted from per_pledge
    )`;
}

/**
 * The campaign's figures per charity, per challenge and in total (the row with neither id) in ONE query over pledges and payments
 * (decision 056). `pledges` and `pledged` follow the totals exactly: counted pledges, Confirmed
 * ones with their confirmed totals and Cancelled ones with what they paid, both less refunds. Fees are the country's rule per Success charge,
 * rounded half-up to the cent as core's feePerChargeMinor does, in integers.
 */
export async function selectReportFigures(db: Executor, campaignId: number, country: CountryCode): Promise<FigureRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    with ${countedPledges(campaignId, country)}
    select recipient_id, challenge_id,
           count(*) filter (where is_counted)::int as pledges,
           count(distinct user_id) filter (where is_counted)::int as donors,
           coalesce(sum(case when pledge_status = 'Confirmed' then confirmed_amount else success end - refunded), 0)::bigint as pledged,
           coalesce(sum(success), 0)::bigint as collected,
           coalesce(sum(refunded), 0)::bigint as refunded,
           coalesce(sum(failed), 0)::bigint as failed,
           coalesce(sum(cancelled), 0)::bigint as cancelled,
           coalesce(sum(fee_cover), 0)::bigint as fee_cover,
           coalesce(sum(fees), 0)::bigint as fees
      from counted
     group by grouping sets ((recipient_id), (challenge_id), ())
  `);
  return result.rows.map((r) => ({
    recipient_id: r.recipient_id === null ? null : Number(r.recipient_id),
    challenge_id: r.challenge_id === null ? null : Number(r.challenge_id),
    pledges: Number(r.pledges),
    donors: Number(r.donors),
    pledged: asMinor(Number(r.pledged)),
    collected: asMinor(Number(r.collected)),
    refunded: asMinor(Number(r.refunded)),
    failed: asMinor(Number(r.failed)),
    cancelled: asMinor(Number(r.cancelled)),
    feeCover: asMinor(Number(r.fee_cover)),
    fees: asMinor(Number(r.fees)),
  }));
}

/** Friends' succeeded gifts of a campaign, per charity (`recipient_id`) and in total (null), with their estimated card fees; minor units. */
export type GiftFigureRow = { recipient_id: number | null; gifts: number; amount: Minor; fees: Minor };

/**
 * Friends' gifts on challenge pages (docs/decisions/140-leaderboards.md): one query over gifts
 * (read here, written only by the gifts module), its succeeded ones by the campaign and charity
 * copied onto each gift when it was made, so a gift counts once and stays with its charity when
 * its page is deleted. Each gift is one card charge: its fee is the country's rule, as a pledge
 * payment's is (half-up to the cent, in integers).
 */
export async function selectReportGifts(db: Executor, campaignId: number, country: CountryCode): Promise<GiftFigureRow[]> {
  const { percentBasisPoints, fixedMinor } = COUNTRIES[country].fee;
  const result = await db.execute<Record<string, unknown>>(sql`
    select recipient_id, count(*)::int as gifts, sum(amount)::bigint as amount,
           sum((2::bigint * amount * ${percentBasisPoints}::int + 10000) / 20000 + ${fixedMinor}::int)::bigint as fees
      from gifts
     where campaign_id = ${campaignId} and status = 'succeeded'
     group by grouping sets ((recipient_id), ())
  `);
  return result.rows
    .filter((r) => Number(r.gifts) > 0)
    .map((r) => ({
      recipient_id: r.recipient_id === null ? null : Number(r.recipient_id),
      gifts: Number(r.gifts),
      amount: asMinor(Number(r.amount)),
      fees: asMinor(Number(r.fees)),
    }));
}

/** Payouts recorded per charity for the campaign (one query over payouts), minor units. */
export async function selectPaidOut(db: Executor, campaignId: number): Promise<Map<number, Minor>> {
  const result = await db.execute<{ recipient_id: number; paid_out: string }>(sql`
    select recipient_id, sum(amount)::bigint as paid_out from payouts where campaign_id = ${campaignId} group by recipient_id
  `);
  return new Map(result.rows.map((r) => [Number(r.recipient_id), asMinor(Number(r.paid_out))]));
}

/**
 * Per day: counted pledges by the day they were confirmed in the campaign's zone (so the days'
 * pledges add up to the report's pledge count), and money collected by charge date.
 */
export async function selectReportDays(
  db: Executor,
  campaignId: number,
  country: CountryCode,
): Promise<{ date: string; pledges: number; collected: Minor }[]> {
  const zone = COUNTRIES[country].timeZone;
  const result = await db.execute<{ date: string; pledges: number; collected: string }>(sql`
    with ${countedPledges(campaignId, country)}, made as (
      -- confirmed_at is set on confirming; created_at only stands in for rows older than that column.
      select (coalesce(confirmed_at, created_at) at time zone ${zone})::date as day, count(*)::int as pledges
        from counted
       where is_counted
       group by 1
    ), paid as (
      select pay.processing_date as day, sum(pay.amount)::bigint as collected
        from payments pay
        join pledges p on p.id = pay.pledge_id
       where p.campaign_id = ${campaignId} and pay.payment_status = 'Success'
       group by 1
    )
    select to_char(coalesce(made.day, paid.day), 'YYYY-MM-DD') as date,
           coalesce(made.pledges, 0)::int as pledges, coalesce(paid.collected, 0)::bigint as collected
      from made full outer join paid on paid.day = made.day
     order by 1
  `);
  return result.rows.map((r) => ({ date: r.date, pledges: Number(r.pledges), collected: asMinor(Number(r.collected)) }));
}

export type CampaignRow = typeof campaigns.$inferSelect;
export type RecipientRow = typeof recipients.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

export async function findCampaign(db: Executor, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function findRecipient(db: Executor, id: number): Promise<RecipientRow | undefined> {
  const [row] = await db.select().from(recipients).where(eq(recipients.id, id));
  return row;
}

/** Every charity of a country, enabled or not (the report shows a disabled one that has money), by id. */
export async function selectCountryCharities(db: Executor, country: CountryCode): Promise<{ id: number; name: string; is_enabled: boolean }[]> {
  return db
    .select({ id: recipients.id, name: recipients.recipient_name, is_enabled: recipients.is_enabled })
    .from(recipients)
    .where(eq(recipients.country, country))
    .orderBy(asc(recipients.id));
}

/** Every challenge, enabled or not (challenges are shared by every country), by id. */
export async function selectAllChallenges(db: Executor): Promise<{ id: number; name: string; is_enabled: boolean }[]> {
  return db.select({ id: challenges.id, name: challenges.name, is_enabled: challenges.is_enabled }).from(challenges).orderBy(asc(challenges.id));
}

/** The campaign's payouts with their charity's name, newest first; amounts in minor units. */
export async function selectPayouts(db: Executor, campaignId: number) {
  return db
    .select({
      id: payouts.id,
      campaign_id: payouts.campaign_id,
      recipient_id: payouts.recipient_id,
      recipient_name: recipients.recipient_name,
      amount: payouts.amount,
      paid_on: payouts.paid_on,
      reference: payouts.reference,
      admin_user_id: payouts.admin_user_id,
      created_at: payouts.created_at,
      corrects_payout_id: payouts.corrects_payout_id,
      reason: payouts.reason,
    })
    .from(payouts)
    .innerJoin(recipients, eq(recipients.id, payouts.recipient_id))
    .where(eq(payouts.campaign_id, campaignId))
    .orderBy(desc(payouts.id));
}

/** Appends a payout (never updated or deleted: docs/decisions/055-payouts-append-only.md). */
export async function insertPayout(db: Executor, payout: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await db.insert(payouts).values(payout).returning();
  return row!;
}

/** The advisory lock's first key; the second is the campaign's id (decision 122). */
const PAYOUT_LOCK = 0x55705055;

/**
 * Holds the campaign's payout lock until the transaction ends: payouts and corrections of one
 * campaign are recorded one at a time, each checked against the sums the one before committed.
 */
export async function lockCampaignPayouts(db: Executor, campaignId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK}::int, ${campaignId}::int)`);
}

/** One payout of the campaign with what its corrections took back so far (0 or negative), minor units. */
export async function findPayoutOfCampaign(db: Executor, campaignId: number, payoutId: number): Promise<(PayoutRow & { corrected: Minor }) | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.campaign_id, campaignId)));
  if (!row) return undefined;
  const [sum] = await db
    .select({ corrected: sql<string>`coalesce(sum(${payouts.amount}), 0)::bigint` })
    .from(payouts)
    .where(eq(payouts.corrects_payout_id, payoutId));
  return { ...row, corrected: asMinor(Number(sum?.corrected ?? 0)) };
}
