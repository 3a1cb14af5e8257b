import { randomUUID } from 'node:crypto';
import type { LoginInput, RegisterRequest, ResetRequest, User } from '@uplift/core/schemas/auth';
import type { TwoFactorStep } from '@uplift/core/schemas/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { TokenSubject } from '../../plugins/auth.ts';
import type { Mailer } from '../mail/index.ts';
import { recordRegistrationConsents } from '../consents/index.ts';
import { createPendingPledge } from '../pledges/index.ts';
import { activationMail, passwordResetMail } from './auth.mails.ts';
import { authErrors } from './auth.errors.ts';
import * as repo from './auth.repository.ts';
import { deleteAllPasskeys } from './passkeys.repository.ts';
import { mailAuthChange } from './security-notices.ts';
import { secondFactorState } from './second-factor.ts';
import { hashPassword, refuseWeakPassword, verifyPassword } from './password.ts';
import { claimAttempt, clearAttempts } from './rate-limits.ts';
import { ACTIVATION_TTL_MS, CONTINUATION_TTL_MS, hashToken, newToken, REFRESH_TTL_MS, RESET_TTL_MS, sessionLifetimeMs } from './tokens.ts';

/** Version of the registration terms' wording the web app shows; recorded with each consent. */
export const TERMS_VERSION = '2026-11-23';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'appUrl' | 'devOutbox'>;
  log: FastifyBaseLogger;
  signAccessToken: (user: TokenSubject) => Promise<string>;
};

/**
 * A signed-in session: the access token for the body, the refresh token (and its expiry) for the
 * cookie, and for an admin short of the second factor the step that is left.
 */
export type SessionTokens = { userId: number; family: string; accessToken: string; refreshToken: string; refreshExpiresAt: Date; twoFactor?: TwoFactorStep };

/**
 * Issues a refresh token of a family begun at `familyStartedAt` (it never outlives the family's
 * lifetime) and its access token. `secondFactor`: the family's sign-in passed an admin's second
 * factor; an admin's family without it gives no admin rights (docs/decisions/077).
 */
export async function startSession(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'signAccessToken'>,
  user: Pick<repo.UserRow, 'id' | 'role' | 'totp_secret' | 'session_version'>,
  family: { id: string; startedAt: Date; secondFactor: boolean; /** The sign-in passed a TOTP code (docs/decisions/151). */ totp?: boolean },
): Promise<SessionTokens> {
  const now = deps.clock.now();
  const refreshToken = newToken();
  const expiresAt = new Date(Math.min(now.getTime() + REFRESH_TTL_MS, family.startedAt.getTime() + sessionLifetimeMs(user.role)));
  await repo.insertRefreshToken(deps.db, {
    user_id: user.id,
    family_id: family.id,
    token_hash: hashToken(refreshToken),
    expires_at: expiresAt,
    created_at: now,
    second_factor: family.secondFactor,
    totp_passed: family.totp ?? false,
  });
  const step = secondFactorState(user, family.secondFactor);
  const accessToken = await deps.signAccessToken({ id: user.id, role: user.role, secondFactor: step, sessionVersion: user.session_version, session: family.id });
  const tokens = { userId: user.id, family: family.id, accessToken, refreshToken, refreshExpiresAt: expiresAt };
  return step === 'passed' ? tokens : { ...tokens, twoFactor: step };
}

/** Outside production with no SMTP server the token is logged too, so a developer can go on. */
function logDevToken(deps: Pick<AuthDeps, 'config' | 'log'>, kind: string, email: string, token: string) {
  if (deps.config.devOutbox) deps.log.info(`dev outbox: ${kind} token for ${email}: ${token}`);
}

/** A registration's continuation (docs/decisions/168): the token for this browser's cookie and when it ends. */
export type Continuation = { token: string; expiresAt: Date };

/**
 * Creates the account (not activated) and its Pending pledge together, then mails the token.
 * Answers the continuation that lets this browser sign in once after activation, without the
 * password, within 30 minutes (docs/decisions/168).
 */
