import { createHash } from 'node:crypto';
import { GIFT_LIMITS } from '@uplift/core/gifts';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { giftAttempts } from '../../db/schema.ts';

// Card testing on the gift form (docs/decisions/138): someone with stolen card numbers tries them
// one after another as "gifts". Each new gift is recorded first and then counted (as
// payments/card-testing.ts does), in PostgreSQL so every instance agrees: at most
// GIFT_LIMITS.perIpPerHour per IP address an hour, perPagePerHour per page an hour and
// perEmailPerDay per email address a day. The IP and the email are kept only as keyed hashes.

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export type GiftLimit = 'ip' | 'page' | 'email';

const hashOf = (kind: string, value: string) => createHash('sha256').update(`uplift-gift-attempt\n${kind}\n${value}`).digest('hex');

/**
 * Counts one new gift; answers which limit it went past (the attempt is then taken back, so a
 * refusal does not count), or null when it may go ahead. Attempts older than a day are deleted.
 */
export async function claimGiftAttempt(db: Db, attempt: { pageId: number; ip: string; email: string }, now: Date): Promise<GiftLimit | null> {
  const ipHash = hashOf('ip', attempt.ip);
  const emailHash = hashOf('email', attempt.email.toLowerCase());
  const [row] = await db
    .insert(giftAttempts)
    .values({ page_id: attempt.pageId, ip_hash: ipHash, email_hash: emailHash, created_at: now })
    .returning({ id: giftAttempts.id });
  const hourAgo = new Date(now.getTime() - HOUR);
  const dayAgo = new Date(now.getTime() - DAY);
  const counted = async (where: ReturnType<typeof and>) => (await db.select({ n: count() }).from(giftAttempts).where(where))[0]?.n ?? 0;
  const over: GiftLimit | null =
    (await counted(and(eq(giftAttempts.ip_hash, ipHash), gt(giftAttempts.created_at, hourAgo)))) > GIFT_LIMITS.perIpPerHour
      ? 'ip'
      : (await counted(and(eq(giftAttempts.page_id, attempt.pageId), gt(giftAttempts.created_at, hourAgo)))) > GIFT_LIMITS.perPagePerHour
        ? 'page'
        : (await counted(and(eq(giftAttempts.email_hash, emailHash), gt(giftAttempts.created_at, dayAgo)))) > GIFT_LIMITS.perEmailPerDay
          ? 'email'
          : null;
  if (over) {
    await db.delete(giftAttempts).where(eq(giftAttempts.id, row!.id));
    return over;
  }
  await db.delete(giftAttempts).where(lt(giftAttempts.created_at, dayAgo));
  return null;
}
