import { type Minor, asMinor } from '@uplift/core/money';
import type { IsoDate } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { payments, pledges } from '../../db/schema.ts';
import type { Session } from './ledger-session.repository.ts';

// The ledger's reads of `payments` (docs/decisions/110-module-map-and-ledger.md): a payment as
// billing charges it, what a cancel, a skip or a change of card must lock or move, what is due.
// The writes are in ledger.repository.ts, refunds in ledger-refunds.repository.ts.

/** The last date that counts as due, per campaign country. */
export type DueDates = Record<CountryCode, IsoDate>;

/** Everything needed to charge a payment and write to the donor about it. */
export type PaymentToCharge = {
  id: number;
  pledge_id: number;
  payment_status: 'Pending' | 'Success' | 'Failed' | 'Cancelled';
  processing_date: IsoDate;
  amount: Minor;
  /** The weekly extra that covers the card fee, charged on top of `amount` (docs/decisions/135). */
  fee_cover: Minor;
  stripe_payment_method_id: string | null;
  idempotency_key: string | null;
  settled: boolean;
  pledge_status: 'Pending' | 'Confirmed' | 'Cancelled';
  confirmed_amount: Minor;
  user_id: number;
  campaign_id: number;
  country: CountryCode;
  email: string;
  first_name: string;
  failure_reason: string | null;
  provider_reference: string | null;
  /** The pledge's next payment after this one (a retry never reaches it), or null. */
  next_payment_date: IsoDate | null;
  /** An automatic retry has already been made for this payment (there is only one). */
  retried: boolean;
  stripe_customer_id: string | null;
  recipient_name: string;
  /** This payment's place in the pledge's schedule: 2 of 4. */
  payment_number: number;
  payment_count: number;
};

/** Read after the CHARGE lock is taken, so it sees any cancel that committed before. */
export async function loadPayment(session: Session, paymentId: number): Promise<PaymentToCharge | undefined> {
  return (await loadPayments(session, [paymentId])).get(paymentId);
}

/** loadPayment for many at once (one statement, issued after the statement that took their CHARGE locks). */
export async function loadPayments(session: Session, paymentIds: number[]): Promise<Map<number, PaymentToCharge>> {
  if (paymentIds.length === 0) return new Map();
  const { rows } = await session.query<PaymentToCharge>(
    `select p.id, p.pledge_id, p.payment_status, p.processing_date, p.amount, p.fee_cover, p.stripe_payment_method_id,
            p.idempotency_key, p.settled_at is not null as settled, p.failure_reason, p.provider_reference,
            (select min(x.processing_date) from payments x where x.pledge_id = p.pledge_id and x.processing_date > p.processing_date)::text as next_payment_date,
            exists (select 1 from payment_attempts a where a.payment_id = p.id and a.kind = 'retry') as retried,
            pl.pledge_status, pl.confirmed_amount, pl.user_id, pl.campaign_id,
            c.country, u.email, u.first_name, u.stripe_customer_id, r.recipient_name,
            (select count(*) from payments x where x.pledge_id = p.pledge_id and x.processing_date <= p.processing_date)::int as payment_number,
            (select count(*) from payments x where x.pledge_id = p.pledge_id)::int as payment_count
     from payments p
     join pledges pl on pl.id = p.pledge_id
     join campaigns c on c.id = pl.campaign_id
     join users u on u.id = pl.user_id
     join recipients r on r.id = pl.recipient_id
     where p.id = any($1::int[])`,
    [paymentIds],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

// Cancelling

/**
 * The payments billing could still charge: Pending ones, and Failed ones awaiting their automatic
 * retry or a pay-now (a cancel must wait for those too, or a retry could be taken after it).
 */
export async function chargeablePaymentIds(db: Executor, pledgeIds: number[] | { ofDonor: number }): Promise<number[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.pledge_id, pledgeScope(db, pledgeIds)), inArray(payments.payment_status, ['Pending', 'Failed'])));
  return rows.map((r) => r.id);
}

export function pledgeScope(db: Executor, pledgeIds: number[] | { ofDonor: number }) {
  return Array.isArray(pledgeIds)
    ? db.select({ id: pledges.id }).from(pledges).where(inArray(pledges.id, pledgeIds.concat(0)))
    : db.select({ id: pledges.id }).from(pledges).where(eq(pledges.user_id, pledgeIds.ofDonor));
}

