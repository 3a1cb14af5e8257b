import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
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

/** The admin's unused recovery codes' hashes, locked until the caller's transaction ends (one code, one use). */
export async function lockUnusedRecoveryCodes(tx: Executor, userId: number): Promise<{ id: number; code_hash: string }[]> {
  return tx
    .select({ id: adminRecoveryCodes.id, code_hash: adminRecoveryCodes.code_hash })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.user_id, userId), isNull(adminRecoveryCodes.used_at)))
    .orderBy(adminRecoveryCodes.id)
    .for('update');
}

/** Uses a recovery code up, atomically; false when it was used meanwhile. */
export async function markRecoveryCodeUsed(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ used_at: now })
    .where(and(eq(adminRecoveryCodes.id, id), isNull(adminRecoveryCodes.used_at)))
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

// Secrets at rest (docs/decisions/131-passkeys-and-secrets-at-rest.md): the start-up sealing of
// values kept before, and key rotation.

/** Every stored TOTP secret (confirmed or pending), locked for the caller's transaction. */
export async function lockTotpSecrets(tx: Executor): Promise<{ id: number; totp_secret: string | null; totp_pending_secret: string | null }[]> {
  return tx
    .select({ id: users.id, totp_secret: users.totp_secret, totp_pending_secret: users.totp_pending_secret })
    .from(users)
    .where(or(isNotNull(users.totp_secret), isNotNull(users.totp_pending_secret)))
    .orderBy(users.id)
    .for('update');
}

export async function setTotpSecrets(tx: Executor, userId: number, secrets: { totp_secret: string | null; totp_pending_secret: string | null }): Promise<void> {
  await tx.update(users).set(secrets).where(eq(users.id, userId));
}

/** Every recovery code hash, locked for the caller's transaction. */
export async function lockRecoveryCodeHashes(tx: Executor): Promise<{ id: number; code_hash: string }[]> {
  return tx.select({ id: adminRecoveryCodes.id, code_hash: adminRecoveryCodes.code_hash }).from(adminRecoveryCodes).orderBy(adminRecoveryCodes.id).for('update');
}

export async function setRecoveryCodeHash(tx: Executor, id: number, codeHash: string): Promise<void> {
  await tx.update(adminRecoveryCodes).set({ code_hash: codeHash }).where(eq(adminRecoveryCodes.id, id));
}
