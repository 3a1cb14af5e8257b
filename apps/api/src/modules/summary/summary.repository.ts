import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, paymentMethods, payments, pledges, recipients, users } from '../../db/schema.ts';

type Executor = Pick<Db, 'select'>;

export async function findCampaign(db: Executor, campaignId: number) {
  const [row] = await db
    .select({
      id: campaigns.id,
      campaign_name: campaigns.campaign_name,
      country: campaigns.country,
      start_date: campaigns.start_date,
      end_date: campaigns.end_date,
      billing_start_date: campaigns.billing_start_date,
      billing_cycle: campaigns.billing_cycle,
      is_active: campaigns.is_active,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row;
}

/** A pledge's payments in date order, with the saved card each one is charged to (our id). */
export async function listPaymentsOfPledge(db: Executor, pledgeId: number, userId: number) {
  return db
    .select({
      id: payments.id,
      pledge_id: payments.pledge_id,
      payment_status: payments.payment_status,
      processing_date: payments.processing_date,
      amount: payments.amount,
      failure_reason: payments.failure_reason,
      stripe_payment_method_id: payments.stripe_payment_method_id,
      payment_method_id: paymentMethods.id,
    })
    .from(payments)
    .leftJoin(
      paymentMethods,
      and(eq(paymentMethods.stripe_payment_method_id, payments.stripe_payment_method_id), eq(paymentMethods.user_id, userId)),
    )
    .where(eq(payments.pledge_id, pledgeId))
    .orderBy(asc(payments.processing_date), asc(payments.id));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function pendingPaymentIds(tx: Tx, pledgeId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.pledge_id, pledgeId), eq(payments.payment_status, 'Pending')));
  return rows.map((r) => r.id);
}

export async function lockPledge(tx: Tx, pledgeId: number) {
  const [row] = await tx
    .select({ id: pledges.id, pledge_status: pledges.pledge_status })
    .from(pledges)
    .where(eq(pledges.id, pledgeId))
    .for('update');
  return row;
}

/** Cancels the pledge and its remaining Pending payments (paid and failed ones stand). */
export async function cancelPledgeAndPayments(tx: Tx, pledgeId: number, now: Date) {
  const cancelled = await tx
    .update(payments)
    .set({ payment_status: 'Cancelled' })
    .where(and(eq(payments.pledge_id, pledgeId), eq(payments.payment_status, 'Pending')))
    .returning({ id: payments.id });
  await tx.update(pledges).set({ pledge_status: 'Cancelled', cancelled_at: now }).where(eq(pledges.id, pledgeId));
  const [paid] = await tx
    .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.pledge_id, pledgeId), eq(payments.payment_status, 'Success')));
  return { cancelledPayments: cancelled.length, paidMinor: Number(paid?.total ?? 0) };
}

/** Who to write to about a pledge, and the charity's name. */
export async function findPledgeMailFacts(db: Executor, pledgeId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.first_name, recipientName: recipients.recipient_name, country: campaigns.country })
    .from(pledges)
    .innerJoin(users, eq(users.id, pledges.user_id))
    .innerJoin(recipients, eq(recipients.id, pledges.recipient_id))
    .innerJoin(campaigns, eq(campaigns.id, pledges.campaign_id))
    .where(eq(pledges.id, pledgeId));
  return row;
}