/** What the pledge's successful payments add up to, in minor units. */
export async function paidTotal(db: Executor, pledgeId: number): Promise<Minor> {
  const [paid] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.pledge_id, pledgeId), eq(payments.payment_status, 'Success')));
  return asMinor(Number(paid?.total ?? 0));
}

// Skipping a week (docs/decisions/134-skip-a-week.md)

/** A pledge's payment as a skip decides on it, read with its row locked. */
export type ScheduledPayment = {
  id: number;
  processing_date: IsoDate;
  payment_status: PaymentToCharge['payment_status'];
  amount: Minor;
  fee_cover: Minor;
  /** A billing run has started an attempt (its key is written) or the provider is processing it. */
  claimed: boolean;
  skipped_from: IsoDate | null;
};

/** Inside a transaction: every payment of the pledge, rows locked (after their CHARGE locks), by date. */
export async function lockScheduleOfPledge(tx: Tx, pledgeId: number): Promise<ScheduledPayment[]> {
  return tx
    .select({
      id: payments.id,
      processing_date: payments.processing_date,
      payment_status: payments.payment_status,
      amount: payments.amount,
      fee_cover: payments.fee_cover,
      claimed: sql<boolean>`(${payments.idempotency_key} is not null or ${payments.processing_at} is not null)`,
      skipped_from: payments.skipped_from,
    })
    .from(payments)
    .where(eq(payments.pledge_id, pledgeId))
    .orderBy(payments.processing_date, payments.id)
    .for('update');
}

// Change card

/** The donor's payments still to be taken (Pending or Failed) of their Confirmed pledges, with their card. */
export async function remainingPaymentsOfDonor(db: Executor, userId: number) {
  return db
    .select({ id: payments.id, method: payments.stripe_payment_method_id })
    .from(payments)
    .innerJoin(pledges, eq(pledges.id, payments.pledge_id))
    .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Confirmed'), inArray(payments.payment_status, ['Pending', 'Failed'])));
}

/** Which of these provider cards a Pending or Failed payment still needs. */
export async function cardsStillNeeded(db: Executor, providerMethodIds: string[]): Promise<Set<string | null>> {
  if (providerMethodIds.length === 0) return new Set();
  const rows = await db
    .select({ method: payments.stripe_payment_method_id })
    .from(payments)
    .where(and(inArray(payments.stripe_payment_method_id, providerMethodIds), inArray(payments.payment_status, ['Pending', 'Failed'])));
  return new Set(rows.map((r) => r.method));
}

/** Whether some Pending payment has come due (in its campaign's zone): the system page and alerts (docs/decisions/133). */
export async function selectAnyPaymentDue(db: Executor, due: DueDates): Promise<boolean> {
  const result = await db.execute<{ due: boolean }>(sql`
    select exists (
      select 1 from payments p
      join pledges pl on pl.id = p.pledge_id
      join campaigns c on c.id = pl.campaign_id
      where p.payment_status = 'Pending'
        and p.processing_date <= greatest(${due.NZ}::date, ${due.UK}::date)
        and p.processing_date <= case c.country when 'NZ' then ${due.NZ}::date when 'UK' then ${due.UK}::date end
        and p.processing_at is null
    ) as due`);
  return result.rows[0]!.due;
}

/**
 * Card-expiry notices (docs/decisions/048), as SQL text for billing's statement: each Confirmed
 * pledge's first payment to come (after `today.day`) that its card cannot cover (a card is good to
 * the end of its expiry month), with what it will charge: the gift and its fee cover (docs/decisions/144).
 * Expects a CTE `today(campaign_id, country, day)`; gives pledge_id, payment_id, processing_date,
 * amount, day, country and the card's stripe_payment_method_id, brand, last4, exp_month, exp_year.
 */
export const FIRST_PAYMENT_ITS_CARD_CANNOT_COVER = `
    select distinct on (p.pledge_id) p.pledge_id, p.id as payment_id, p.processing_date, p.amount + p.fee_cover as amount, t.day, t.country,
           pm.stripe_payment_method_id, pm.brand, pm.last4, pm.exp_month, pm.exp_year
      from payments p
      join pledges pl on pl.id = p.pledge_id and pl.pledge_status = 'Confirmed'
      join today t on t.campaign_id = pl.campaign_id
      join payment_methods pm on pm.stripe_payment_method_id = p.stripe_payment_method_id
     where p.payment_status in ('Pending', 'Failed')
       and p.processing_date > t.day
       and extract(year from p.processing_date) * 12 + extract(month from p.processing_date) > pm.exp_year * 12 + pm.exp_month
     order by p.pledge_id, p.processing_date`;
