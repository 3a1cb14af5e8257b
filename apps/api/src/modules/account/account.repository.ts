import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns,
  emailChanges,
  paymentMethods,
  payments,
  pledges,
  recipients } from '../../db/schema.ts';


/** The donor's pledges, newest first, with their campaign and charity. */
export async function listPledges(db: Executor, userId: number) {
  return db
    .select({
      id: pledges.id,
      pledge_status: pledges.pledge_status,
      campaign_name: campaigns.campaign_name,
      country: campaigns.country,
      recipient_name: recipients.recipient_name,
      created_at: pledges.created_at,
    })
    .from(pledges)
    .innerJoin(campaigns, eq(campaigns.id, pledges.campaign_id))
    .innerJoin(recipients, eq(recipients.id, pledges.recipient_id))
    .where(eq(pledges.user_id, userId))
    .orderBy(desc(pledges.created_at), desc(pledges.id));
}

/**
 * What went back to the donor of each payment (succeeded refunds: their sum and how many), by
 * payment id. Read only: the ledger writes refunds (docs/decisions/132-refunds.md).
 */
export async function refundsOfDonor(db: Executor, userId: number): Promise<Map<number, { refunded: number; revision: number }>> {
  const { rows } = await db.execute<{ payment_id: number; refunded: number; revision: number }>(sql`
    select r.payment_id, sum(r.amount)::int as refunded, count(*)::int as revision
      from refunds r
      join payments p on p.id = r.payment_id
      join pledges pl on pl.id = p.pledge_id
     where pl.user_id = ${userId} and r.status = 'succeeded'
     group by r.payment_id`);
  return new Map(rows.map((r) => [Number(r.payment_id), { refunded: Number(r.refunded), revision: Number(r.revision) }]));
}

/** Every payment of the donor's pledges, in date order. */
export async function listPayments(db: Executor, userId: number) {
  return db
    .select({
      id: payments.id,
      pledge_id: payments.pledge_id,
      payment_status: payments.payment_status,
      processing_date: payments.processing_date,
      amount: payments.amount,
      fee_cover: payments.fee_cover,
      receipt_number: payments.receipt_number,
      attempts: payments.attempts,
      attempted_at: payments.attempted_at,
      settled_at: payments.settled_at,
      failure_reason: payments.failure_reason,
      provider_reference: payments.provider_reference,
    })
    .from(payments)
    .innerJoin(pledges, eq(pledges.id, payments.pledge_id))
    .where(eq(pledges.user_id, userId))
    .orderBy(asc(payments.processing_date), asc(payments.id));
}

// Consents

// Profile and email

export async function insertEmailChange(
  db: Executor,
  values: { user_id: number; new_email: string; token_hash: string; expires_at: Date; created_at: Date },
): Promise<void> {
  // Only the newest request's link works.
  await db.update(emailChanges).set({ used_at: values.created_at }).where(and(eq(emailChanges.user_id, values.user_id), isNull(emailChanges.used_at)));
  await db.insert(emailChanges).values(values);
}

export async function pendingEmailChange(db: Executor, userId: number, now: Date) {
  const [row] = await db
    .select({ new_email: emailChanges.new_email })
    .from(emailChanges)
    .where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.used_at), gt(emailChanges.expires_at, now)))
    .orderBy(desc(emailChanges.id))
    .limit(1);
  return row?.new_email ?? null;
}

/** Uses a live email-change token up, atomically. */
export async function consumeEmailChange(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(emailChanges)
    .set({ used_at: now })
    .where(and(eq(emailChanges.token_hash, tokenHash), isNull(emailChanges.used_at), gt(emailChanges.expires_at, now)))
    .returning({ user_id: emailChanges.user_id, new_email: emailChanges.new_email });
  return row;
}

// Export

export async function listSavedCards(db: Executor, userId: number) {
  return db
    .select({
      id: paymentMethods.id,
      stripe_payment_method_id: paymentMethods.stripe_payment_method_id,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      exp_month: paymentMethods.exp_month,
      exp_year: paymentMethods.exp_year,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.user_id, userId))
    .orderBy(asc(paymentMethods.id));
}

// Erasure (docs/decisions/082)


export async function deleteEmailChanges(db: Executor, userId: number) {
  await db.delete(emailChanges).where(eq(emailChanges.user_id, userId));
}


// Retention (docs/decisions/128-receipts-off-the-charge-path-and-retention.md)

/** Email-change links used, or expired, before `before` (each holds the new address). Answers how many went. */
export async function purgeEmailChanges(db: Executor, before: Date): Promise<number> {
  const gone = await db.delete(emailChanges).where(or(lt(emailChanges.used_at, before), lt(emailChanges.expires_at, before)));
  return gone.rowCount ?? 0;
}

/**
 * Donors whose donation records have outlived their period: a payment was made on a pledge of
 * theirs, but none is dated on or after `cutoff`, no pledge was made since, the account has not
 * changed since and no sign-in since is on record. Never an admin, never one already erased.
 * With `userId`, only that donor (the check again, under the account's lock).
 */
export async function lapsedDonors(db: Executor, cutoff: Date, opts: { userId?: number; limit?: number } = {}): Promise<number[]> {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const day = sql`${cutoff.toISOString().slice(0, 10)}::date`;
  const rows = await db.execute<{ id: number }>(sql`
    select u.id from users u
    where u.role = 'user' and u.erased_at is null
      and u.created_at < ${at} and u.updated_at < ${at}
      ${opts.userId === undefined ? sql`` : sql`and u.id = ${opts.userId}`}
      and exists (select 1 from pledges p join payments pa on pa.pledge_id = p.id where p.user_id = u.id)
      and not exists (select 1 from pledges p where p.user_id = u.id and p.created_at >= ${at})
      and not exists (
        select 1 from pledges p join payments pa on pa.pledge_id = p.id
        where p.user_id = u.id and (pa.processing_date >= ${day} or pa.settled_at >= ${at}))
      and not exists (select 1 from refresh_tokens r where r.user_id = u.id and r.created_at >= ${at})
    order by u.id
    limit ${opts.limit ?? 500}`);
  return rows.rows.map((r) => Number(r.id));
}
