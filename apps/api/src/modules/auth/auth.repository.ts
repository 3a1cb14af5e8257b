import { and, count, eq, gt, isNull, lt, max, min, ne, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { authAttempts, authTokens, refreshTokens, sessionDevices, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = 'activation' | 'reset' | 'continuation';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return user;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

// Activation and reset tokens

export async function insertAuthToken(
  db: Executor,
  values: { user_id: number; purpose: TokenPurpose; token_hash: string; expires_at: Date; created_at: Date },
): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** The user a live (unused, unexpired) token belongs to, without using it up. */
export async function findLiveAuthToken(db: Executor, purpose: TokenPurpose, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ user_id: authTokens.user_id })
    .from(authTokens)
    .where(and(eq(authTokens.token_hash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.used_at), gt(authTokens.expires_at, now)));
  return row?.user_id;
}

/** Uses a live token up, atomically: of two concurrent uses only one gets the user id. */
export async function consumeAuthToken(db: Executor, purpose: TokenPurpose, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ used_at: now })
    .where(and(eq(authTokens.token_hash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.used_at), gt(authTokens.expires_at, now)))
    .returning({ user_id: authTokens.user_id });
  return row?.user_id;
}

/** Retires every unused token of a purpose for a user (a newer one replaces them). */
export async function retireAuthTokens(db: Executor, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ used_at: now })
    .where(and(eq(authTokens.user_id, userId), eq(authTokens.purpose, purpose), isNull(authTokens.used_at)));
}

export async function activateUser(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ activated: true, activated_at: sql`coalesce(${users.activated_at}, ${now.toISOString()}::timestamptz)`, updated_at: now })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, userId));
}

// Refresh tokens

export type RefreshRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Executor,
  values: { user_id: number; family_id: string; token_hash: string; expires_at: Date; created_at: Date; second_factor: boolean; totp_passed?: boolean },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Executor, tokenHash: string): Promise<RefreshRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.token_hash, tokenHash));
  return row;
}

/** When a refresh-token family began: its first token's creation (the sign-in). */
export async function refreshFamilyStartedAt(db: Executor, familyId: string): Promise<Date> {
  const [row] = await db.select({ started: min(refreshTokens.created_at) }).from(refreshTokens).where(eq(refreshTokens.family_id, familyId));
  return row!.started!;
}

/** Marks a live refresh token used, atomically; undefined when it was already used or revoked. */
export async function markRefreshTokenUsed(db: Executor, id: number, now: Date): Promise<RefreshRow | undefined> {
  const [row] = await db
    .update(refreshTokens)
    .set({ used_at: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.used_at), isNull(refreshTokens.revoked_at)))
    .returning();
  return row;
}

export async function revokeRefreshFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}

/**
 * Ends every sign-in of a user but `keep` (a refresh-token family; none kept when undefined):
 * their refresh tokens are revoked, and with them their access tokens (the guard checks the
 * family). The session version stays, so the kept sign-in goes on.
 */
export async function revokeOtherRefreshFamilies(db: Executor, userId: number, keep: string | undefined, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at), keep === undefined ? undefined : ne(refreshTokens.family_id, keep)));
}

/**
 * Ends every session of a user: the refresh tokens are revoked and the session version raised, so
 * access tokens issued before are refused at once too (not only when they lapse). Answers the new
 * version, for a session started right after (a password change keeps its own device signed in).
 */
export async function revokeAllRefreshTokens(db: Executor, userId: number, now: Date): Promise<number> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
  const [row] = await db
    .update(users)
    .set({ session_version: sql`${users.session_version} + 1` })
    .where(eq(users.id, userId))
    .returning({ version: users.session_version });
  return row?.version ?? 0;
}

/**
 * The session version access tokens of a user must carry, and whether the sign-in (refresh-token
 * family) `session` still has an unrevoked token; undefined when the account is gone. One query.
 */
