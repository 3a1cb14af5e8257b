import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { asMinor, type Minor } from '@uplift/core/money';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { gifts, paymentMethods, payments } from '../../db/schema.ts';

// The money read rules (docs/decisions/146-money-read-rules.md, product-rules §16, §19, §21):
// the ledger's owner publishes what each figure means, once, and every total, page, report,
// receipt, mail and export reads it here. No other module reads `payments`, `refunds`, `gifts`
// (apps/api/src/lint/table-readers.test.ts); billing is the one listed exception.
//
//   received   Success payments' gift amounts (`amount`; the card-fee extra is apart)
//   refunded   refunds that went through (`succeeded`) of those payments
//   given      received − refunded
//   pledged    what a pledge counts for in every total (§16): a Confirmed pledge its confirmed
//              total, a Cancelled one what it received, a Pending one nothing — less refunded
//   fee cover  Success payments' card-fee extras (docs/decisions/135)
//   gifts      friends' succeeded gifts less their refunds that went through (docs/decisions/138,
//              140, 150); a gift refunded in full no longer counts as a gift (its card fee stays)
//   net        received + fee cover + gifts − refunded − estimated card fees
//   owed       net − paid out to the charity (docs/decisions/122); below zero it is owed back
//
// Fragments take the caller's table alias (a plain identifier) and read only through the
// ledger's indexes; their shapes are pinned by the plan tests (totals.scale, fundraising.scale,
// campaign-report.scale).

const plain = (alias: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`figures: "${alias}" is not a plain table alias`);
  return alias;
};

/** A payment counts as received (its money arrived). */
const RECEIVED = (pay: string) => `${plain(pay)}.payment_status = 'Success'`;
/** A refund that went through: only these come off (§19). */
const REFUNDED = (r: string) => `${plain(r)}.status = 'succeeded'`;
/** A friend's gift that arrived. */
const GIFT_RECEIVED = (g: string) => `${plain(g)}.status = 'succeeded'`;
/** What went back of the gift aliased `g` (refunds that went through, docs/decisions/150), through refunds_gift_idx. */
const GIFT_REFUNDED = (g: string) => `coalesce((select sum(r.amount) from refunds r where r.gift_id = ${plain(g)}.id and ${REFUNDED('r')}), 0)`;

/** What went back of the gift aliased `g` (int, minor units): the data export's figure. */
export const refundedOfGift = (g: string): SQL => sql.raw(`${GIFT_REFUNDED(g)}::int`);

/** The country's estimated card fee of one charge of `charged` minor units, half-up to the cent in integers (core's feePerChargeMinor). */
function feeOfCharge(charged: string, country: CountryCode): string {
  const { percentBasisPoints, fixedMinor } = COUNTRIES[country].fee;
  return `((2::bigint * (${charged}) * ${Number(percentBasisPoints)} + 10000) / 20000 + ${Number(fixedMinor)})`;
}

// ── Per payment ─────────────────────────────────────────────────────────────────────────────

/** What went back of the payment aliased `pay` (int, minor units). */
export const refundedOfPayment = (pay: string): SQL =>
  sql.raw(`coalesce((select sum(r.amount) from refunds r where r.payment_id = ${plain(pay)}.id and ${REFUNDED('r')}), 0)::int`);

/** How many of its refunds went through: the revision of its corrected receipt (`-R1`, `-R2`). */
export const refundRevisionOfPayment = (pay: string): SQL =>
  sql.raw(`(select count(*) from refunds r where r.payment_id = ${plain(pay)}.id and ${REFUNDED('r')})::int`);

// ── Per pledge ──────────────────────────────────────────────────────────────────────────────

/** Received of the pledge aliased `pl` (bigint). */
export const receivedOfPledge = (pl: string): SQL =>
  sql.raw(`(select coalesce(sum(pay.amount), 0) from payments pay where pay.pledge_id = ${plain(pl)}.id and ${RECEIVED('pay')})`);

