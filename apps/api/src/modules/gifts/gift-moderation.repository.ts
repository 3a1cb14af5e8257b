import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gifts } from '../../db/schema.ts';

/** Hides or shows a gift's message (moderation, docs/decisions/141-moderation.md); false when there is no such gift. */
export async function setGiftMessageModeration(db: Executor, giftId: number, hidden: boolean): Promise<boolean> {
  const rows = await db
    .update(gifts)
    .set({ message_moderated_at: hidden ? sql`now()` : null })
    .where(eq(gifts.id, giftId))
    .returning({ id: gifts.id });
  return rows.length === 1;
}