export async function register(deps: Pick<AuthDeps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>, input: RegisterRequest): Promise<Continuation> {
  const { db, clock, mailer, config, log } = deps;
  const now = clock.now();
  await claimAttempt(db, 'register', { email: input.email }, now);
  refuseWeakPassword('password', input.password);
  if (await repo.findUserByEmail(db, input.email)) throw authErrors.emailExists();
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  const continuation = { token: newToken(), expiresAt: new Date(now.getTime() + CONTINUATION_TTL_MS) };

  let user: repo.UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const created = await repo.insertUser(tx, {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        user_address: input.user_address ?? '',
        country: input.country,
        password_hash: passwordHash,
        terms_accepted_at: now,
        terms_version: TERMS_VERSION,
        opt_in_uplift_comms: input.opt_in_uplift_comms,
        opt_in_uplift_comms_at: input.opt_in_uplift_comms ? now : null,
        opt_in_charity_comms: input.opt_in_charity_comms,
        opt_in_charity_comms_at: input.opt_in_charity_comms ? now : null,
        created_at: now,
        updated_at: now,
      });
      await recordRegistrationConsents(tx, created.id, input, now);
      // The pledge's life is the pledges module's; it checks the figures, in this transaction.
      await createPendingPledge({ db: tx, clock }, created.id, input);
      await repo.insertAuthToken(tx, {
        user_id: created.id,
        purpose: 'activation',
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + ACTIVATION_TTL_MS),
        created_at: now,
      });
      await repo.insertAuthToken(tx, {
        user_id: created.id,
        purpose: 'continuation',
        token_hash: hashToken(continuation.token),
        expires_at: continuation.expiresAt,
        created_at: now,
      });
      return created;
    });
  } catch (err) {
    // Two registrations of one email at once: the database keeps only the first.
    if (isUniqueViolation(err, 'users_email_lower_key')) throw authErrors.emailExists();
    throw err;
  }

  await mailer.send(user.email, 'activation', activationMail({ firstName: user.first_name, country: user.country, token, appUrl: config.appUrl }));
  logDevToken(deps, 'activation', user.email, token);
  log.info({ userId: user.id }, 'account registered');
  return continuation;
}

/** Activates the account a live activation token belongs to; the token is then used up. */
export async function activate(deps: Pick<AuthDeps, 'db' | 'clock' | 'log'>, token: string): Promise<void> {
  const now = deps.clock.now();
  const userId = await deps.db.transaction(async (tx) => {
    const id = await repo.consumeAuthToken(tx, 'activation', hashToken(token), now);
    // An erased account's token (should one exist) activates nothing: it answers as any bad token.
    if (id === undefined || (await repo.findUserById(tx, id))?.erased_at) return undefined;
    await repo.activateUser(tx, id, now);
    return id;
  });
  if (userId === undefined) throw authErrors.invalidToken();
  deps.log.info({ userId }, 'account activated');
}

/**
 * Checks the password (against a dummy hash for an unknown email, so both cost the same) and
 * starts a session. Failed attempts count against the account's limit; a success does not.
 */
export async function login(deps: Pick<AuthDeps, 'db' | 'clock' | 'log' | 'signAccessToken'>, input: LoginInput): Promise<SessionTokens> {
  const { db, clock, log } = deps;
  const release = await claimAttempt(db, 'login', { email: input.email }, clock.now());
  const user = await repo.findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash);
  // An erased account never signs in, whatever its row holds: the same answer as a wrong password.
  if (!user || !ok || user.erased_at) {
    log.info({ userId: user?.id }, 'login refused: details incorrect');
    throw authErrors.loginFailed();
  }
  await release();
  if (!user.activated) throw authErrors.notActivated();
  // Signed in with the password: a continuation still waiting in some browser is not needed any more.
  await repo.retireAuthTokens(db, user.id, 'continuation', clock.now());
  log.info({ userId: user.id }, 'logged in');
  // An admin's password alone starts a session without admin rights: the second factor follows.
  return startSession(deps, user, { id: randomUUID(), startedAt: clock.now(), secondFactor: false });
}

/**
 * Rotates a refresh token: the old one is used up and a new one of the same family issued.
 * A token presented again after use means it was copied: the whole family is revoked.
 */
export async function refreshSession(deps: Pick<AuthDeps, 'db' | 'clock' | 'log' | 'signAccessToken'>, token: string | undefined): Promise<SessionTokens> {
  const { db, clock, log } = deps;
  if (!token) throw authErrors.sessionEnded();
  const now = clock.now();
  const row = await repo.findRefreshToken(db, hashToken(token));
  if (!row) throw authErrors.sessionEnded();
  if (row.revoked_at) throw authErrors.sessionEnded();
  if (row.used_at) {
    await repo.revokeRefreshFamily(db, row.family_id, now);
    log.warn({ userId: row.user_id }, 'used refresh token presented again: its sessions are revoked');
    throw authErrors.sessionEnded();
  }
  if (row.expires_at <= now) throw authErrors.sessionEnded();
  const used = await repo.markRefreshTokenUsed(db, row.id, now);
  if (!used) {
    // Another request used it in the meantime: treat it as a replay too.
    await repo.revokeRefreshFamily(db, row.family_id, now);
    log.warn({ userId: row.user_id }, 'refresh token used twice at once: its sessions are revoked');
    throw authErrors.sessionEnded();
  }
  const user = await repo.findUserById(db, row.user_id);
  if (!user || !user.activated || user.erased_at) throw authErrors.sessionEnded();
  // The family's absolute lifetime (30 days for donors, 12 hours for admins) counts from the sign-in.
  const startedAt = await repo.refreshFamilyStartedAt(db, row.family_id);
  if (now.getTime() >= startedAt.getTime() + sessionLifetimeMs(user.role)) {
    await repo.revokeRefreshFamily(db, row.family_id, now);
    log.info({ userId: user.id }, 'session reached its absolute lifetime: log in again');
    throw authErrors.sessionEnded();
  }
  return startSession(deps, user, { id: row.family_id, startedAt, secondFactor: row.second_factor });
}

