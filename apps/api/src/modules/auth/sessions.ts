import { and, eq, isNull, ne } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema.ts';
import { findUserById, retireAuthTokens, revokeAllRefreshTokens } from './auth.repository.ts';
import { authErrors } from './auth.errors.ts';
import { hashToken } from './tokens.ts';
import type { Executor } from '../../db/client.ts';

// Session revocation for other modules (a donor's account page changes a password or an email):
// every device signs in again, or every device but the one making the change.

/** Ends every session of a user: refresh-token families revoked, earlier access tokens refused (docs/decisions/078), and a registration's continuation (docs/decisions/168). */
export async function endAllSessions(db: Executor, userId: number, now: Date): Promise<void> {
  await revokeAllRefreshTokens(db, userId, now);
  await retireAuthTokens(db, userId, 'continuation', now);
}

/** Ends every session of a user except the one `keepRefreshToken` (the caller's cookie) belongs to; the other devices' access tokens lapse within 15 minutes. */
export async function endOtherSessions(db: Executor, userId: number, keepRefreshToken: string | undefined, now: Date): Promise<void> {
  const [kept] = keepRefreshToken
    ? await db.select({ family: refreshTokens.family_id }).from(refreshTokens).where(eq(refreshTokens.token_hash, hashToken(keepRefreshToken)))
    : [];
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(
      and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at), kept ? ne(refreshTokens.family_id, kept.family) : undefined),
    );
}

/** An admin ends every sign-in of an account (docs/decisions/130); 404 when there is no such account. */
export async function endSessionsOfUser(db: Executor, userId: number, now: Date): Promise<void> {
  if (!(await findUserById(db, userId))) throw authErrors.userNotFound({ id: userId });
  await endAllSessions(db, userId, now);
}