export async function sessionStateOf(db: Executor, userId: number, session: string | undefined): Promise<{ version: number; live: boolean } | undefined> {
  const live =
    session === undefined
      ? sql<boolean>`true`
      : sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.family_id} = ${session} and ${refreshTokens.user_id} = ${userId} and ${refreshTokens.revoked_at} is null)`;
  const [row] = await db.select({ version: users.session_version, live }).from(users).where(eq(users.id, userId));
  return row;
}

export async function setRole(db: Executor, userId: number, role: 'user' | 'admin', now: Date): Promise<void> {
  await db.update(users).set({ role, updated_at: now }).where(eq(users.id, userId));
}

/** How many activation tokens the account was sent since `since` (the admin's resend limit). */
export async function countActivationTokensSince(db: Executor, userId: number, since: Date): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(authTokens)
    .where(and(eq(authTokens.user_id, userId), eq(authTokens.purpose, 'activation'), gt(authTokens.created_at, since)));
  return recent?.n ?? 0;
}

// The account record as the account area changes it (the auth module owns users: docs/architecture.md)

export async function setOptIns(
  db: Executor,
  userId: number,
  values: Partial<Pick<typeof users.$inferInsert, 'opt_in_uplift_comms' | 'opt_in_uplift_comms_at' | 'opt_in_charity_comms' | 'opt_in_charity_comms_at'>>,
  now: Date,
) {
  await db.update(users).set({ ...values, updated_at: now }).where(eq(users.id, userId));
}

/** Locks the donor's row for a change of their account. */
export async function lockUser(tx: Tx, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function updateProfile(db: Executor, userId: number, values: { first_name: string; last_name: string; user_address: string }, now: Date) {
  await db.update(users).set({ ...values, updated_at: now }).where(eq(users.id, userId));
}

export async function setEmail(db: Executor, userId: number, email: string, now: Date) {
  await db.update(users).set({ email, updated_at: now }).where(eq(users.id, userId));
}

export async function anonymiseUser(db: Executor, userId: number, tombstone: string, now: Date) {
  await db
    .update(users)
    .set({
      first_name: '',
      last_name: '',
      email: tombstone,
      user_address: '',
      password_hash: '!erased',
      activated: false,
      opt_in_uplift_comms: false,
      opt_in_charity_comms: false,
      stripe_customer_id: null,
      erased_at: now,
      updated_at: now,
    })
    .where(eq(users.id, userId));
}

/** Erasure: every activation, reset and other emailed token of the account goes, and what its sign-ins' devices were. */
export async function deleteAuthTokens(db: Executor, userId: number) {
  await db.delete(authTokens).where(eq(authTokens.user_id, userId));
  await db.delete(sessionDevices).where(eq(sessionDevices.user_id, userId));
}

// Retention (docs/decisions/128-receipts-off-the-charge-path-and-retention.md): the daily job deletes what has served its purpose.

/** Activation and reset tokens used, or expired, before `before`. Answers how many went. */
export async function purgeAuthTokens(db: Executor, before: Date): Promise<number> {
  const gone = await db.delete(authTokens).where(or(lt(authTokens.used_at, before), lt(authTokens.expires_at, before)));
  return gone.rowCount ?? 0;
}

/**
 * Sign-in (refresh) token families whose every token had expired or been revoked before `before`.
 * A family goes whole, never a token at a time: its first token dates the sign-in that bounds the
 * session's lifetime, and a used token is what tells a replay. Answers how many tokens went.
 */
export async function purgeRefreshTokens(db: Executor, before: Date): Promise<number> {
  const gone = await db.execute(sql`
    delete from refresh_tokens where family_id in (
      select family_id from refresh_tokens
      group by family_id
      having max(least(expires_at, coalesce(revoked_at, expires_at))) < ${before.toISOString()}::timestamptz)`);
  return gone.rowCount ?? 0;
}

/** Per-account rate-limit attempts recorded before `before` (every window is far shorter). */
export async function purgeAuthAttempts(db: Executor, before: Date): Promise<number> {
  const gone = await db.delete(authAttempts).where(lt(authAttempts.created_at, before));
  return gone.rowCount ?? 0;
}

/** Every admin's address (not erased), for the operators' alerts (docs/decisions/133). */
export async function selectAdminEmails(db: Executor): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(and(eq(users.role, 'admin'), isNull(users.erased_at)));
  return rows.map((r) => r.email);
}

// Re-confirming it is you (docs/decisions/151), recorded on the sign-in: every token of its family.

/** Records a fresh proof on a live sign-in of the user (and that it was a TOTP code); false when the sign-in is not live. */
export async function recordStepUp(db: Executor, userId: number, familyId: string, now: Date, totp: boolean): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set(totp ? { stepped_up_at: now, totp_passed: true } : { stepped_up_at: now })
    .where(and(eq(refreshTokens.user_id, userId), eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** What a live sign-in of the user proved: its last fresh proof, and whether it ever passed a TOTP code. Undefined when it is not live. */
export async function stepUpStateOf(db: Executor, userId: number, familyId: string): Promise<{ steppedUpAt: Date | null; totpPassed: boolean } | undefined> {
  const [row] = await db
    .select({ steppedUpAt: max(refreshTokens.stepped_up_at), totpPassed: sql<boolean>`coalesce(bool_or(${refreshTokens.totp_passed}), false)`, n: count() })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.user_id, userId), eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
  return row && row.n > 0 ? { steppedUpAt: row.steppedUpAt, totpPassed: row.totpPassed } : undefined;
}
