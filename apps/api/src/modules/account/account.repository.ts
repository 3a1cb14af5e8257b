import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  authTokens,
  campaigns,
  emailChanges,
  mails,
  paymentMethods,
  payments,
  pledges,
  recipients,
  users } from '../../db/schema.ts';


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

/** Every payment of the donor's pledges, in date order. */
export async function listPayments(db: Executor, userId: number) {
  return db
    .select({
      id: payments.id,
      pledge_id: payments.pledge_id,
      payment_status: payments.payment_status,
      processing_date: payments.processing_date,
      amount: payments.amount,
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

export async function setOptIns(
  db: Executor,
  userId: number,
  values: Partial<Pick<typeof users.$inferInsert, 'opt_in_uplift_comms' | 'opt_in_uplift_comms_at' | 'opt_in_charity_comms' | 'opt_in_charity_comms_at'>>,
  now: Date,
) {
  await db.update(users).set({ ...values, updated_at: now }).where(eq(users.id, userId));
}

/** Locks the donor's row for a change of their account. */
export async function lockUser(tx: Tx, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

// Profile and email

export async function updateProfile(db: Executor, userId: number, values: { first_name: string; last_name: string; user_address: string }, now: Date) {
  await db.update(users).set({ ...values, updated_at: now }).where(eq(users.id, userId));
}

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

export async function setEmail(db: Executor, userId: number, email: string, now: Date) {
  await db.update(users).set({ email, updated_at: now }).where(eq(users.id, userId));
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

export async function listMailsTo(db: Executor, email: string) {
  return db
    .select({ subject: mails.subject, created_at: mails.created_at })
    .from(mails)
    .where(sql`lower(${mails.to_address}) = ${email.toLowerCase()}`)
    .orderBy(asc(mails.id));
}

// Erasure (docs/decisions/082)

/** Drops mails to the address not yet sent, and empties the ones sent (subject and date stay). */
export async function scrubMails(db: Executor, email: string, tombstone: string, keepId: number | undefined) {
  const mine = sql`lower(${mails.to_address}) = ${email.toLowerCase()} and ${mails.id} <> ${keepId ?? 0}`;
  await db.delete(mails).where(and(mine, inArray(mails.status, ['queued', 'retrying'])));
  await db
    .update(mails)
    .set({ to_address: tombstone, text_body: '[erased]', html_body: '[erased]', attachments: null, error: null })
    .where(mine);
}

export async function deleteSavedCards(db: Executor, userId: number) {
  await db.delete(paymentMethods).where(eq(paymentMethods.user_id, userId));
}

export async function deleteTokens(db: Executor, userId: number) {
  await db.delete(authTokens).where(eq(authTokens.user_id, userId));
  await db.delete(emailChanges).where(eq(emailChanges.user_id, userId));
}

export async function anonymiseUser(db: Executor, userId: number, tombstone: string, now: Date) {
  await db
    .update(users)
    .set({
      first_name: '',
      last_name: '',
      email: tombstone,
      user_address: '',
      password_hash: '!erased',
      activated: false,
      opt_in_uplift_comms: false,
      opt_in_charity_comms: false,
      stripe_customer_id: null,
      erased_at: now,
      updated_at: now,
    })
    .where(eq(users.id, userId));
}
