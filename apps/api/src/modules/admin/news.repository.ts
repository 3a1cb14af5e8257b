import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { campaigns, newsUpdates, recipients } from '../../db/schema.ts';
import type { CountryCode } from '@uplift/core/countries';
import type { NewsAudience } from '@uplift/core/schemas/news';

// News updates (docs/decisions/137): the admin module owns news_updates. The audience is read from
// pledges and users in a join: donors (a pledge past Pending) who have the opt-in now, not erased.

export type NewsRecipient = { id: number; email: string; first_name: string; country: CountryCode };

/** The audience's condition: who gave to this campaign / this charity and wants that news. */
function audienceWhere(audience: NewsAudience) {
  return audience.kind === 'campaign'
    ? sql`u.opt_in_uplift_comms and exists (select 1 from pledges p where p.user_id = u.id and p.campaign_id = ${audience.campaign_id} and p.pledge_status <> 'Pending')`
    : sql`u.opt_in_charity_comms and exists (select 1 from pledges p where p.user_id = u.id and p.recipient_id = ${audience.recipient_id} and p.pledge_status <> 'Pending')`;
}

export async function countAudience(db: Executor, audience: NewsAudience): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from users u where u.erased_at is null and ${audienceWhere(audience)}`);
  return rows[0]?.n ?? 0;
}

/** The next `limit` of the audience after user id `after`, in id order (the send job's cursor). */
export async function audienceBatch(db: Executor, audience: NewsAudience, after: number, limit: number): Promise<NewsRecipient[]> {
  const { rows } = await db.execute<NewsRecipient>(
    sql`select u.id, u.email, u.first_name, u.country from users u
        where u.erased_at is null and u.id > ${after} and ${audienceWhere(audience)}
        order by u.id limit ${limit}`,
  );
  return rows;
}

/** Whose news it is: 'Uplift' for a campaign's, the charity's name for its own; undefined when it does not exist. */
export async function audienceExists(db: Executor, audience: NewsAudience): Promise<{ charityName: string | null } | undefined> {
  if (audience.kind === 'campaign') {
    const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, audience.campaign_id));
    return row ? { charityName: null } : undefined;
  }
  const [row] = await db.select({ name: recipients.recipient_name }).from(recipients).where(eq(recipients.id, audience.recipient_id));
  return row ? { charityName: row.name } : undefined;
}

export async function insertNewsUpdate(db: Executor, row: typeof newsUpdates.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(newsUpdates).values(row).returning({ id: newsUpdates.id });
  return inserted!.id;
}

export async function findNewsUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(newsUpdates).where(eq(newsUpdates.id, id));
  return row;
}

/** The update being sent, locked for one batch (a second job for it waits, then sees the moved cursor). */
export async function lockSendingNews(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(newsUpdates)
    .where(and(eq(newsUpdates.id, id), eq(newsUpdates.status, 'sending')))
    .for('update');
  return row;
}

export async function advanceNews(tx: Tx, id: number, values: { cursor_user_id: number; queued: number; finishedAt: Date | null }) {
  await tx
    .update(newsUpdates)
    .set({
      cursor_user_id: values.cursor_user_id,
      queued_count: sql`${newsUpdates.queued_count} + ${values.queued}`,
      ...(values.finishedAt ? { status: 'sent' as const, finished_at: values.finishedAt } : {}),
    })
    .where(eq(newsUpdates.id, id));
}

export async function listNewsUpdates(db: Executor, limit: number) {
  return db.select().from(newsUpdates).orderBy(desc(newsUpdates.created_at), desc(newsUpdates.id)).limit(limit);
}
