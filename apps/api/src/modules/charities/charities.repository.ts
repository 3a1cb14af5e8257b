import type { CountryCode } from '@uplift/core/countries';
import { fromMinor, toMinor, type Minor } from '@uplift/core/money';
import type { CharityExportRecord } from '@uplift/core/schemas/admin';
import type { AdminCharity, CharityRequest } from '@uplift/core/schemas/admin-charities';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { and, asc, eq, sql, desc } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { campaignRecipients, recipients, pledges, recipientLogos, campaigns, charityExports, users } from '../../db/schema.ts';
import { MAX_SERIAL_ID } from '../campaigns/index.ts';

type RecipientRow = typeof recipients.$inferSelect;

/** A charity as the API answers it (core's recipientSchema); impact_cost becomes a decimal amount. */
export function toRecipientJson(row: RecipientRow): Recipient {
  return {
    id: row.id,
    recipient_name: row.recipient_name,
    logo: row.logo,
    impact_cost: fromMinor(row.impact_cost),
    impact_unit: row.impact_unit,
    impact_unit_singular: row.impact_unit_singular,
    impact_description: row.impact_description,
    impact_multiplier: row.impact_multiplier,
    description: row.description,
    link: row.link,
    country: row.country,
  };
}

/** Every enabled charity of a country, ordered by id. */
export async function listCountryRecipients(db: Executor, country: CountryCode): Promise<RecipientRow[]> {
  return db
    .select()
    .from(recipients)
    .where(and(eq(recipients.country, country), eq(recipients.is_enabled, true)))
    .orderBy(asc(recipients.id));
}

/**
 * What a campaign offers, ordered by id: every enabled charity of its country, unless an admin
 * narrowed the campaign to some (rows in campaign_recipients), then those of them that are enabled.
 */
export async function listCampaignRecipients(db: Executor, campaign: { id: number; country: CountryCode }): Promise<RecipientRow[]> {
  return db
    .select()
    .from(recipients)
    .where(
      and(
        eq(recipients.country, campaign.country),
        eq(recipients.is_enabled, true),
        sql`(not exists (select 1 from ${campaignRecipients} cr where cr.campaign_id = ${campaign.id})
          or exists (select 1 from ${campaignRecipients} cr where cr.campaign_id = ${campaign.id} and cr.recipient_id = ${recipients.id}))`,
      ),
    )
    .orderBy(asc(recipients.id));
}

export async function findRecipientById(db: Executor, id: number): Promise<RecipientRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db.select().from(recipients).where(eq(recipients.id, id));
  return row;
}

// The admin's view of a charity: every field, whether it is enabled and how many pledges name it.
type Row = typeof recipients.$inferSelect & { pledge_count: number };

// Qualified by hand: inside a subquery Drizzle would render the outer column as a bare "id".
const pledgeCount = sql<number>`(select count(*) from ${pledges} p where p.recipient_id = "recipients"."id")`.mapWith(Number);

function toAdminCharity(row: Row): AdminCharity {
  return { ...toRecipientJson(row), is_enabled: row.is_enabled, pledge_count: row.pledge_count };
}

/** Every charity of both countries (disabled ones too), by country then id. */
export async function listCharities(db: Executor): Promise<AdminCharity[]> {
  const rows = await db
    .select({ ...recipientColumns(), pledge_count: pledgeCount })
    .from(recipients)
    .orderBy(asc(recipients.country), asc(recipients.id));
  return rows.map(toAdminCharity);
}

export async function findCharity(db: Executor, id: number): Promise<AdminCharity | undefined> {
  const [row] = await db
    .select({ ...recipientColumns(), pledge_count: pledgeCount })
    .from(recipients)
    .where(eq(recipients.id, id));
  return row ? toAdminCharity(row) : undefined;
}

function recipientColumns() {
  const { id, slug, recipient_name, logo, impact_cost, impact_unit, impact_unit_singular, impact_description, impact_multiplier, description, link, country, is_enabled } =
    recipients;
  return { id, slug, recipient_name, logo, impact_cost, impact_unit, impact_unit_singular, impact_description, impact_multiplier, description, link, country, is_enabled };
}

function columnsOf(input: CharityRequest) {
  return {
    recipient_name: input.recipient_name,
    country: input.country,
    impact_cost: toMinor(input.impact_cost),
    impact_unit: input.impact_unit,
    impact_unit_singular: input.impact_unit_singular,
    impact_description: input.impact_description,
    impact_multiplier: input.impact_multiplier,
    description: input.description,
    link: input.link,
    is_enabled: input.is_enabled,
  };
}

export async function insertCharity(db: Executor, input: CharityRequest, slug: string): Promise<number> {
  const [row] = await db
    .insert(recipients)
    .values({ ...columnsOf(input), slug, logo: '' })
    .returning({ id: recipients.id });
  return row!.id;
}

