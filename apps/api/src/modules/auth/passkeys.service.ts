import { randomUUID } from 'node:crypto';
import type { Passkey, PasskeyAuthenticationInput, PasskeyOptions, PasskeyRegistrationInput } from '@uplift/core/schemas/passkeys';
import { PASSKEYS_MAX } from '@uplift/core/schemas/passkeys';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../../config.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { writeSecurityEvent } from '../../security-log.ts';
import { authErrors } from './auth.errors.ts';
import * as repo from './auth.repository.ts';
import { startSession, type AuthDeps, type SessionTokens } from './auth.service.ts';
import * as pkRepo from './passkeys.repository.ts';
import { twoFactorLockedOut } from './rate-limits.ts';
import { mailAuthChange } from './security-notices.ts';
import { requireStepUp } from './step-up.service.ts';

// Passkeys (docs/decisions/131-passkeys-and-secrets-at-rest.md, product-rules §17): discoverable
// WebAuthn credentials with user verification. A sign-in with one is a whole sign-in. Adding or
// removing one needs the password typed again (docs/decisions/151) and mails the account. For an
// account with a second factor (every admin, a donor who turned it on) a passkey is the second
// factor too, but only one added in a sign-in that had passed a TOTP code, and never while the
// account's code attempts are locked out (docs/decisions/151).

export type PasskeyDeps = Pick<AuthDeps, 'db' | 'clock' | 'log' | 'signAccessToken' | 'mailer'> & { config: Pick<Config, 'appUrl'> };

/** How long a ceremony may take, from its options to its answer. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'Uplift';

/** The relying party is the app: its ID is APP_URL's host, the only origin accepted is APP_URL's. */
export function relyingParty(appUrl: string): { id: string; origin: string } {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin };
}

/** The WebAuthn user handle of an account: its id, not its email (the handle is stored on the authenticator). */
export const userHandleOf = (userId: number): Uint8Array<ArrayBuffer> => new TextEncoder().encode(`uplift:${userId}`);
const userHandleText = (userId: number): string => Buffer.from(userHandleOf(userId)).toString('base64url');

/** The challenge a browser signed, read from its client data; undefined when that is not JSON with a string one. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

const toPasskey = (row: pkRepo.PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
});

async function liveUser(db: PasskeyDeps['db'], userId: number): Promise<repo.UserRow> {
  const user = await repo.findUserById(db, userId);
  if (!user || !user.activated || user.erased_at) throw authErrors.sessionEnded();
  return user;
}

/** The account's passkeys, oldest first. */
export async function listPasskeys(deps: Pick<PasskeyDeps, 'db'>, userId: number): Promise<Passkey[]> {
  return (await pkRepo.listPasskeys(deps.db, userId)).map(toPasskey);
}

/** Options for navigator.credentials.create(): a resident key with user verification, none already added; only after the password is typed again. */
export async function registrationOptions(deps: PasskeyDeps, asker: Pick<AuthUser, 'id' | 'session'>): Promise<PasskeyOptions> {
  const { db, clock, config } = deps;
  const userId = asker.id;
  const user = await liveUser(db, userId);
  await requireStepUp(deps, asker);
  const existing = await pkRepo.listPasskeys(db, userId);
  if (existing.length >= PASSKEYS_MAX) throw authErrors.passkeyLimit({ max: PASSKEYS_MAX });
  const now = clock.now();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(config.appUrl).id,
    userName: user.email,
    userDisplayName: `${user.first_name} ${user.last_name}`,
    userID: userHandleOf(user.id),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    // The library sets `requireResidentKey` from a required resident key, as WebAuthn asks.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await pkRepo.insertChallenge(db, { challenge: options.challenge, purpose: 'register', user_id: user.id, expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS) }, now);
  return options as unknown as PasskeyOptions;
}

/**
 * Adds the passkey the browser made for this account's challenge, under the name the person gave
 * it, while the password typed again still holds; the account is mailed. An admin's passkey is a
 * second factor only when this sign-in had passed a TOTP code.
 */
export async function verifyRegistration(deps: PasskeyDeps, asker: Pick<AuthUser, 'id' | 'session'>, input: PasskeyRegistrationInput & { name: string }): Promise<Passkey> {
  const { db, clock, config, log } = deps;
  const userId = asker.id;
  const user = await liveUser(db, userId);
  const { totpPassed } = await requireStepUp(deps, asker);
  const now = clock.now();
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!challenge || !(await pkRepo.consumeChallenge(db, challenge, 'register', userId, now))) throw authErrors.passkeyNotAdded();
  const rp = relyingParty(config.appUrl);
  const verification = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((err: unknown) => err as Error);
  if (verification instanceof Error || !verification.verified) {
    log.info({ userId, why: verification instanceof Error ? verification.message : 'not verified' }, 'passkey registration refused');
    throw authErrors.passkeyNotAdded();
  }
  const { credential } = verification.registrationInfo;
  try {
    const row = await pkRepo.insertPasskey(db, {
      user_id: userId,
      credential_id: credential.id,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
      second_factor: totpPassed,
      created_at: now,
    });
    await mailAuthChange(deps, user, { kind: 'passkey-added', name: row.name });
    return toPasskey(row);
  } catch (err) {
    if (isUniqueViolation(err, 'passkeys_credential_id_key')) throw authErrors.passkeyExists();
    throw err;
  }
}