const refundedOfPledgeText = (pl: string) =>
  `(select coalesce(sum(r.amount), 0) from refunds r join payments pay on pay.id = r.payment_id where pay.pledge_id = ${plain(pl)}.id and ${REFUNDED('r')})`;

/** Refunded of the pledge aliased `pl` (bigint). */
export const refundedOfPledge = (pl: string): SQL => sql.raw(refundedOfPledgeText(pl));

/**
 * Pledged (§16) of the pledge aliased `pl`, given SQL for what it received and what was refunded of
 * it: a Confirmed pledge its confirmed total, a Cancelled one what it received, a Pending one
 * nothing, less refunded. The one rule, per pledge here and per page in pageRaised().
 */
const pledgedFrom = (pl: string, received: string, refunded: string) => `(case ${plain(pl)}.pledge_status
    when 'Confirmed' then ${pl}.confirmed_amount
    when 'Cancelled' then ${received}
    else 0 end - ${refunded})`;

const pledgedOfPledgeText = (pl: string) =>
  pledgedFrom(pl, `(select coalesce(sum(pay.amount), 0) from payments pay where pay.pledge_id = ${plain(pl)}.id and ${RECEIVED('pay')})`, refundedOfPledgeText(pl));

/** Pledged of the pledge aliased `pl` as every total counts it (§16), net of refunds (bigint). */
export const pledgedOfPledge = (pl: string): SQL => sql.raw(pledgedOfPledgeText(pl));

/** Given of the pledge aliased `pl`: received − refunded (bigint). */
export const givenOfPledge = (pl: string): SQL =>
  sql.raw(`((select coalesce(sum(pay.amount), 0) from payments pay where pay.pledge_id = ${plain(pl)}.id and ${RECEIVED('pay')}) - ${refundedOfPledgeText(pl)})`);

/** The pledge aliased `pl` counts in totals (§16): Confirmed, or Cancelled with a payment received. */
export const pledgeCounts = (pl: string): SQL =>
  sql.raw(`(${plain(pl)}.pledge_status = 'Confirmed' or (${pl}.pledge_status = 'Cancelled' and exists (select 1 from payments pay where pay.pledge_id = ${pl}.id and ${RECEIVED('pay')})))`);

/** The pledge aliased `pl` has a payment not (yet) received: it was not paid in full (erasure's rule, §16). */
export const pledgeHasUnreceivedPayment = (pl: string): SQL =>
  sql.raw(`exists (select 1 from payments pay where pay.pledge_id = ${plain(pl)}.id and not (${RECEIVED('pay')}))`);

/** How many weeks of the pledge aliased `pl` were received, and how many it has (4, or 5 with a skipped week: docs/decisions/134). */
export const weeksOfPledge = (pl: string): { done: SQL; total: SQL } => ({
  done: sql.raw(`(select count(*) from payments pay where pay.pledge_id = ${plain(pl)}.id and ${RECEIVED('pay')})::int`),
  total: sql.raw(`(4 + case when exists (select 1 from payments pay where pay.pledge_id = ${plain(pl)}.id and pay.skipped_from is not null) then 1 else 0 end)::int`),
});

/** 'YYYY-MM-DD:1750' entries of the pledge aliased `pl`'s payments received (`'received'`) or still to charge (`'scheduled'`), by date. */
export const paymentListOfPledge = (pl: string, which: 'received' | 'scheduled'): SQL =>
  sql.raw(`(select coalesce(array_agg(pay.processing_date::text || ':' || pay.amount order by pay.processing_date), '{}')
      from payments pay where pay.pledge_id = ${plain(pl)}.id and ${which === 'received' ? RECEIVED('pay') : `pay.payment_status = 'Pending'`})`);

