import { eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema.ts';

// webhook_events: each Stripe event id once (docs/decisions/032-stripe-webhooks.md).

/** Records the event; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(db: Executor, id: string, type: string): Promise<boolean> {
  const [inserted] = await db.insert(webhookEvents).values({ id, type }).onConflictDoNothing({ target: webhookEvents.id }).returning();
  return inserted !== undefined;
}

export async function findWebhookEvent(db: Executor, id: string) {
  const [seen] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return seen;
}

export async function markWebhookEventProcessed(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(webhookEvents).set({ processed_at: now }).where(eq(webhookEvents.id, id));
}

/** Stripe events recorded but not processed yet: how many, and since when (the system page and alerts). */
export async function selectUnprocessedWebhookEvents(db: Executor): Promise<{ unprocessed: number; oldest: Date | null }> {
  const [row] = await db
    .select({ unprocessed: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${webhookEvents.received_at})` })
    .from(webhookEvents)
    .where(isNull(webhookEvents.processed_at));
  return { unprocessed: row?.unprocessed ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}
