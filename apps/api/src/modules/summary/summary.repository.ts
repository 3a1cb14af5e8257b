import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentMethods, payments } from '../../db/schema.ts';


/** A pledge's payments in date order, with the saved card each one is charged to (our id). */
export async function listPaymentsOfPledge(db: Executor, pledgeId: number, userId: number) {
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
      // Read only: the ledger writes refunds (docs/decisions/132-refunds.md).
      refunded: sql<number>`coalesce((select sum(r.amount) from refunds r where r.payment_id = "payments"."id" and r.status = 'succeeded'), 0)::int`,
    })
    .from(payments)
    .leftJoin(
      paymentMethods,
      and(eq(paymentMethods.stripe_payment_method_id, payments.stripe_payment_method_id), eq(paymentMethods.user_id, userId)),
    )
    .where(eq(payments.pledge_id, pledgeId))
    .orderBy(asc(payments.processing_date), asc(payments.id));
}