/** A pledge's payments in schedule order, each with what went back of it (minor units). */
export async function paymentsOfPledge(db: Executor, pledgeId: number) {
  return db
    .select({
      id: payments.id,
      payment_status: payments.payment_status,
      processing_date: payments.processing_date,
      amount: payments.amount,
      fee_cover: payments.fee_cover,
      receipt_number: payments.receipt_number,
      skipped_from: payments.skipped_from,
      refunded: sql<number>`${refundedOfPayment('payments')}`,
      revision: sql<number>`${refundRevisionOfPayment('payments')}`,
    })
    .from(payments)
    .where(eq(payments.pledge_id, pledgeId))
    .orderBy(asc(payments.processing_date), asc(payments.id));
}

/** A pledge's payments in date order with the donor's saved card each is charged to (our id), for the summary. */
export async function paymentsOfPledgeWithCards(db: Executor, pledgeId: number, userId: number) {
  return db
    .select({
      id: payments.id,
      pledge_id: payments.pledge_id,
      payment_status: payments.payment_status,
      processing_date: payments.processing_date,
      amount: payments.amount,
      fee_cover: payments.fee_cover,
      failure_reason: payments.failure_reason,
      next_retry_date: payments.next_retry_date,
      skipped_from: payments.skipped_from,
      payment_method_id: paymentMethods.id,
      stripe_payment_method_id: payments.stripe_payment_method_id,
      refunded: sql<number>`${refundedOfPayment('payments')}`,
    })
    .from(payments)
    .leftJoin(paymentMethods, and(eq(paymentMethods.stripe_payment_method_id, payments.stripe_payment_method_id), eq(paymentMethods.user_id, userId)))
    .where(eq(payments.pledge_id, pledgeId))
    .orderBy(asc(payments.processing_date), asc(payments.id));
}

/** How many of a pledge's payments were received (a milestone is reached by a count: docs/decisions/137). */
export async function receivedPaymentCount(db: Executor, pledgeId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from payments pay where pay.pledge_id = ${pledgeId} and ${sql.raw(RECEIVED('pay'))}`);
  return Number(rows[0]?.n ?? 0);
}

// ── Per donor ───────────────────────────────────────────────────────────────────────────────

/** Every payment of the donor's pledges in date order, with what went back of each (refunded, revision). */
export async function paymentsOfDonor(db: Executor, userId: number) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select p.id, p.pledge_id, p.payment_status, p.processing_date::text as processing_date, p.amount, p.fee_cover, p.receipt_number,
           p.attempts, p.attempted_at, p.settled_at, p.failure_reason, p.provider_reference,
           ${refundedOfPayment('p')} as refunded, ${refundRevisionOfPayment('p')} as revision
      from payments p
      join pledges pl on pl.id = p.pledge_id
     where pl.user_id = ${userId}
     order by p.processing_date, p.id`);
  const at = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
  return rows.map((r) => ({
    id: Number(r.id),
    pledge_id: Number(r.pledge_id),
    payment_status: r.payment_status as (typeof payments.$inferSelect)['payment_status'],
    processing_date: String(r.processing_date) as (typeof payments.$inferSelect)['processing_date'],
    amount: asMinor(Number(r.amount)),
    fee_cover: asMinor(Number(r.fee_cover)),
    receipt_number: (r.receipt_number as string | null) ?? null,
    attempts: Number(r.attempts),
    attempted_at: at(r.attempted_at),
    settled_at: at(r.settled_at),
    failure_reason: (r.failure_reason as string | null) ?? null,
    provider_reference: (r.provider_reference as string | null) ?? null,
    refunded: asMinor(Number(r.refunded)),
    revision: Number(r.revision),
  }));
}

/** The donor aliased `user` has a payment on a pledge of theirs (any status): retention's "made a donation". */
export const donorHasPayment = (user: string): SQL =>
  sql.raw(`exists (select 1 from pledges p join payments pa on pa.pledge_id = p.id where p.user_id = ${plain(user)}.id)`);