export async function updateCharity(db: Executor, id: number, input: CharityRequest): Promise<boolean> {
  const rows = await db.update(recipients).set(columnsOf(input)).where(eq(recipients.id, id)).returning({ id: recipients.id });
  return rows.length > 0;
}

export async function saveLogo(
  db: Executor,
  id: number,
  logo: { contentType: string; data: Buffer; sha256: string },
  url: string,
  now: Date,
): Promise<void> {
  const values = { recipient_id: id, content_type: logo.contentType, data: logo.data, sha256: logo.sha256, updated_at: now };
  await db.insert(recipientLogos).values(values).onConflictDoUpdate({ target: recipientLogos.recipient_id, set: values });
  await db.update(recipients).set({ logo: url }).where(eq(recipients.id, id));
}

export async function deleteCharity(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(recipients).where(eq(recipients.id, id)).returning({ id: recipients.id });
  return rows.length > 0;
}

export async function countCharityPledges(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(pledges).where(eq(pledges.recipient_id, id));
  return row?.n ?? 0;
}

/** The stored logo of a charity, for serving. */
export async function findLogo(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(recipientLogos).where(eq(recipientLogos.recipient_id, id));
  return row;
}

export type ExportDonorRow = {
  first_name: string;
  last_name: string;
  email: string;
  pledge_status: 'Confirmed' | 'Cancelled';
  confirmed_amount: Minor;
  amount_paid: Minor;
  /** 'YYYY-MM-DD:amount_minor' of each successful payment, in date order. */
  paid: string[];
  /** The same for payments still to come. */
  scheduled: string[];
};

export async function findRecipient(db: Executor, id: number) {
  const [row] = await db
    .select({ id: recipients.id, recipient_name: recipients.recipient_name, slug: recipients.slug, country: recipients.country })
    .from(recipients)
    .where(eq(recipients.id, id));
  return row;
}

export async function findCampaignForExport(db: Executor, id: number) {
  const [row] = await db
    .select({ id: campaigns.id, campaign_name: campaigns.campaign_name, country: campaigns.country })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row;
}

export async function listRecipients(db: Executor) {
  return db
    .select({ id: recipients.id, recipient_name: recipients.recipient_name, country: recipients.country })
    .from(recipients)
    .orderBy(asc(recipients.country), asc(recipients.id));
}

/**
 * The donors a charity may receive for one campaign: they opted in to share their details with
 * the charity, and their pledge counts (Confirmed, or Cancelled after at least one successful
 * payment — the same rule as the totals). Nobody else, as the privacy policy promises.
 */
export async function exportDonors(db: Executor, recipientId: number, campaignId: number): Promise<ExportDonorRow[]> {
  const result = await db.execute<ExportDonorRow>(sql`
    select u.first_name, u.last_name, u.email, p.pledge_status, p.confirmed_amount,
      coalesce(sum(pay.amount) filter (where pay.payment_status = 'Success'), 0)::int as amount_paid,
      coalesce(array_agg(pay.processing_date::text || ':' || pay.amount order by pay.processing_date)
        filter (where pay.payment_status = 'Success'), '{}') as paid,
      coalesce(array_agg(pay.processing_date::text || ':' || pay.amount order by pay.processing_date)
        filter (where pay.payment_status = 'Pending'), '{}') as scheduled
    from pledges p
    join users u on u.id = p.user_id
    left join payments pay on pay.pledge_id = p.id
    where p.campaign_id = ${campaignId}
      and p.recipient_id = ${recipientId}
      and u.opt_in_charity_comms = true
      and p.pledge_status in ('Confirmed', 'Cancelled')
    group by p.id, u.id
    having p.pledge_status = 'Confirmed' or count(*) filter (where pay.payment_status = 'Success') > 0
    order by lower(u.last_name), lower(u.first_name), p.id
  `);
  return result.rows;
}

export async function recordExport(
  db: Executor,
  entry: { admin_user_id: number; recipient_id: number; campaign_id: number; row_count: number; created_at: Date },
): Promise<number> {
  const [row] = await db.insert(charityExports).values(entry).returning({ id: charityExports.id });
  return row!.id;
}

const admin = alias(users, 'export_admin');

/** The newest exports first, with who made them and for which charity and campaign. */
export async function listExports(db: Executor, limit: number): Promise<CharityExportRecord[]> {
  const rows = await db
    .select({
      id: charityExports.id,
      created_at: charityExports.created_at,
      row_count: charityExports.row_count,
      admin_user_id: charityExports.admin_user_id,
      admin_email: admin.email,
      recipient_id: charityExports.recipient_id,
      recipient_name: recipients.recipient_name,
      campaign_id: charityExports.campaign_id,
      campaign_name: campaigns.campaign_name,
    })
    .from(charityExports)
    .leftJoin(admin, eq(admin.id, charityExports.admin_user_id))
    .leftJoin(recipients, eq(recipients.id, charityExports.recipient_id))
    .leftJoin(campaigns, eq(campaigns.id, charityExports.campaign_id))
    .orderBy(desc(charityExports.created_at), desc(charityExports.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
