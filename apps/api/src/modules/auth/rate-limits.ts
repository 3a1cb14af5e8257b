import type { FastifyRequest } from 'fastify';
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authAttempts } from '../../db/schema.ts';
import { isLoopback } from '../../plugins/security.ts';
import { authErrors } from './auth.errors.ts';
import { subjectHash } from './tokens.ts';

// product-rules §17: limits stop guessing without getting in a real user's way.
// Per account (shared by every instance through PostgreSQL) and per IP (in each instance).

const MINUTE = 60_000;

export type AccountAction = 'login' | 'register' | 'forgot' | 'two_factor';

/** Per account: at most `max` attempts of an action in `windowMs`. */
export const ACCOUNT_LIMITS: Record<AccountAction, { max: number; windowMs: number }> = {
  // Failed logins only (a successful login does not count).
  login: { max: 10, windowMs: 15 * MINUTE },
  // Registration attempts for one email.
  register: { max: 10, windowMs: 60 * MINUTE },
  // Recovery mails asked for one email: stops a mailbox being flooded.
  forgot: { max: 5, windowMs: 60 * MINUTE },
  // Wrong second-factor codes of one admin: 5 guesses in 15 minutes leave a 6-digit code unguessable.
  two_factor: { max: 5, windowMs: 15 * MINUTE },
};

/**
 * Per-IP limits for @fastify/rate-limit (`config.rateLimit` of a route). Outside production a
 * loopback caller is exempt, so local development and the end-to-end suite (every request from
 * 127.0.0.1) are not throttled; in production every caller counts (docs/decisions/012).
 */
export function perIpLimit(max: number, isProduction: boolean) {
  return {
    max,
    timeWindow: 10 * MINUTE,
    allowList: (request: FastifyRequest) => !isProduction && isLoopback(request.ip),
  };
}

export const IP_LIMITS = { login: 30, register: 10, forgot: 10, reset: 10, activate: 20, refresh: 120, twoFactor: 30 } as const;

/**
 * Claims one attempt for an account before the work is done: the attempt is recorded first and
 * then counted, so concurrent requests on several instances cannot slip past the limit together.
 * Returns a release function that removes the claim (for attempts that should not count, such as
 * a successful login). Throws 429 when the account is over its limit.
 */
export async function claimAttempt(db: Db, action: AccountAction, email: string, now: Date): Promise<() => Promise<void>> {
  const { max, windowMs } = ACCOUNT_LIMITS[action];
  const subject = subjectHash(email);
  const since = new Date(now.getTime() - windowMs);
  const [row] = await db.insert(authAttempts).values({ action, subject_hash: subject, created_at: now }).returning({ id: authAttempts.id });
  const release = async () => {
    await db.delete(authAttempts).where(eq(authAttempts.id, row!.id));
  };
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.action, action), eq(authAttempts.subject_hash, subject), gt(authAttempts.created_at, since)));
  if (n > max) {
    await release();
    throw authErrors.rateLimited();
  }
  // Rows older than a day count for nothing; clear them as we go.
  await db.delete(authAttempts).where(lt(authAttempts.created_at, new Date(now.getTime() - 24 * 60 * MINUTE)));
  return release;
}

/** Forgets an account's counted attempts (after a password reset, so its owner can log in at once). */
export async function clearAttempts(db: Pick<Db, 'delete'>, actions: AccountAction[], email: string): Promise<void> {
  await db.delete(authAttempts).where(and(inArray(authAttempts.action, actions), eq(authAttempts.subject_hash, subjectHash(email))));
}
