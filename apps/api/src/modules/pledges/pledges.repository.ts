import type { Period } from '@uplift/core/calculator';
import { todayInCountry } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { fromMinor, type Minor } from '@uplift/core/money';
import type { Pledge, PledgePayment } from '@uplift/core/schemas/pledge';
import type { PledgeStatus } from '@uplift/core/statuses';
import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { campaigns, challenges, pledges, recipients, users } from '../../db/schema.ts';
import { paymentsOfPledge as ledgerPaymentsOfPledge, pledgeHasUnreceivedPayment, receivedPaymentCount } from '../payments/index.ts';

// Every query on pledges: the pledges module owns their writes (docs/architecture.md). The payments
// a pledge's life creates or cancels are written by the ledger (payments/ledger.repository.ts).
// Each function runs on the database or a transaction.

const pledgeColumns = {
  id: pledges.id,
  user_id: pledges.user_id,
  campaign_id: pledges.campaign_id,
  challenge_id: pledges.challenge_id,
  recipient_id: pledges.recipient_id,
  number_of_units: pledges.number_of_units,
  cost_per_unit: pledges.cost_per_unit,
  period: pledges.period,
  confirmed_amount: pledges.confirmed_amount,
  pledge_status: pledges.pledge_status,
  payment_method_id: pledges.payment_method_id,
  country: campaigns.country,
};

/** A pledge row with its campaign's country; amounts in minor units. */
export type PledgeRow = {
  id: number;
  user_id: number;
  campaign_id: number;
  challenge_id: number;
  recipient_id: number;
  number_of_units: number;
  cost_per_unit: Minor;
  period: Period;
  confirmed_amount: Minor;
  pledge_status: PledgeStatus;
  payment_method_id: number | null;
  country: CountryCode;
};

/** The figures of a pledge as stored (minor units), checked by pledge-input. */
export type PledgeFigures = Pick<
  typeof pledges.$inferInsert,
  'campaign_id' | 'challenge_id' | 'recipient_id' | 'number_of_units' | 'cost_per_unit' | 'period' | 'confirmed_amount'
>;

/** A pledge as the API speaks it: amounts in decimal currency units (product-rules §11). */
export function pledgeView(row: PledgeRow): Pledge {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    challenge_id: row.challenge_id,
    recipient_id: row.recipient_id,
    number_of_units: row.number_of_units,
    cost_per_unit: fromMinor(row.cost_per_unit),
    period: row.period,
    confirmed_amount: fromMinor(row.confirmed_amount),
    pledge_status: row.pledge_status,
    country: row.country,
  };
}

// Reads

/**
 * The user's most relevant pledge: first the campaign closest in time (campaigns not yet over,
 * the soonest to end first; then ended ones, the latest first), and within a campaign a live
 * (Pending or Confirmed) pledge before a cancelled one, the newest first.
 */
export async function findClosestPledge(
  db: Executor,
  userId: number,
  now: Date,
  opts: { status?: PledgeStatus } = {},
): Promise<PledgeRow | undefined> {
  // "Today" differs between the two countries' zones; each campaign is judged in its own.
  const today = sql`(case ${campaigns.country} when 'NZ' then ${todayInCountry('NZ', now)} else ${todayInCountry('UK', now)} end)::date`;
  const notOver = sql`(${campaigns.end_date} >= ${today})`;
  const conditions: SQL[] = [eq(pledges.user_id, userId)];
  if (opts.status) conditions.push(eq(pledges.pledge_status, opts.status));
  const [row] = await db
    .select(pledgeColumns)
    .from(pledges)
    .innerJoin(campaigns, eq(campaigns.id, pledges.campaign_id))
    .where(and(...conditions))
    .orderBy(
      desc(notOver),
      sql`case when ${notOver} then ${campaigns.end_date} end asc nulls last`,
      desc(campaigns.end_date),
      desc(sql`(${pledges.pledge_status} <> 'Cancelled')`),
      desc(pledges.created_at),
      desc(pledges.id),
    )
    .limit(1);
  return row;
}

export async function findOwnPledge(db: Executor, userId: number, id: number): Promise<PledgeRow | undefined> {
  const [row] = await db
    .select(pledgeColumns)
    .from(pledges)
    .innerJoin(campaigns, eq(campaigns.id, pledges.campaign_id))
    .where(and(eq(pledges.id, id), eq(pledges.user_id, userId)));
  return row;
}

