import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { testProviderCharges, testProviderGuestCharges, testProviderRefunds } from '../../db/schema.ts';
import type { PaymentProvider, RefundRequest, RefundResult } from './payment-provider.ts';
import { randomId } from './test-provider-common.ts';

// The test provider's refunds (docs/decisions/132-refunds.md): as Stripe, the same key gives the
// first answer; a charge it does not know, or more than is left of it after earlier refunds, is
// refused with Stripe's words. A charge is a saved card's (a pledge payment) or a guest's (a
// friend's gift, docs/decisions/150), as Stripe refunds any PaymentIntent.

/** What is left to refund of a charge, after the refunds made of it so far. */
async function unrefunded(tx: Tx, charge: { id: string; amount: number }): Promise<number> {
  const [done] = await tx
    .select({ total: sql<number>`coalesce(sum(${testProviderRefunds.amount}), 0)::int` })
    .from(testProviderRefunds)
    .where(eq(testProviderRefunds.charge_id, charge.id));
  return charge.amount - Number(done?.total ?? 0);
}

/** One refund, in a transaction that holds the charge's row. */
async function refundOnce(tx: Tx, request: RefundRequest): Promise<RefundResult> {
  const [seen] = await tx.select().from(testProviderRefunds).where(eq(testProviderRefunds.idempotency_key, request.idempotencyKey));
  if (seen) return { status: 'succeeded', reference: seen.id };
  const [saved] = await tx.select().from(testProviderCharges).where(eq(testProviderCharges.id, request.chargeReference)).for('update');
  const [guest] = saved ? [] : await tx.select().from(testProviderGuestCharges).where(eq(testProviderGuestCharges.id, request.chargeReference)).for('update');
  const charge = saved ?? guest;
  if (!charge || charge.status !== 'succeeded') {
    return { status: 'failed', reference: null, message: `No such payment_intent: '${request.chargeReference}'` };
  }
  const left = await unrefunded(tx, charge);
  if (request.amountMinor > left) {
    return { status: 'failed', reference: null, message: `Refund amount (${request.amountMinor}) is greater than unrefunded amount on charge (${left})` };
  }
  const id = randomId('re_test');
  await tx.insert(testProviderRefunds).values({ idempotency_key: request.idempotencyKey, id, charge_id: charge.id, amount: request.amountMinor });
  return { status: 'succeeded', reference: id };
}

export function testRefunds(db: Db): Pick<PaymentProvider, 'refund'> {
  return {
    // One transaction with the charge's row locked, so two refunds of one charge are checked one after the other.
    refund: (request) => db.transaction((tx) => refundOnce(tx, request)),
  };
}
