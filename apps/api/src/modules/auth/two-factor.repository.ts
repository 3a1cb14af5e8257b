import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { adminRecoveryCodes, users } from '../../db/schema.ts';
import type { Executor } from '../../db/client.ts';

// The admin second factor's rows: the TOTP secret on the user, the recovery codes beside it.

export async function setPendingSecret(db: Executor, userId: number, secret: string, now: Date): Promise<void> {
  await db.update(users).set({ totp_pending_secret: secret, updated_at: now }).where(eq(users.id, userId));
}

/** Makes the pending secret the admin's, with the step of the code that confirmed it. */
export async function confirmSecret(db: Executor, userId: number, secret: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totp_secret: secret, totp_pending_secret: null, totp_enrolled_at: now, totp_last_step: step, updated_at: now })
    .where(and(eq(users.id, userId), eq(users.totp_pending_secret, secret), isNull(users.totp_secret)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Accepts a code's step only if it is newer than the last accepted one: atomically, so two requests with one code get one yes. */
export async function claimTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totp_last_step: step })
    .where(and(eq(users.id, userId), or(isNull(users.totp_last_step), lt(users.totp_last_step, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], now: Date): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.user_id, userId));
  await db.insert(adminRecoveryCodes).values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })));
}

/** Uses an unused recovery code up, atomically; false when there is none such. */
export async function useRecoveryCode(db: Executor, userId: number, hash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ used_at: now })
    .where(and(eq(adminRecoveryCodes.user_id, userId), eq(adminRecoveryCodes.code_hash, hash), isNull(adminRecoveryCodes.used_at)))
    .returning({ id: adminRecoveryCodes.id });
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.user_id, userId), isNull(adminRecoveryCodes.used_at)));
  return row?.n ?? 0;
}

/** Forgets an admin's second factor: the next sign-in enrols again. */
export async function clearSecondFactor(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null, totp_last_step: null, updated_at: now })
    .where(eq(users.id, userId));
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.user_id, userId));
}
