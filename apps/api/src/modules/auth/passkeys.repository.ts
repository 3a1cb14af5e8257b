import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passkeyChallenges, passkeys } from '../../db/schema.ts';

// Passkeys and the challenges of their ceremonies (docs/decisions/131-passkeys-and-secrets-at-rest.md).

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'register' | 'authenticate';

export async function insertChallenge(db: Executor, row: { challenge: string; purpose: ChallengePurpose; user_id: number | null; expires_at: Date }, now: Date): Promise<void> {
  // Expired challenges answer nothing; clear them as we go.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expires_at, now));
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Uses a live challenge up, atomically: true once for the challenge asked for this purpose (and,
 * for a registration, this user), false for an unknown, used, expired or someone else's one.
 */
export async function consumeChallenge(db: Executor, challenge: string, purpose: ChallengePurpose, userId: number | null, now: Date): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.user_id) : eq(passkeyChallenges.user_id, userId),
        gt(passkeyChallenges.expires_at, now),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return rows.length === 1;
}

export async function listPasskeys(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(asc(passkeys.created_at), asc(passkeys.id));
}

export async function findPasskeyByCredentialId(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credential_id, credentialId));
  return row;
}

export async function insertPasskey(db: Executor, row: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [created] = await db.insert(passkeys).values(row).returning();
  return created!;
}

/**
 * Records a sign-in's new counter, only if the counter is still the one verified against: two
 * sign-ins with one assertion get one yes.
 */
export async function recordPasskeyUse(db: Executor, id: number, verifiedCounter: number, newCounter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, last_used_at: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, verifiedCounter)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Deletes one passkey of the user's; answers what it was called, or undefined when there was none. */
export async function deletePasskey(db: Executor, userId: number, id: number): Promise<{ name: string } | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
    .returning({ name: passkeys.name });
  return row;
}

/** Every passkey of an account, and its pending challenges (erasure, a password reset). Answers how many passkeys went. */
export async function deleteAllPasskeys(db: Executor, userId: number): Promise<number> {
  const gone = await db.delete(passkeys).where(eq(passkeys.user_id, userId)).returning({ id: passkeys.id });
  await db.delete(passkeyChallenges).where(eq(passkeyChallenges.user_id, userId));
  return gone.length;
}

/** The account's passkeys no longer stand in for a second factor (it was turned off: docs/decisions/151). */
export async function clearPasskeySecondFactor(db: Executor, userId: number): Promise<void> {
  await db.update(passkeys).set({ second_factor: false }).where(eq(passkeys.user_id, userId));
}
