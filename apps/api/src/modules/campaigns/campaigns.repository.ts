import { todayInCountry } from '@uplift/core/calendar';
import { COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { fromMinor, toMinor } from '@uplift/core/money';
import type { Campaign, AdminCampaign, CampaignRequest } from '@uplift/core/schemas/campaign';
import { and, asc, eq, gte, or, count, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaignPhotos, campaigns, pledges } from '../../db/schema.ts';
import { heroPhotoJson, type PhotoFormat, type PhotoSet } from './campaign-photo.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign as every route answers it (core's campaignSchema): the row without its timestamps. */
export function toCampaignJson(row: CampaignRow): Campaign {
  return {
    id: row.id,
    campaign_name: row.campaign_name,
    start_date: row.start_date,
    end_date: row.end_date,
    billing_start_date: row.billing_start_date,
    billing_cycle: row.billing_cycle,
    is_active: row.is_active,
    country: row.country,
    goal_amount: row.goal_amount === null ? null : fromMinor(row.goal_amount),
    photo: heroPhotoJson(row),
  };
}

/** Largest id PostgreSQL's `serial` can hold: a bigger one cannot exist (and must not reach the query). */
export const MAX_SERIAL_ID = 2_147_483_647;

/** Ongoing before upcoming: the earliest end date first (product-rules §12). */
const CLOSEST_FIRST = [asc(campaigns.end_date), asc(campaigns.start_date), asc(campaigns.id)];

/** Active and its end date not yet passed in its own country (a campaign ending today is still on). */
function openIn(country: CountryCode, now: Date) {
  return and(eq(campaigns.country, country), eq(campaigns.is_active, true), gte(campaigns.end_date, todayInCountry(country, now)));
}

/** The country's closest campaign, or undefined when it has none open. */
export async function findClosestCampaign(db: Executor, country: CountryCode, now: Date): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(openIn(country, now))
    .orderBy(...CLOSEST_FIRST)
    .limit(1);
  return row;
}

/** Open campaigns (active, end date not passed), of one country or of both, closest first. */
export async function listOpenCampaigns(db: Executor, now: Date, country?: CountryCode): Promise<CampaignRow[]> {
  const countries = country ? [country] : [...COUNTRY_CODES];
  return db
    .select()
    .from(campaigns)
    .where(or(...countries.map((c) => openIn(c, now))))
    .orderBy(...CLOSEST_FIRST);
}

export async function findCampaignById(db: Executor, id: number): Promise<CampaignRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/** What the admin table shows (core's adminCampaignSchema): the campaign's fields and how many pledges it holds. */
const campaignColumns = {
  id: campaigns.id,
  campaign_name: campaigns.campaign_name,
  start_date: campaigns.start_date,
  end_date: campaigns.end_date,
  billing_start_date: campaigns.billing_start_date,
  billing_cycle: campaigns.billing_cycle,
  is_active: campaigns.is_active,
  country: campaigns.country,
  goal_amount: sql<number | null>`${campaigns.goal_amount}::numeric / 100`.mapWith((v: string | null) => (v === null ? null : Number(v))),
  photo_sha256: campaigns.photo_sha256,
  photo_alt: campaigns.photo_alt,
  photo_width: campaigns.photo_width,
  photo_height: campaigns.photo_height,
};

type AdminRow = Omit<AdminCampaign, 'photo'> & { photo_sha256: string | null; photo_alt: string | null; photo_width: number | null; photo_height: number | null };

/** The admin's row with its photo as every answer says it. */
function toAdminCampaign({ photo_sha256, photo_alt, photo_width, photo_height, ...rest }: AdminRow): AdminCampaign {
  return { ...rest, photo: heroPhotoJson({ id: rest.id, photo_sha256, photo_alt, photo_width, photo_height }) };
}

// Qualified by hand: inside a subquery Drizzle would render the outer column as a bare "id".
const pledgeCount = sql<number>`(select count(*) from ${pledges} p where p.campaign_id = "campaigns"."id")`.mapWith(Number);