/** The donor aliased `user` has a payment dated on or after `day`, or settled on or after `at`. */
export const donorPaymentSince = (user: string, day: SQL, at: SQL): SQL => sql`exists (
        select 1 from pledges p join payments pa on pa.pledge_id = p.id
        where p.user_id = ${sql.raw(plain(user))}.id and (pa.processing_date >= ${day} or pa.settled_at >= ${at}))`;

// ── Per page and team ───────────────────────────────────────────────────────────────────────

/**
 * What the challenge page aliased `page` raised (product-rules §21, §22; docs/decisions/138, 140,
 * 143, 161), as a lateral subquery, amounts bigint:
 *   total      what it raised: money received, `received` + `gifts`; never an unpaid pledge
 *   received   its pledge's payments received, less their refunds that went through (given)
 *   pledged    its pledge as every total counts it (§16), net of refunds: shown beside, not raised
 *   gifts      its friends' succeeded gifts, net of their refunds that went through (decision 150)
 *   gift_count those gifts not refunded in full
 * Use as `cross join lateral (${pageRaised('cp')}) raised`; a team is the sum over its pages.
 * The pledge's payments are read once (payments_pledge_status_idx, each one's refunds through
 * refunds_payment_idx) for both received and pledged. A page's succeeded gifts are summed and
 * counted in one pass over the partial index gifts_page_succeeded_idx (page_id, amount); their
 * refunds that went through are found by the page they carry (docs/decisions/161), per gift, from
 * the partial index refunds_page_succeeded_idx, and only the gifts refunded are looked up again (by
 * key) for their amount: the page's gifts are read once.
 */
export function pageRaised(page: string): SQL {
  return sql.raw(`
    select
      coalesce(own.pledged, 0)::bigint as pledged,
      coalesce(own.received, 0)::bigint as received,
      (given.gifts - back.refunded)::bigint as gifts,
      (given.gift_count - back.in_full)::int as gift_count,
      (coalesce(own.received, 0) + given.gifts - back.refunded)::bigint as total
      from (select coalesce(sum(g.amount), 0)::bigint as gifts, count(*)::int as gift_count
              from gifts g where g.page_id = ${plain(page)}.id and ${GIFT_RECEIVED('g')}) given
     cross join
           (select coalesce(sum(x.refunded), 0)::bigint as refunded, count(*) filter (where x.refunded >= g.amount)::int as in_full
              from (select r.gift_id, sum(r.amount) as refunded
                      from refunds r
                     where r.page_id = ${page}.id and ${REFUNDED('r')}
                     group by r.gift_id) x
              join gifts g on g.id = x.gift_id and ${GIFT_RECEIVED('g')}) back
      left join
           (select ${pledgedFrom('pl', 'paid.received', 'paid.refunded')} as pledged, paid.received - paid.refunded as received
              from pledges pl
             cross join lateral (
                   select coalesce(sum(pay.amount) filter (where ${RECEIVED('pay')}), 0) as received, coalesce(sum(ref.amount), 0) as refunded
                     from payments pay
                     left join lateral (select sum(r.amount) as amount from refunds r where r.payment_id = pay.id and ${REFUNDED('r')}) ref on true
                    where pay.pledge_id = pl.id) paid
             where pl.id = ${page}.pledge_id and pl.pledge_status <> 'Pending') own on true`);
}

export type PageGiftRow = {
  id: number;
  donor_name: string | null;
  message: string;
  amount: number;
  hide_name: boolean;
  hide_amount: boolean;
  message_moderated_at: Date | null;
  created_at: Date;
};

/**
 * A page's succeeded gifts, newest first, after the (created_at, id) of `before` (through
 * gifts_page_succeeded_idx): each at what stands of it after its refunds; one refunded in full is
 * not listed (docs/decisions/150).
 */
