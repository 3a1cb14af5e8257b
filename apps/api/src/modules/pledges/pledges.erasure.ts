import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, pledges } from '../../db/schema.ts';
import { lockPaymentsAgainstCharging } from '../billing/billing.locks.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Account erasure (docs/decisions/082), inside its transaction: every remaining (Pending) payment
 * of the donor is Cancelled and every Failed one loses its automatic retry (it stays Failed, as a
 * failure after its last retry does), after waiting for any charge under way, as a pledge cancel
 * does. Confirmed pledges stay Confirmed so totals and charity figures do not change, which is
 * why the retries must go: billing retries a Failed payment of a Confirmed pledge. A Pending
 * (never confirmed) pledge becomes Cancelled. Returns how many payments will not be charged.
 */
export async function cancelRemainingForErasure(tx: Tx, userId: number, now: Date): Promise<number> {
  await tx.execute(sql.raw(`set local lock_timeout = '15s'`));
  const own = tx.select({ id: pledges.id }).from(pledges).where(eq(pledges.user_id, userId));
  const remaining = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.pledge_id, own), inArray(payments.payment_status, ['Pending', 'Failed'])));
  await lockPaymentsAgainstCharging(
    tx,
    remaining.map((p) => p.id),
  );
  const cancelled = await tx
    .update(payments)
    .set({ payment_status: 'Cancelled' })
    .where(and(inArray(payments.pledge_id, own), eq(payments.payment_status, 'Pending')))
    .returning({ id: payments.id });
  const unretried = await tx
    .update(payments)
    .set({ next_retry_date: null })
    .where(and(inArray(payments.pledge_id, own), eq(payments.payment_status, 'Failed'), isNotNull(payments.next_retry_date)))
    .returning({ id: payments.id });
  await tx
    .update(pledges)
    .set({ pledge_status: 'Cancelled', cancelled_at: now })
    .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Pending')));
  return cancelled.length + unretried.length;
}
