import { type Minor, asMinor } from '@uplift/core/money';
import type { IsoDate } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { refunds, type RefundStatus } from '../../db/schema.ts';

// Refunds (docs/decisions/132-refunds.md): money given back on a Success payment is its own row in
// `refunds`, written here only. A refund is reserved (Pending, with its idempotency key) under the
// payment's row lock before the provider is called, then settled with the provider's answer.

export type RefundRow = typeof refunds.$inferSelect;

/** A Success payment as a refund needs it: who paid, where, and what is left to give back. */
export type RefundablePayment = {
  id: number;
  pledge_id: number;
  payment_status: 'Pending' | 'Success' | 'Failed' | 'Cancelled';
  amount: Minor;
  provider_reference: string | null;
  processing_date: IsoDate;
  receipt_number: string | null;
  country: CountryCode;
  email: string;
  first_name: string;
  user_id: number;
  recipient_name: string;
  /** Succeeded refunds so far. */
  refunded: Minor;
  /** amount − pending and succeeded refunds (what may still be asked for). */
  refundable: Minor;
};

const REFUNDABLE_SQL = sql`
  select p.id, p.pledge_id, p.payment_status, p.amount, p.provider_reference, p.processing_date::text as processing_date,
         p.receipt_number, c.country, u.email, u.first_name, u.id as user_id, r.recipient_name,
         coalesce((select sum(x.amount) from refunds x where x.payment_id = p.id and x.status = 'succeeded'), 0)::int as refunded,
         (p.amount - coalesce((select sum(x.amount) from refunds x where x.payment_id = p.id and x.status in ('pending', 'succeeded')), 0))::int as refundable
    from payments p
    join pledges pl on pl.id = p.pledge_id
    join campaigns c on c.id = pl.campaign_id
    join users u on u.id = pl.user_id
    join recipients r on r.id = pl.recipient_id`;

function refundablePaymentOf(row: Record<string, unknown>): RefundablePayment {
  return { ...(row as RefundablePayment), amount: asMinor(Number(row.amount)), refunded: asMinor(Number(row.refunded)), refundable: asMinor(Number(row.refundable)) };
}

/** One payment with its refund sums, or undefined. */
export async function findRefundablePayment(db: Executor, paymentId: number): Promise<RefundablePayment | undefined> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`${REFUNDABLE_SQL} where p.id = ${paymentId}`);
  return rows[0] ? refundablePaymentOf(rows[0]) : undefined;
}

export type RefundReservation =
  | { kind: 'not_found' }
  | { kind: 'not_refundable'; payment: RefundablePayment }
  | { kind: 'too_much'; payment: RefundablePayment }
  | { kind: 'reserved'; payment: RefundablePayment; refund: RefundRow };

/**
 * In one short transaction: locks the payment's row (a second admin's refund of the same payment
 * waits here, then sees this one), checks that it is a settled Success charge and that the amount
 * is at most what is left after pending and succeeded refunds, and writes the Pending refund with
 * its idempotency key. Committed before the provider is called.
 */
export async function reserveRefund(
  db: Db,
  input: { paymentId: number; amount: Minor; reason: string; adminId: number; now: Date },
): Promise<RefundReservation> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ id: number }>(sql`select id from payments where id = ${input.paymentId} for update`);
    if (locked.rows.length === 0) return { kind: 'not_found' as const };
    const payment = (await findRefundablePayment(tx, input.paymentId))!;
    if (payment.payment_status !== 'Success' || !payment.provider_reference) return { kind: 'not_refundable' as const, payment };
    if (input.amount > payment.refundable) return { kind: 'too_much' as const, payment };
    const [{ n } = { n: 0 }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from refunds where payment_id = ${input.paymentId}`)).rows;
    const [refund] = await tx
      .insert(refunds)
      .values({
        payment_id: input.paymentId,
        amount: input.amount,
        reason: input.reason,
        status: 'pending',
        idempotency_key: `payment-${input.paymentId}-refund-${Number(n) + 1}`,
        admin_user_id: input.adminId,
        created_at: input.now,
      })
      .returning();
    return { kind: 'reserved' as const, payment: { ...payment, refundable: asMinor(payment.refundable - input.amount) }, refund: refund! };
  });
}

/** Records the provider's answer on a Pending refund (never on a settled one): the row, or undefined. */
export async function settleRefund(
  db: Executor,
  refundId: number,
  outcome: { status: Exclude<RefundStatus, 'pending'>; reference: string | null; message: string | null },
  now: Date,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: outcome.status, provider_reference: outcome.reference, failure_message: outcome.message, settled_at: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** How many refunds of the payment have succeeded: the revision of its corrected receipt. */
export async function succeededRefundCount(db: Executor, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(and(eq(refunds.payment_id, paymentId), eq(refunds.status, 'succeeded')));
  return Number(row?.n ?? 0);
}

/** Every payment of the donor's pledges (not Pending pledges), newest first, with refund sums and where it went. */
export async function paymentsOfDonorWithRefunds(db: Executor, userId: number) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select p.id, p.pledge_id, c.campaign_name, r.recipient_name, c.country, p.processing_date::text as processing_date,
           p.payment_status, p.amount, p.receipt_number,
           coalesce((select sum(x.amount) from refunds x where x.payment_id = p.id and x.status = 'succeeded'), 0)::int as refunded,
           (p.amount - coalesce((select sum(x.amount) from refunds x where x.payment_id = p.id and x.status in ('pending', 'succeeded')), 0))::int as refundable
      from payments p
      join pledges pl on pl.id = p.pledge_id
      join campaigns c on c.id = pl.campaign_id
      join recipients r on r.id = pl.recipient_id
     where pl.user_id = ${userId} and pl.pledge_status <> 'Pending'
     order by p.processing_date desc, p.id desc`);
  return rows.map((row) => ({
    id: Number(row.id),
    pledge_id: Number(row.pledge_id),
    campaign_name: String(row.campaign_name),
    recipient_name: String(row.recipient_name),
    country: row.country as CountryCode,
    processing_date: String(row.processing_date) as IsoDate,
    payment_status: row.payment_status as RefundablePayment['payment_status'],
    amount: asMinor(Number(row.amount)),
    receipt_number: (row.receipt_number as string | null) ?? null,
    refunded: asMinor(Number(row.refunded)),
    refundable: asMinor(row.payment_status === 'Success' ? Math.max(0, Number(row.refundable)) : 0),
  }));
}
