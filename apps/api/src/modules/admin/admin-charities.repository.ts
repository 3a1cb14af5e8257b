import { fromMinor, toMinor } from '@uplift/core/money';
import type { AdminCharity, CharityRequest } from '@uplift/core/schemas/admin-charities';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pledges, recipientLogos, recipients } from '../../db/schema.ts';

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
type Row = typeof recipients.$inferSelect & { pledge_count: number };

// Qualified by hand: inside a subquery Drizzle would render the outer column as a bare "id".
const pledgeCount = sql<number>`(select count(*) from ${pledges} p where p.recipient_id = "recipients"."id")`.mapWith(Number);

function toAdminCharity(row: Row): AdminCharity {
  return {
    id: row.id,
    recipient_name: row.recipient_name,
    logo: row.logo,
    impact_cost: fromMinor(row.impact_cost),
    impact_unit: row.impact_unit,
    impact_description: row.impact_description,
    impact_multiplier: row.impact_multiplier,
    description: row.description,
    link: row.link,
    country: row.country,
    is_enabled: row.is_enabled,
    pledge_count: row.pledge_count,
  };
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
  const { id, slug, recipient_name, logo, impact_cost, impact_unit, impact_description, impact_multiplier, description, link, country, is_enabled } =
    recipients;
  return { id, slug, recipient_name, logo, impact_cost, impact_unit, impact_description, impact_multiplier, description, link, country, is_enabled };
}

function columnsOf(input: CharityRequest) {
  return {
    recipient_name: input.recipient_name,
    country: input.country,
    impact_cost: toMinor(input.impact_cost),
    impact_unit: input.impact_unit,
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
