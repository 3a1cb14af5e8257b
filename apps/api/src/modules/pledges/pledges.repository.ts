import { todayInCountry } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { fromMinor } from '@uplift/core/money';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, payments, pledges } from '../../db/schema.ts';

type Executor = Pick<Db, 'select'>;

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

export type PledgeRow = {
  id: number;
  user_id: number;
  campaign_id: number;
  challenge_id: number;
  recipient_id: number;
  number_of_units: number;
  cost_per_unit: number;
  period: string;
  confirmed_amount: number;
  pledge_status: string;
  payment_method_id: number | null;
  country: string;
};

/** A pledge as the API speaks it: amounts in decimal currency units (DECISIONS.md). */
export function pledgeView(row: PledgeRow) {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    challenge_id: row.challenge_id,
    recipient_id: row.recipient_id,
    number_of_units: row.number_of_units,
    cost_per_unit: fromMinor(row.cost_per_unit),
    period: row.period as 'weekly' | 'monthly',
    confirmed_amount: fromMinor(row.confirmed_amount),
    pledge_status: row.pledge_status as 'Pending' | 'Confirmed' | 'Cancelled',
    country: row.country as CountryCode,
  };
}

/**
 * The user's most relevant pledge: first the campaign closest in time (campaigns not yet over,
 * the soonest to end first; then ended ones, the latest first), and within a campaign a live
 * (Pending or Confirmed) pledge before a cancelled one, the newest first.
 */
export async function findClosestPledge(
  db: Executor,
  userId: number,
  now: Date,
  opts: { status?: 'Confirmed' } = {},
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

export async function hasConfirmedPledge(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pledges.id })
    .from(pledges)
    .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Confirmed')))
    .limit(1);
  return Boolean(row);
}

export async function listPledgePayments(db: Executor, pledgeId: number) {
  const rows = await db
    .select({
      id: payments.id,
      processing_date: payments.processing_date,
      amount: payments.amount,
      payment_status: payments.payment_status,
    })
    .from(payments)
    .where(eq(payments.pledge_id, pledgeId))
    .orderBy(asc(payments.processing_date));
  return rows.map((p) => ({ ...p, amount: fromMinor(p.amount) }));
}