export async function listCampaigns(db: Executor): Promise<AdminCampaign[]> {
  const rows = await db
    .select({ ...campaignColumns, pledge_count: pledgeCount })
    .from(campaigns)
    .orderBy(asc(campaigns.id));
  return rows.map(toAdminCampaign);
}

export async function findCampaign(db: Executor, id: number): Promise<AdminCampaign | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db
    .select({ ...campaignColumns, pledge_count: pledgeCount })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row && toAdminCampaign(row);
}

/** The same campaign row locked until the transaction ends, so two edits cannot interleave. */
export async function lockCampaign(db: Executor, id: number): Promise<{ id: number; country: CountryCode; billing_start_date: string } | undefined> {
  const [row] = await db
    .select({ id: campaigns.id, country: campaigns.country, billing_start_date: campaigns.billing_start_date })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('update');
  return row;
}

export async function countPledges(db: Executor, campaignId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pledges).where(eq(pledges.campaign_id, campaignId));
  return row?.n ?? 0;
}

/** The request as the row stores it: the goal in minor units. */
function toRow(input: CampaignRequest) {
  return { ...input, goal_amount: input.goal_amount === null ? null : toMinor(input.goal_amount) };
}

export async function insertCampaign(db: Executor, input: CampaignRequest): Promise<number> {
  const [row] = await db.insert(campaigns).values(toRow(input)).returning({ id: campaigns.id });
  return row!.id;
}

export async function updateCampaign(db: Executor, id: number, input: CampaignRequest, now: Date): Promise<void> {
  await db
    .update(campaigns)
    .set({ ...toRow(input), updated_at: now })
    .where(eq(campaigns.id, id));
}

/** True when a row was deleted. */
export async function deleteCampaign(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(campaigns).where(eq(campaigns.id, id)).returning({ id: campaigns.id });
  return rows.length > 0;
}

/** Marks inactive every active campaign of a country that ended before `today`; returns how many. */
export async function deactivateEndedBefore(db: Executor, country: CountryCode, today: string, now: Date): Promise<number> {
  const rows = await db
    .update(campaigns)
    .set({ is_active: false, updated_at: now })
    .where(and(eq(campaigns.country, country), eq(campaigns.is_active, true), lt(campaigns.end_date, today)))
    .returning({ id: campaigns.id });
  return rows.length;
}

/** Gives a campaign its hero photo (docs/decisions/170), replacing any it had: its renditions and their description. */
export async function saveHeroPhoto(db: Executor, id: number, photo: PhotoSet, alt: string, now: Date): Promise<void> {
  await db.delete(campaignPhotos).where(eq(campaignPhotos.campaign_id, id));
  await db.insert(campaignPhotos).values(photo.variants.map((v) => ({ campaign_id: id, format: v.format, width: v.width, height: v.height, data: v.data })));
  await db
    .update(campaigns)
    .set({ photo_sha256: photo.sha256, photo_alt: alt, photo_width: photo.width, photo_height: photo.height, updated_at: now })
    .where(eq(campaigns.id, id));
}

/** Removes a campaign's hero photo; false when it had none. */
export async function deleteHeroPhoto(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db.delete(campaignPhotos).where(eq(campaignPhotos.campaign_id, id)).returning({ id: campaignPhotos.campaign_id });
  await db
    .update(campaigns)
    .set({ photo_sha256: null, photo_alt: null, photo_width: null, photo_height: null, updated_at: now })
    .where(eq(campaigns.id, id));
  return rows.length > 0;
}

/** One stored rendition of a campaign's hero photo, for serving. */
export async function findHeroPhoto(db: Executor, id: number, format: PhotoFormat, width: number): Promise<{ data: Buffer; sha256: string } | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db
    .select({ data: campaignPhotos.data, sha256: campaigns.photo_sha256 })
    .from(campaignPhotos)
    .innerJoin(campaigns, eq(campaigns.id, campaignPhotos.campaign_id))
    .where(and(eq(campaignPhotos.campaign_id, id), eq(campaignPhotos.format, format), eq(campaignPhotos.width, width)));
  return row && row.sha256 !== null ? { data: row.data, sha256: row.sha256 } : undefined;
}
