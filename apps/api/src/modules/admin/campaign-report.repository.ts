import { asMinor, type Minor } from '@uplift/core/money';
import type { CountryCode } from '@uplift/core/countries';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, challenges, payouts, recipients } from '../../db/schema.ts';

// The report's own tables (payouts) and names; every money figure is the ledger's, read through
// payments' published figures (docs/decisions/146-money-read-rules.md).

/** Payouts recorded per charity for the campaign (one query over payouts), minor units. */
export async function selectPaidOut(db: Executor, campaignId: number): Promise<Map<number, Minor>> {
  const result = await db.execute<{ recipient_id: number; paid_out: string }>(sql`
    select recipient_id, sum(amount)::bigint as paid_out from payouts where campaign_id = ${campaignId} group by recipient_id
  `);
  return new Map(result.rows.map((r) => [Number(r.recipient_id), asMinor(Number(r.paid_out))]));
}

export type CampaignRow = typeof campaigns.$inferSelect;
export type RecipientRow = typeof recipients.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

export async function findCampaign(db: Executor, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function findRecipient(db: Executor, id: number): Promise<RecipientRow | undefined> {
  const [row] = await db.select().from(recipients).where(eq(recipients.id, id));
  return row;
}

/** Every charity of a country, enabled or not (the report shows a disabled one that has money), by id. */
export async function selectCountryCharities(db: Executor, country: CountryCode): Promise<{ id: number; name: string; is_enabled: boolean }[]> {
  return db
    .select({ id: recipients.id, name: recipients.recipient_name, is_enabled: recipients.is_enabled })
    .from(recipients)
    .where(eq(recipients.country, country))
    .orderBy(asc(recipients.id));
}

/** Every challenge, enabled or not (challenges are shared by every country), by id. */
export async function selectAllChallenges(db: Executor): Promise<{ id: number; name: string; is_enabled: boolean }[]> {
  return db.select({ id: challenges.id, name: challenges.name, is_enabled: challenges.is_enabled }).from(challenges).orderBy(asc(challenges.id));
}

/** The campaign's payouts with their charity's name, newest first; amounts in minor units. */
export async function selectPayouts(db: Executor, campaignId: number) {
  return db
    .select({
      id: payouts.id,
      campaign_id: payouts.campaign_id,
      recipient_id: payouts.recipient_id,
      recipient_name: recipients.recipient_name,
      amount: payouts.amount,
      paid_on: payouts.paid_on,
      reference: payouts.reference,
      admin_user_id: payouts.admin_user_id,
      created_at: payouts.created_at,
      corrects_payout_id: payouts.corrects_payout_id,
      reason: payouts.reason,
    })
    .from(payouts)
    .innerJoin(recipients, eq(recipients.id, payouts.recipient_id))
    .where(eq(payouts.campaign_id, campaignId))
    .orderBy(desc(payouts.id));
}

/** Appends a payout (never updated or deleted: docs/decisions/055-payouts-append-only.md). */
export async function insertPayout(db: Executor, payout: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await db.insert(payouts).values(payout).returning();
  return row!;
}

/** The advisory lock's first key; the second is the campaign's id (decision 122). */
const PAYOUT_LOCK = 0x55705055;

/**
 * Holds the campaign's payout lock until the transaction ends: payouts and corrections of one
 * campaign are recorded one at a time, each checked against the sums the one before committed.
 */
export async function lockCampaignPayouts(db: Executor, campaignId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK}::int, ${campaignId}::int)`);
}

/** One payout of the campaign with what its corrections took back so far (0 or negative), minor units. */
export async function findPayoutOfCampaign(db: Executor, campaignId: number, payoutId: number): Promise<(PayoutRow & { corrected: Minor }) | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.campaign_id, campaignId)));
  if (!row) return undefined;
  const [sum] = await db
    .select({ corrected: sql<string>`coalesce(sum(${payouts.amount}), 0)::bigint` })
    .from(payouts)
    .where(eq(payouts.corrects_payout_id, payoutId));
  return { ...row, corrected: asMinor(Number(sum?.corrected ?? 0)) };
}