/** Ends the session the refresh token belongs to (answers whose it was). Without one there is nothing to end. */
export async function logout(deps: Pick<AuthDeps, 'db' | 'clock'>, token: string | undefined): Promise<number | undefined> {
  if (!token) return undefined;
  const row = await repo.findRefreshToken(deps.db, hashToken(token));
  if (row) {
    await repo.revokeRefreshFamily(deps.db, row.family_id, deps.clock.now());
    // Signed out: no "Continue as" is left behind for whoever uses this browser next (docs/decisions/168).
    await repo.retireAuthTokens(deps.db, row.user_id, 'continuation', deps.clock.now());
  }
  return row?.user_id;
}

/**
 * Mails a reset token when the account exists. The caller answers the same either way, so the
 * answer reveals no account; the per-account limit also counts unknown emails alike.
 */
export async function forgotPassword(deps: Pick<AuthDeps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>, email: string): Promise<void> {
  const { db, clock, mailer, config, log } = deps;
  const now = clock.now();
  await claimAttempt(db, 'forgot', { email }, now);
  const user = await repo.findUserByEmail(db, email);
  // Unknown and erased accounts alike: nothing is sent, and the caller's answer is the same.
  if (!user || user.erased_at) return;
  const token = newToken();
  await db.transaction(async (tx) => {
    // Only the newest reset link works.
    await repo.retireAuthTokens(tx, user.id, 'reset', now);
    await repo.insertAuthToken(tx, {
      user_id: user.id,
      purpose: 'reset',
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + RESET_TTL_MS),
      created_at: now,
    });
  });
  await mailer.send(user.email, 'password-reset', passwordResetMail({ firstName: user.first_name, country: user.country, token, appUrl: config.appUrl }));
  logDevToken(deps, 'password reset', user.email, token);
  log.info({ userId: user.id }, 'password reset mailed');
}

/**
 * Sets a new password with a live reset token, ends every session of the account, removes every
 * passkey (whoever had the old password may have added one: docs/decisions/151) and mails the
 * account; since the mail proved the address, activates it if it was not yet (docs/decisions/010).
 */
export async function resetPassword(deps: Pick<AuthDeps, 'db' | 'clock' | 'log' | 'mailer' | 'config'>, input: ResetRequest): Promise<number> {
  const { db, clock, log } = deps;
  refuseWeakPassword('new_password', input.new_password);
  const tokenHash = hashToken(input.reset_token);
  if ((await repo.findLiveAuthToken(db, 'reset', tokenHash, clock.now())) === undefined) throw authErrors.invalidToken();
  const passwordHash = await hashPassword(input.new_password);
  const now = clock.now();
  const user = await db.transaction(async (tx) => {
    const userId = await repo.consumeAuthToken(tx, 'reset', tokenHash, now);
    if (userId === undefined || (await repo.findUserById(tx, userId))?.erased_at) return undefined;
    await repo.setPasswordHash(tx, userId, passwordHash, now);
    await repo.activateUser(tx, userId, now);
    await repo.revokeAllRefreshTokens(tx, userId, now);
    await repo.retireAuthTokens(tx, userId, 'reset', now);
    await repo.retireAuthTokens(tx, userId, 'continuation', now);
    const passkeysRemoved = await deleteAllPasskeys(tx, userId);
    const row = await repo.findUserById(tx, userId);
    return row && { ...row, passkeysRemoved };
  });
  if (!user) throw authErrors.invalidToken();
  await clearAttempts(db, ['login'], { email: user.email });
  await mailAuthChange(deps, user, { kind: 'password-reset', passkeysRemoved: user.passkeysRemoved });
  log.info({ userId: user.id, passkeysRemoved: user.passkeysRemoved }, 'password reset; all sessions ended, passkeys removed');
  return user.id;
}

export async function userInfo(deps: Pick<AuthDeps, 'db'>, userId: number): Promise<User> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw authErrors.sessionEnded();
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    user_address: user.user_address,
    country: user.country,
    activated: user.activated,
    opt_in_uplift_comms: user.opt_in_uplift_comms,
    opt_in_charity_comms: user.opt_in_charity_comms,
  };
}

// Queries other modules use, published as they are.
export { findUserByEmail, findUserById, insertRefreshToken, revokeAllRefreshTokens, revokeOtherRefreshFamilies, sessionStateOf, setPasswordHash, type UserRow } from './auth.repository.ts';

/** The account record's changes the account area makes (profile, email, opt-ins, erasure), in the caller's transaction. */
export { anonymiseUser, deleteAuthTokens, lockUser, setEmail, setOptIns, updateProfile } from './auth.repository.ts';

/** The daily retention job's deletions (docs/decisions/128). */
export { purgeAuthAttempts, purgeAuthTokens, purgeRefreshTokens } from './auth.repository.ts';

/** Every admin's address, for the operators' alerts (docs/decisions/133). */
export { selectAdminEmails as listAdminEmails } from './auth.repository.ts';
