import { createHmac } from 'node:crypto';
import { GIFT_LIMITS } from '@uplift/core/gifts';
import { and, count, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { giftAttempts, gifts } from '../../db/schema.ts';

// Card testing on the gift form (docs/decisions/138, 155): someone with stolen card numbers tries
// them one after another as "gifts". What is counted (in PostgreSQL, so every instance agrees),
// recorded first and then counted, as payments/card-testing.ts does:
// - each send of a gift form per IP address an hour (a resent form too: each is a provider call),
//   and each new gift per email address a day;
// - each confirmation per IP address an hour (each is a provider call);
// - each declined card attempt, per card (its fingerprint) a day; declines per page an hour are read
//   from the gifts themselves (an unpaid form is not a decline, so it never closes a page).
// One table, gift_attempts, holds the three kinds of row: each row's hashes are keyed by what it
// counts ('send ip', 'confirm ip', 'card'…), so a send never counts as a confirmation. Addresses,
// emails and card fingerprints are kept only as HMACs under a key derived from SECRETS_KEY.

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export type GiftLimit = 'ip' | 'email' | 'page' | 'confirm' | 'card';

/** The key of the attempt hashes: derived from the app's SECRETS_KEY (config.secrets.key), never stored. */
export const giftAttemptKey = (secretsKey: Buffer): Buffer => createHmac('sha256', secretsKey).update('uplift gift attempts').digest();

const hashOf = (key: Buffer, label: string, value: string) => createHmac('sha256', key).update(`${label}\n${value}`).digest('hex');

/** A row that is not an email's hash (a resend, a confirmation): never equal to an HMAC. */
const RESEND = 'resend';
const CONFIRMATION = 'confirm';

async function counted(db: Db, where: ReturnType<typeof and>): Promise<number> {
  return (await db.select({ n: count() }).from(giftAttempts).where(where))[0]?.n ?? 0;
}

async function record(db: Db, values: typeof giftAttempts.$inferInsert): Promise<number> {
  const [row] = await db.insert(giftAttempts).values(values).returning({ id: giftAttempts.id });
  return row!.id;
}

/** Declined card attempts on a page in the last hour (failed gifts, not unpaid or abandoned ones). */
async function pageDeclines(db: Db, pageId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(gifts)
    .where(and(eq(gifts.page_id, pageId), eq(gifts.status, 'failed'), ne(gifts.failure_code, 'abandoned'), gt(gifts.settled_at, new Date(now.getTime() - HOUR))));
  return row?.n ?? 0;
}

/**
 * Counts one send of a gift form; answers which limit it went past (the attempt is then taken
 * back, so a refusal does not count), or null when it may go ahead. A resent form (same client_key)
 * counts toward its address's sends only. Attempts older than a day are deleted.
 */
export async function claimGiftSend(
  db: Db,
  key: Buffer,
  attempt: { pageId: number; ip: string; email: string; resent: boolean },
  now: Date,
): Promise<GiftLimit | null> {
  const ipHash = hashOf(key, 'send ip', attempt.ip);
  const emailHash = attempt.resent ? RESEND : hashOf(key, 'email', attempt.email.toLowerCase());
  const id = await record(db, { page_id: attempt.pageId, ip_hash: ipHash, email_hash: emailHash, created_at: now });
  const hourAgo = new Date(now.getTime() - HOUR);
  const dayAgo = new Date(now.getTime() - DAY);
  let over: GiftLimit | null = null;
  if ((await counted(db, and(eq(giftAttempts.ip_hash, ipHash), gt(giftAttempts.created_at, hourAgo)))) > GIFT_LIMITS.sendsPerIpPerHour) over = 'ip';
  else if (!attempt.resent && (await pageDeclines(db, attempt.pageId, now)) >= GIFT_LIMITS.declinesPerPagePerHour) over = 'page';
  else if (!attempt.resent && (await counted(db, and(eq(giftAttempts.email_hash, emailHash), gt(giftAttempts.created_at, dayAgo)))) > GIFT_LIMITS.perEmailPerDay) {
    over = 'email';
  }
  if (over) {
    await db.delete(giftAttempts).where(eq(giftAttempts.id, id));
    return over;
  }
  await db.delete(giftAttempts).where(lt(giftAttempts.created_at, dayAgo));
  return null;
}

/** Counts one confirmation from an address; 'confirm' past GIFT_LIMITS.confirmsPerIpPerHour (then not counted). */
export async function claimGiftConfirm(db: Db, key: Buffer, attempt: { pageId: number; ip: string }, now: Date): Promise<GiftLimit | null> {
  const ipHash = hashOf(key, 'confirm ip', attempt.ip);
  const id = await record(db, { page_id: attempt.pageId, ip_hash: ipHash, email_hash: CONFIRMATION, created_at: now });
  const n = await counted(db, and(eq(giftAttempts.ip_hash, ipHash), gt(giftAttempts.created_at, new Date(now.getTime() - HOUR))));
  if (n <= GIFT_LIMITS.confirmsPerIpPerHour) return null;
  await db.delete(giftAttempts).where(eq(giftAttempts.id, id));
  return 'confirm';
}

/** Records one declined card attempt (its gift failed): counted per card a day. */
export async function recordCardDecline(db: Db, key: Buffer, attempt: { pageId: number; ip: string | null; fingerprint: string }, now: Date): Promise<void> {
  await record(db, { page_id: attempt.pageId, ip_hash: hashOf(key, 'card ip', attempt.ip ?? 'provider'), email_hash: hashOf(key, 'card', attempt.fingerprint), created_at: now });
}

/** Whether this card has been declined GIFT_LIMITS.declinesPerCardPerDay times in the last day. */
export async function cardOverLimit(db: Db, key: Buffer, fingerprint: string, now: Date): Promise<boolean> {
  const n = await counted(db, and(eq(giftAttempts.email_hash, hashOf(key, 'card', fingerprint)), gt(giftAttempts.created_at, new Date(now.getTime() - DAY))));
  return n >= GIFT_LIMITS.declinesPerCardPerDay;
}

/** The decline alarm's facts (docs/decisions/155): gifts tried and card declines since `since`. */
export async function giftDeclineFacts(db: Db, since: Date): Promise<{ tried: number; declined: number }> {
  const [tried] = await db.select({ n: count() }).from(gifts).where(gt(gifts.created_at, since));
  const [declined] = await db
    .select({ n: count() })
    .from(gifts)
    .where(and(eq(gifts.status, 'failed'), ne(gifts.failure_code, 'abandoned'), gt(gifts.settled_at, since)));
  return { tried: tried?.n ?? 0, declined: declined?.n ?? 0 };
}
