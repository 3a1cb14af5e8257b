import { todayInCountry } from '@uplift/core/calendar';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import type { Campaign } from '@uplift/core/schemas/campaign';
import { and, asc, eq, gte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

type Executor = Pick<Db, 'select'>;
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
  };
}

/** Largest id PostgreSQL's `serial` can hold: a bigger one cannot exist (and must not reach the query). */
export const MAX_SERIAL_ID = 2_147_483_647;

/** Ongoing before upcoming: the earliest end date first (DECISIONS.md "Campaign state"). */
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

/** The closest campaign, or a 404 `{message}` naming the country. */
export async function requireClosestCampaign(db: Executor, country: CountryCode, now: Date): Promise<CampaignRow> {
  const row = await findClosestCampaign(db, country, now);
  if (!row) throw notFound('campaign.none_open', `There is no open campaign in ${COUNTRIES[country].name} right now`);
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