export async function succeededGiftsOfPage(db: Executor, pageId: number, limit: number, before?: { createdAt: Date; id: number }): Promise<PageGiftRow[]> {
  const after = before ? sql`and (g.created_at, g.id) < (${before.createdAt.toISOString()}::timestamptz, ${before.id})` : sql``;
  const { rows } = await db.execute(sql`
    select g.id, g.donor_name, g.message, g.amount - back.refunded as amount, g.hide_name, g.hide_amount, g.message_moderated_at, g.created_at
      from gifts g
      cross join lateral (select ${sql.raw(GIFT_REFUNDED('g'))} as refunded) back
     where g.page_id = ${pageId} and ${sql.raw(GIFT_RECEIVED('g'))} and g.amount > back.refunded ${after}
     order by g.created_at desc, g.id desc
     limit ${limit}`);
  const at = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
  return rows.map((r) => ({ ...(r as PageGiftRow), amount: Number(r.amount), created_at: at(r.created_at)!, message_moderated_at: at(r.message_moderated_at) }));
}

/**
 * Friends' gifts as a read-only derived table for moderation's joins (a gift's message, its page,
 * whether it arrived, was hidden or erased): moderation reads gifts only through this.
 */
export const giftMessages = new QueryBuilder()
  .select({
    id: gifts.id,
    page_id: gifts.page_id,
    message: gifts.message,
    received: sql<boolean>`${sql.raw(GIFT_RECEIVED('gifts'))}`.as('received'),
    message_moderated_at: gifts.message_moderated_at,
    erased_at: gifts.erased_at,
  })
  .from(gifts)
  .as('gift_messages');

// ── Per charity and campaign ────────────────────────────────────────────────────────────────

/** Pledged of one (challenge, charity) pair of a campaign: how many pledges count and their amount (minor units). */
export type PledgedRow = { challenge_id: number; recipient_id: number; pledges: number; amount: Minor };

/**
 * A campaign's pledged, grouped by challenge and charity (§16, the landing totals): the confirmed
 * totals of Confirmed pledges, what Cancelled ones received, less refunded (no pledge is added).
 * The Confirmed branch reads only the covering partial index pledges_confirmed_totals_idx; the
 * Cancelled branch cancelled pledges and their payments through payments_pledge_status_idx.
 */
export async function campaignPledged(db: Pick<Executor, 'execute'>, campaignId: number): Promise<PledgedRow[]> {
  const result = await db.execute<PledgedRow>(sql`
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
         where pay.pledge_id = p.id and ${sql.raw(RECEIVED('pay'))}
      ) paid
     where p.campaign_id = ${campaignId} and p.pledge_status = 'Cancelled' and paid.amount is not null
     group by p.challenge_id, p.recipient_id
    union all
    select p.challenge_id, p.recipient_id, 0 as pledges, -sum(r.amount)::bigint as amount
      from refunds r
      join payments pay on pay.id = r.payment_id
      join pledges p on p.id = pay.pledge_id
     where p.campaign_id = ${campaignId} and p.pledge_status in ('Confirmed', 'Cancelled') and ${sql.raw(REFUNDED('r'))}
     group by p.challenge_id, p.recipient_id
  `);
  return result.rows.map((r) => ({ challenge_id: Number(r.challenge_id), recipient_id: Number(r.recipient_id), pledges: Number(r.pledges), amount: asMinor(Number(r.amount)) }));
}

/**
 * Friends' gifts of one charity of a campaign (`recipient_id`; null: the campaign's total), with
 * their estimated card fees; minor units. `gifts` and `amount` are net of the gifts' refunds that
 * went through (a gift refunded in full is not counted); `fees` is every charge's, refunded or not.
 */
export type GiftFigureRow = { recipient_id: number | null; gifts: number; amount: Minor; fees: Minor };