/**
 * Removes one of the account's own passkeys, while the password typed again still holds; the
 * account is mailed (the route's `security.passkey_removed` event records it).
 */
export async function removePasskey(deps: Pick<PasskeyDeps, 'db' | 'clock' | 'mailer' | 'config'>, asker: Pick<AuthUser, 'id' | 'session'>, passkeyId: number): Promise<void> {
  const user = await liveUser(deps.db, asker.id);
  await requireStepUp(deps, asker);
  const removed = await pkRepo.deletePasskey(deps.db, user.id, passkeyId);
  if (!removed) throw authErrors.passkeyNotFound();
  await mailAuthChange(deps, user, { kind: 'passkey-removed', name: removed.name });
}

/** Options for navigator.credentials.get(): any passkey of this site (discoverable), with user verification. */
export async function authenticationOptions(deps: PasskeyDeps): Promise<PasskeyOptions> {
  const now = deps.clock.now();
  const options = await generateAuthenticationOptions({ rpID: relyingParty(deps.config.appUrl).id, userVerification: 'required', timeout: PASSKEY_CHALLENGE_TTL_MS });
  await pkRepo.insertChallenge(deps.db, { challenge: options.challenge, purpose: 'authenticate', user_id: null, expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS) }, now);
  return options as unknown as PasskeyOptions;
}

/** Who asks to sign in, for the security event of a refusal. */
export type PasskeyAsker = { ip: string; requestId: string };

/**
 * Signs in with a passkey: a live challenge of ours used once, a known credential of a live account,
 * that account's user handle (a discoverable credential always returns it), our origin and RP ID,
 * user verification, a valid signature and a counter that went forward (or stays 0). The session
 * has passed the second factor only with a passkey added in a sign-in that had passed a TOTP code,
 * and not while the code attempts are locked out: otherwise the code step follows (an admin, a donor who has one).
 * Each refusal is a `security.passkey_refused` event naming why.
 */
export async function verifyAuthentication(deps: PasskeyDeps, input: PasskeyAuthenticationInput, asker: PasskeyAsker): Promise<SessionTokens> {
  const { db, clock, config, log } = deps;
  const now = clock.now();
  const refuse = (why: string, userId: number | null = null) => {
    writeSecurityEvent(log, 'passkey_refused', { userId, ip: asker.ip, requestId: asker.requestId, status: 401, why });
    return authErrors.passkeyRefused();
  };
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!challenge || !(await pkRepo.consumeChallenge(db, challenge, 'authenticate', null, now))) throw refuse('unknown, used or expired challenge');
  const passkey = await pkRepo.findPasskeyByCredentialId(db, input.response.id);
  if (!passkey) throw refuse('unknown credential');
  const user = await repo.findUserById(db, passkey.user_id);
  if (!user || !user.activated || user.erased_at) throw refuse('account not live', passkey.user_id);
  if (input.response.response.userHandle !== userHandleText(user.id)) throw refuse('not the user handle of this account', user.id);
  const rp = relyingParty(config.appUrl);
  const verification = await verifyAuthenticationResponse({
    response: input.response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: passkey.counter, transports: passkey.transports },
    requireUserVerification: true,
  }).catch((err: unknown) => err as Error);
  // The library's own words say which check failed (origin, RP ID, user verification, signature, counter).
  if (verification instanceof Error) throw refuse(`assertion refused: ${verification.message}`, user.id);
  if (!verification.verified) throw refuse('assertion did not verify', user.id);
  if (!(await pkRepo.recordPasskeyUse(db, passkey.id, passkey.counter, verification.authenticationInfo.newCounter, now))) throw refuse('assertion used twice at once', user.id);
  // As said above: the family records whether its sign-in passed a second factor (its refreshes keep that answer).
  const secondFactor = passkey.second_factor && !(await twoFactorLockedOut(db, user.id, now));
  return startSession(deps, user, { id: randomUUID(), startedAt: now, secondFactor });
}

/** Erasure: the account's passkeys go with it, in the caller's transaction. */
export { deleteAllPasskeys } from './passkeys.repository.ts';