export async function findLivePledgeForCampaign(db: Executor, userId: number, campaignId: number) {
  const [row] = await db
    .select({ id: pledges.id, pledge_status: pledges.pledge_status })
    .from(pledges)
    .where(and(eq(pledges.user_id, userId), eq(pledges.campaign_id, campaignId), ne(pledges.pledge_status, 'Cancelled')));
  return row;
}

export async function hasConfirmedPledge(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pledges.id })
    .from(pledges)
    .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Confirmed')))
    .limit(1);
  return Boolean(row);
}

/** A pledge's payments in date order, amounts in decimal (the ledger's read: docs/decisions/146). */
export async function listPledgePayments(db: Executor, pledgeId: number): Promise<PledgePayment[]> {
  const rows = await ledgerPaymentsOfPledge(db, pledgeId);
  return rows.map((p) => ({
    id: p.id,
    processing_date: p.processing_date,
    amount: fromMinor(p.amount),
    fee_cover: fromMinor(p.fee_cover),
    payment_status: p.payment_status,
    skipped_from: p.skipped_from,
  }));
}

// Creating and replacing

export async function insertPendingPledge(db: Executor, userId: number, figures: PledgeFigures, now: Date): Promise<number> {
  const [row] = await db
    .insert(pledges)
    .values({ ...figures, user_id: userId, pledge_status: 'Pending', created_at: now })
    .returning({ id: pledges.id });
  return row!.id;
}

/**
 * Serialises one donor's pledge changes: a replace waits for another replace (or registration's
 * insert) of the same donor to finish, so two tabs cannot both create a Pending pledge.
 */
export async function lockDonor(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return Boolean(row);
}

/** The user's Pending pledges, locked, the newest first. */
export async function lockPendingPledges(tx: Tx, userId: number) {
  return tx
    .select({ id: pledges.id, campaign_id: pledges.campaign_id })
    .from(pledges)
    .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Pending')))
    .orderBy(desc(pledges.created_at), desc(pledges.id))
    .for('update');
}

/** Gives a Pending pledge new figures (a Pending pledge has no payments yet). */
export async function updatePendingPledge(db: Executor, pledgeId: number, figures: PledgeFigures, now: Date): Promise<boolean> {
  const updated = await db
    .update(pledges)
    .set({ ...figures, created_at: now })
    .where(and(eq(pledges.id, pledgeId), eq(pledges.pledge_status, 'Pending')))
    .returning({ id: pledges.id });
  return updated.length > 0;
}

/** Removes Pending pledges of the user (all of them, or those listed); they have no payments. */
export async function deletePendingPledges(db: Executor, userId: number, ids?: number[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const deleted = await db
    .delete(pledges)
    .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Pending'), ids ? inArray(pledges.id, ids) : undefined))
    .returning({ id: pledges.id });
  return deleted.length;
}

// Confirming

/** The user's newest Pending pledge, locked for the rest of the transaction. */
export async function lockNewestPendingPledge(db: Executor, userId: number): Promise<PledgeRow | undefined> {
  const [row] = await db
    .select(pledgeColumns)
    .from(pledges)
    .innerJoin(campaigns, eq(campaigns.id, pledges.campaign_id))
    .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Pending')))
    .orderBy(desc(pledges.created_at), desc(pledges.id))
    .limit(1)
    .for('update', { of: pledges });
  return row;
}

export async function findCampaignOfPledge(db: Executor, campaignId: number) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  return row;
}

/** Moves a Pending pledge to Confirmed with its card and final total; false when it was no longer Pending. */
export async function markConfirmed(
  db: Executor,
  pledgeId: number,
  values: { confirmedAmountMinor: Minor; paymentMethodId: number; now: Date },
): Promise<boolean> {
  const updated = await db
    .update(pledges)
    .set({ pledge_status: 'Confirmed', confirmed_amount: values.confirmedAmountMinor, payment_method_id: values.paymentMethodId, confirmed_at: values.now })
    .where(and(eq(pledges.id, pledgeId), eq(pledges.pledge_status, 'Pending')))
    .returning({ id: pledges.id });
  return updated.length > 0;
}

// Cancelling

export async function lockPledge(tx: Tx, pledgeId: number) {
  const [row] = await tx
    .select({ id: pledges.id, pledge_status: pledges.pledge_status })
    .from(pledges)
    .where(eq(pledges.id, pledgeId))
    .for('update');
  return row;
}