/**
 * A campaign's friends' gifts (docs/decisions/140): the succeeded ones, by the campaign and charity
 * copied onto each gift when it was made (so a gift counts once, and stays counted if its page is
 * deleted or hidden), per charity and in total; each gift one card charge with its fee. Through
 * the partial index gifts_campaign_succeeded_idx. Their refunds are summed apart, from the
 * refunded gifts only, and taken off each charity's row: looking each gift's refunds
 * up gift by gift made the landing's cold read several times slower at a million gifts
 * (fundraising.scale.test.ts pins the plan: the refunds read once, not once per gift).
 */
export async function campaignGifts(db: Pick<Executor, 'execute'>, campaignId: number, country: CountryCode): Promise<GiftFigureRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    with given as (
      select g.recipient_id, count(*)::int as charges, sum(g.amount)::bigint as amount,
             sum(${sql.raw(feeOfCharge('g.amount', country))})::bigint as fees
        from gifts g
       where g.campaign_id = ${campaignId} and ${sql.raw(GIFT_RECEIVED('g'))}
       group by grouping sets ((g.recipient_id), ())
    ), back as (
      select x.recipient_id, count(*) filter (where x.refunded >= x.amount)::int as in_full, sum(x.refunded)::bigint as refunded
        from (select g.id, g.recipient_id, g.amount, sum(r.amount) as refunded
                from gifts g
                join refunds r on r.gift_id = g.id
               where g.campaign_id = ${campaignId} and ${sql.raw(GIFT_RECEIVED('g'))} and r.gift_id is not null and ${sql.raw(REFUNDED('r'))}
               group by g.id) x
       group by grouping sets ((x.recipient_id), ())
    )
    -- recipient_id is never null on a gift: null is the total's row on both sides.
    select given.recipient_id, given.charges, (given.charges - coalesce(back.in_full, 0))::int as gifts,
           (given.amount - coalesce(back.refunded, 0))::bigint as amount, given.fees
      from given
      left join back on back.recipient_id is not distinct from given.recipient_id
  `);
  return result.rows
    .filter((r) => Number(r.charges) > 0)
    .map((r) => ({
      recipient_id: r.recipient_id === null ? null : Number(r.recipient_id),
      gifts: Number(r.gifts),
      amount: asMinor(Number(r.amount)),
      fees: asMinor(Number(r.fees)),
    }));
}

/** Pledge and payment figures of a campaign per charity (`recipient_id`), per challenge (`challenge_id`) and in total (neither); minor units. */
export type CampaignFigureRow = {
  recipient_id: number | null;
  challenge_id: number | null;
  pledges: number;
  donors: number;
  pledged: Minor;
  /** received */
  collected: Minor;
  refunded: Minor;
  failed: Minor;
  cancelled: Minor;
  feeCover: Minor;
  fees: Minor;
};

/** The campaign's non-Pending pledges, each with its payment figures and whether it counts (§16): CTEs `per_pledge` and `counted`. */
function countedPledges(campaignId: number, country: CountryCode): SQL {
  return sql`
    per_pledge as (
      select p.user_id, p.challenge_id, p.recipient_id, p.pledge_status, p.confirmed_amount, p.confirmed_at, p.created_at,
             coalesce(sum(pay.amount) filter (where ${sql.raw(RECEIVED('pay'))}), 0)::bigint as success,
             coalesce(sum(pay.amount) filter (where pay.payment_status = 'Failed'), 0)::bigint as failed,
             coalesce(sum(pay.amount) filter (where pay.payment_status = 'Cancelled'), 0)::bigint as cancelled,
             coalesce(sum(pay.fee_cover) filter (where ${sql.raw(RECEIVED('pay'))}), 0)::bigint as fee_cover,
             -- The fee is taken on what was charged: the gift and its fee cover (docs/decisions/135).
             coalesce(sum(${sql.raw(feeOfCharge('pay.amount + pay.fee_cover', country))}) filter (where ${sql.raw(RECEIVED('pay'))}), 0)::bigint as fees,
             coalesce((select sum(r.amount) from refunds r join payments x on x.id = r.payment_id
                        where x.pledge_id = p.id and ${sql.raw(REFUNDED('r'))}), 0)::bigint as refunded
        from pledges p
        left join payments pay on pay.pledge_id = p.id
       where p.campaign_id = ${campaignId} and p.pledge_status <> 'Pending'
       group by p.id
    ), counted as (
      select *, (pledge_status = 'Confirmed' or success > 0) as is_counted from per_pledge
    )`;
}

/**
 * A campaign's figures per charity, per challenge and in total in ONE statement over pledges and
 * payments (decision 056): pledges, donors and pledged as the totals count them; received
 * (`collected`), refunded, failed, cancelled, fee cover and estimated card fees of every charge.
 */
export async function campaignFigures(db: Executor, campaignId: number, country: CountryCode): Promise<CampaignFigureRow[]> {
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
  const minor = (v: unknown) => asMinor(Number(v));
  return result.rows.map((r) => ({
    recipient_id: r.recipient_id === null ? null : Number(r.recipient_id),
    challenge_id: r.challenge_id === null ? null : Number(r.challenge_id),
    pledges: Number(r.pledges),
    donors: Number(r.donors),
    pledged: minor(r.pledged),
    collected: minor(r.collected),
    refunded: minor(r.refunded),
    failed: minor(r.failed),
    cancelled: minor(r.cancelled),
    feeCover: minor(r.fee_cover),
    fees: minor(r.fees),
  }));
}

/**
 * Per day of a campaign: counted pledges by the day they were confirmed in the campaign's zone
 * (so the days add up to the pledge count), and money received by charge date.
 */
export async function campaignDays(db: Executor, campaignId: number, country: CountryCode): Promise<{ date: string; pledges: number; collected: Minor }[]> {
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
       where p.campaign_id = ${campaignId} and ${sql.raw(RECEIVED('pay'))}
       group by 1
    )
    select to_char(coalesce(made.day, paid.day), 'YYYY-MM-DD') as date,
           coalesce(made.pledges, 0)::int as pledges, coalesce(paid.collected, 0)::bigint as collected
      from made full outer join paid on paid.day = made.day
     order by 1
  `);
  return result.rows.map((r) => ({ date: r.date, pledges: Number(r.pledges), collected: asMinor(Number(r.collected)) }));
}

