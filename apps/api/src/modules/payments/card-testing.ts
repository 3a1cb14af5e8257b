import type { FastifyRequest } from 'fastify';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cardSetupAttempts } from '../../db/schema.ts';
import { paymentErrors } from './payments.errors.ts';

// Card-testing protection (Stripe's advice; docs/decisions/047): someone with stolen card numbers
// tries them one after another through our card form. Each user may ask for at most
// CARD_SETUPS_PER_DAY card forms (and save as many cards) a day, counted in PostgreSQL so every
// instance agrees; each IP at most CARD_SETUPS_PER_IP_HOUR an hour per route (in each instance).

const HOUR = 60 * 60_000;
export const CARD_SETUPS_PER_DAY = 10;
export const CARD_SETUPS_PER_IP_HOUR = 30;
const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

/** @fastify/rate-limit's per-route config (answered with the app's 429 message); loopback is exempt outside production, as for logins. */
export function cardIpLimit(isProduction: boolean) {
  return {
    max: CARD_SETUPS_PER_IP_HOUR,
    timeWindow: HOUR,
    allowList: (request: FastifyRequest) => !isProduction && isLoopback(request.ip),
  };
}

/** Counts one card form (or card save) for the user; 429 past the day's limit. Recorded first, then counted. */
export async function claimCardSetup(db: Db, userId: number, kind: 'secret' | 'save', now: Date): Promise<void> {
  const since = new Date(now.getTime() - 24 * HOUR);
  const [row] = await db.insert(cardSetupAttempts).values({ user_id: userId, kind, created_at: now }).returning({ id: cardSetupAttempts.id });
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(cardSetupAttempts)
    .where(and(eq(cardSetupAttempts.user_id, userId), eq(cardSetupAttempts.kind, kind), gt(cardSetupAttempts.created_at, since)));
  if (n > CARD_SETUPS_PER_DAY) {
    await db.delete(cardSetupAttempts).where(eq(cardSetupAttempts.id, row!.id));
    throw paymentErrors.tooManyCards();
  }
  await db.delete(cardSetupAttempts).where(and(eq(cardSetupAttempts.user_id, userId), lt(cardSetupAttempts.created_at, since)));
}
