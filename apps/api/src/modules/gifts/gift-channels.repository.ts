import type { ShareChannel } from '@uplift/core/share';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { challengePages, gifts } from '../../db/schema.ts';

/**
 * The succeeded gifts on a user's pages, counted by the channel their link came through
 * (docs/decisions/164), most first; gifts with no channel are left out.
 */
export async function countGiftsByChannel(db: Executor, userId: number): Promise<{ via: ShareChannel; gifts: number }[]> {
  const rows = await db
    .select({ via: gifts.via, gifts: count() })
    .from(gifts)
    .innerJoin(challengePages, eq(challengePages.id, gifts.page_id))
    .where(and(eq(challengePages.user_id, userId), eq(gifts.status, 'succeeded'), isNotNull(gifts.via)))
    .groupBy(gifts.via)
    .orderBy(desc(count()), gifts.via);
  return rows.map((r) => ({ via: r.via!, gifts: r.gifts }));
}