/** Net to pass on to a charity (or in total): received + fee cover + friends' gifts − refunded − estimated card fees. */
export function netToPassOn(m: { collected: Minor; feeCover: Minor; gifts: Minor; refunded: Minor; fees: Minor }): Minor {
  return asMinor(m.collected + m.feeCover + m.gifts - m.refunded - m.fees);
}

/**
 * Owed to a charity (docs/decisions/122): its net less what was paid out to it, or owed back by it
 * when a refund of money already paid out leaves more paid out than the net (docs/decisions/132).
 * Never both; `left` is the signed balance a payout is checked against.
 */
export function owedOf(net: Minor, paidOut: Minor): { left: Minor; owed: Minor; owedBack: Minor } {
  const left = net - paidOut;
  return { left: asMinor(left), owed: asMinor(Math.max(0, left)), owedBack: asMinor(Math.max(0, -left)) };
}

// ── The ledger as a whole ───────────────────────────────────────────────────────────────────

/** Payments received in the whole ledger per campaign country: count and sum (minor units), a restore's check (docs/operations.md). */
export async function receivedByCountry(db: Executor): Promise<{ country: string; payments: number; amount: number }[]> {
  const result = await db.execute<{ country: string; payments: number; amount: number }>(sql`
    select c.country, count(*)::int as payments, coalesce(sum(p.amount), 0)::bigint as amount
    from payments p join pledges pl on pl.id = p.pledge_id join campaigns c on c.id = pl.campaign_id
    where ${sql.raw(RECEIVED('p'))}
    group by c.country order by c.country`);
  return result.rows.map((r) => ({ country: r.country, payments: Number(r.payments), amount: Number(r.amount) }));
}
