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

/**
 * Whose attempts an action counts. Login, registration and recovery know only the email typed;
 * second-factor codes are counted per account (its id), so a change of email cannot reset them
 * (docs/decisions/123).
 */
export type AttemptSubject<A extends AccountAction> = A extends 'two_factor' ? { userId: number } : { email: string };

/** The stored key of a subject: a SHA-256 of the normalised email, or of `user:<id>` (no email has no @). */
function keyOf(subject: { email: string } | { userId: number }): string {
  return 'email' in subject ? subjectHash(subject.email) : subjectHash(`user:${subject.userId}`);
}

/** Per account: at most `max` attempts of an action in `windowMs`. */
export const ACCOUNT_LIMITS: Record<AccountAction, { max: number; windowMs: number }> = {
  // Failed logins only (a successful login does not count).
  login: { max: 10, windowMs: 15 * MINUTE },
  // Registration attempts for one email.
  register: { max: 10, windowMs: 60 * MINUTE },
  // Recovery mails asked for one email: stops a mailbox being flooded.
  forgot: { max: 5, windowMs: 60 * MINUTE },
  // Wrong second-factor codes of one admin (by id): 5 guesses in 15 minutes leave a 6-digit code unguessable.
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
export async function claimAttempt<A extends AccountAction>(db: Db, action: A, who: AttemptSubject<A>, now: Date): Promise<() => Promise<void>> {
  const { max, windowMs } = ACCOUNT_LIMITS[action];
  const subject = keyOf(who);
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

/**
 * Forgets an account's counted attempts: after a password reset, so its owner can log in at once;
 * after another admin resets a second factor, so its owner can enrol again.
 */
export async function clearAttempts<A extends AccountAction>(db: Pick<Db, 'delete'>, actions: A[], who: AttemptSubject<A>): Promise<void> {
  await db.delete(authAttempts).where(and(inArray(authAttempts.action, actions), eq(authAttempts.subject_hash, keyOf(who))));
}

/**
 * Whether an account's second-factor codes are locked out now (its limit of wrong codes reached in
 * the window): an admin's passkey then does not stand in for the code (docs/decisions/151).
 */
export async function twoFactorLockedOut(db: Pick<Db, 'select'>, userId: number, now: Date): Promise<boolean> {
  const { max, windowMs } = ACCOUNT_LIMITS.two_factor;
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.action, 'two_factor'), eq(authAttempts.subject_hash, keyOf({ userId })), gt(authAttempts.created_at, new Date(now.getTime() - windowMs))));
  return n >= max;
}
