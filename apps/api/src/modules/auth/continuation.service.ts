import { randomUUID } from 'node:crypto';
import { authErrors } from './auth.errors.ts';
import * as repo from './auth.repository.ts';
import { startSession, type AuthDeps, type SessionTokens } from './auth.service.ts';
import { consumeContinuation, liveContinuation } from './continuation.repository.ts';
import { hashToken } from './tokens.ts';

// "No second password" (docs/decisions/168): the browser that registered may sign in once, within
// 30 minutes of registering and after the account is activated, without typing the password again.

/** The first name to offer "Continue as", when this browser's continuation is live and its account activated; else null. */
export async function continuationOffer(deps: Pick<AuthDeps, 'db' | 'clock'>, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  return (await liveContinuation(deps.db, hashToken(token), deps.clock.now()))?.firstName ?? null;
}

/**
 * Signs in with this browser's continuation: used up first (atomically, so two presses start one
 * session), then the session a password login starts, second factor and all.
 */
export async function continueSignIn(deps: Pick<AuthDeps, 'db' | 'clock' | 'log' | 'signAccessToken'>, token: string | undefined): Promise<SessionTokens> {
  const { db, clock } = deps;
  if (!token) throw authErrors.continuationRefused();
  const now = clock.now();
  const userId = await consumeContinuation(db, hashToken(token), now);
  const user = userId === undefined ? undefined : await repo.findUserById(db, userId);
  // The press and its refusal are logged as security events by the route (security-events.ts), with the user.
  if (!user || !user.activated || user.erased_at) throw authErrors.continuationRefused();
  return startSession(deps, user, { id: randomUUID(), startedAt: now, secondFactor: false });
}
