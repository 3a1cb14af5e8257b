import type { CountryCode } from '@uplift/core/countries';
import { fromMinor, toMinor, type Minor } from '@uplift/core/money';
import type { CharityExportRecord } from '@uplift/core/schemas/admin';
import type { AdminCharity, CharityRequest } from '@uplift/core/schemas/admin-charities';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { and, asc, eq, getTableColumns, sql, desc } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { recipients, pledges, recipientLogos, recipientPhotos, campaigns, charityExports, users } from '../../db/schema.ts';
import { MAX_SERIAL_ID } from '../campaigns/index.ts';
import { charityOffered } from '../challenges/index.ts';
import { givenOfPledge, paymentListOfPledge, pledgeCounts } from '../payments/index.ts';
import { photoUrl, type Photo, type PhotoSize } from './charity-photo.ts';

/** What a charity's answer says of its photo (never the bytes); null columns when it has none. */
const photoColumns = {
  photo_sha256: recipientPhotos.sha256,
  photo_width: recipientPhotos.width,
  photo_height: recipientPhotos.height,
  photo_alt: recipientPhotos.alt,
};
type PhotoColumns = { photo_sha256: string | null; photo_width: number | null; photo_height: number | null; photo_alt: string | null };
type RecipientRow = typeof recipients.$inferSelect & PhotoColumns;

const withPhoto = eq(recipientPhotos.recipient_id, recipients.id);

function photoOf(row: { id: number } & PhotoColumns): Recipient['photo'] {
  if (row.photo_sha256 === null || row.photo_width === null || row.photo_height === null || row.photo_alt === null) return null;
  return {
    url: photoUrl(row.id, row.photo_sha256, 'full'),
    card_url: photoUrl(row.id, row.photo_sha256, 'card'),
    alt: row.photo_alt,
    width: row.photo_width,
    height: row.photo_height,
  };
}

/** A charity as the API answers it (core's recipientSchema); impact_cost becomes a decimal amount. */
export function toRecipientJson(row: Omit<RecipientRow, 'slug' | 'is_enabled'>): Recipient {
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
    story: row.story,
    photo: photoOf(row),
  };
}

/** Every enabled charity of a country, ordered by id. */
export async function listCountryRecipients(db: Executor, country: CountryCode): Promise<RecipientRow[]> {
  return db
    .select({ ...getTableColumns(recipients), ...photoColumns })
    .from(recipients)
    .leftJoin(recipientPhotos, withPhoto)
    .where(and(eq(recipients.country, country), eq(recipients.is_enabled, true)))
    .orderBy(asc(recipients.id));
}

/**
 * What a campaign offers, ordered by id: the charities of its country offered in it (challenges'
 * rule, docs/decisions/146) that are enabled.
 */
export async function listCampaignRecipients(db: Executor, campaign: { id: number; country: CountryCode }): Promise<RecipientRow[]> {
  return db
    .select({ ...getTableColumns(recipients), ...photoColumns })
    .from(recipients)
    .leftJoin(recipientPhotos, withPhoto)
    .where(
      and(
        eq(recipients.country, campaign.country),
        eq(recipients.is_enabled, true),
        charityOffered(campaign.id, recipients.id),
      ),
    )
    .orderBy(asc(recipients.id));
}

export async function findRecipientById(db: Executor, id: number): Promise<RecipientRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db
    .select({ ...getTableColumns(recipients), ...photoColumns })
    .from(recipients)
    .leftJoin(recipientPhotos, withPhoto)
    .where(eq(recipients.id, id));
  return row;
}

// The admin's view of a charity: every field, whether it is enabled and how many pledges name it.
type Row = RecipientRow & { pledge_count: number };

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
    .leftJoin(recipientPhotos, withPhoto)
    .orderBy(asc(recipients.country), asc(recipients.id));
  return rows.map(toAdminCharity);
}

export async function findCharity(db: Executor, id: number): Promise<AdminCharity | undefined> {
  const [row] = await db
    .select({ ...recipientColumns(), pledge_count: pledgeCount })
    .from(recipients)
    .leftJoin(recipientPhotos, withPhoto)
    .where(eq(recipients.id, id));
  return row ? toAdminCharity(row) : undefined;
}

function recipientColumns() {
  return { ...getTableColumns(recipients), ...photoColumns };
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
    story: input.story,
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

/** Stores a charity's photo in its two sizes, replacing any it had. */
export async function savePhoto(db: Executor, id: number, photo: Photo, alt: string, now: Date): Promise<void> {
  const values = {
    recipient_id: id,
    data: photo.data,
    card_data: photo.cardData,
    sha256: photo.sha256,
    width: photo.width,
    height: photo.height,
    alt,
    updated_at: now,
  };
  await db.insert(recipientPhotos).values(values).onConflictDoUpdate({ target: recipientPhotos.recipient_id, set: values });
}

/** Removes a charity's photo; false when it had none. */
export async function deletePhoto(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(recipientPhotos).where(eq(recipientPhotos.recipient_id, id)).returning({ id: recipientPhotos.recipient_id });
  return rows.length > 0;
}

/** One stored size of a charity's photo, for serving. */
export async function findPhoto(db: Executor, id: number, size: PhotoSize) {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db
    .select({ data: size === 'card' ? recipientPhotos.card_data : recipientPhotos.data, sha256: recipientPhotos.sha256 })
    .from(recipientPhotos)
    .where(eq(recipientPhotos.recipient_id, id));
  return row;
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
 * `amount_paid` is what the pledge gave: received less refunds that went through, as every total
 * counts it; `paid` lists the charges as they were made. All read through the ledger's published
 * rules (docs/decisions/146).
 */
export async function exportDonors(db: Executor, recipientId: number, campaignId: number): Promise<ExportDonorRow[]> {
  const result = await db.execute<ExportDonorRow>(sql`
    select u.first_name, u.last_name, u.email, p.pledge_status, p.confirmed_amount,
      (${givenOfPledge('p')})::int as amount_paid,
      ${paymentListOfPledge('p', 'received')} as paid,
      ${paymentListOfPledge('p', 'scheduled')} as scheduled
    from pledges p
    join users u on u.id = p.user_id
    where p.campaign_id = ${campaignId}
      and p.recipient_id = ${recipientId}
      and u.opt_in_charity_comms = true
      and ${pledgeCounts('p')}
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