/** The pledge is Cancelled from now (its payments are the ledger's: payments/ledger.service.ts). */
export async function markCancelled(tx: Tx, pledgeId: number, now: Date): Promise<void> {
  await tx.update(pledges).set({ pledge_status: 'Cancelled', cancelled_at: now }).where(eq(pledges.id, pledgeId));
}

/**
 * Erasure: the donor's never-confirmed pledges are Cancelled, and so is every Confirmed one that
 * still had something to pay (a payment that is not Success), as a cancel would leave it. A
 * Confirmed pledge paid in full stays Confirmed: it gave everything it promised.
 */
export async function cancelUnfinishedPledgesOfDonor(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(pledges)
    .set({ pledge_status: 'Cancelled', cancelled_at: now })
    .where(
      and(
        eq(pledges.user_id, userId),
        or(
          eq(pledges.pledge_status, 'Pending'),
          and(
            eq(pledges.pledge_status, 'Confirmed'),
            pledgeHasUnreceivedPayment('pledges'),
          ),
        ),
      ),
    );
}

/** Change card: the donor's Confirmed pledges say they are paid with this saved card. */
export async function setPaymentMethodOfConfirmed(tx: Tx, userId: number, paymentMethodId: number): Promise<void> {
  await tx
    .update(pledges)
    .set({ payment_method_id: paymentMethodId })
    .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Confirmed')));
}

// Mail facts

/** Who to write to about a pledge, the challenge and the charity's name. */
export async function findPledgeMailFacts(db: Executor, pledgeId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.first_name,
      challengeName: challenges.name,
      recipientName: recipients.recipient_name,
      country: campaigns.country,
    })
    .from(pledges)
    .innerJoin(users, eq(users.id, pledges.user_id))
    .innerJoin(challenges, eq(challenges.id, pledges.challenge_id))
    .innerJoin(recipients, eq(recipients.id, pledges.recipient_id))
    .innerJoin(campaigns, eq(campaigns.id, pledges.campaign_id))
    .where(eq(pledges.id, pledgeId));
  return row;
}

/** What a weekly receipt's progress part needs (docs/decisions/137): the challenge's figures and the charity's impact. */
export async function findPledgeProgressFacts(db: Executor, pledgeId: number) {
  const [row] = await db
    .select({
      challengeName: challenges.name,
      unit: challenges.unit,
      numberOfUnits: pledges.number_of_units,
      period: pledges.period,
      charityName: recipients.recipient_name,
      impactCostMinor: recipients.impact_cost,
      impactMultiplier: recipients.impact_multiplier,
      impactUnit: recipients.impact_unit,
      impactUnitSingular: recipients.impact_unit_singular,
    })
    .from(pledges)
    .innerJoin(challenges, eq(challenges.id, pledges.challenge_id))
    .innerJoin(recipients, eq(recipients.id, pledges.recipient_id))
    .where(eq(pledges.id, pledgeId));
  return row;
}

/** How many of a pledge's payments have been received (a milestone is reached by a count: docs/decisions/137); the ledger's read. */
export const countPaidPayments = receivedPaymentCount;

// Documents (receipt PDF, calendar)

/** One of the donor's pledges (undefined when it is not theirs) with its campaign, charity and donor. */
export async function findPledgeDocumentFacts(db: Executor, userId: number, pledgeId: number) {
  const [row] = await db
    .select({
      id: pledges.id,
      country: campaigns.country,
      campaign_name: campaigns.campaign_name,
      recipient_name: recipients.recipient_name,
      first_name: users.first_name,
      last_name: users.last_name,
      user_address: users.user_address,
    })
    .from(pledges)
    .innerJoin(campaigns, eq(campaigns.id, pledges.campaign_id))
    .innerJoin(recipients, eq(recipients.id, pledges.recipient_id))
    .innerJoin(users, eq(users.id, pledges.user_id))
    .where(and(eq(pledges.id, pledgeId), eq(pledges.user_id, userId)));
  return row;
}

/** A pledge's payments in schedule order, with their receipt numbers and what went back of each (the ledger's read: docs/decisions/132, 146). */
export const paymentsOfPledge = ledgerPaymentsOfPledge;

/** The owner of a pledge (for the final receipt mail). */
export async function ownerOfPledge(db: Executor, pledgeId: number) {
  const [row] = await db.select({ user_id: pledges.user_id }).from(pledges).where(eq(pledges.id, pledgeId));
  return row?.user_id;
}
