import { randomUUID } from 'node:crypto';
import { MSG } from '@uplift/core/messages';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@uplift/core/schemas/two-factor';
import { FieldError } from '../../errors.ts';
import { recordAdminAction } from '../audit/index.ts';
import * as repo from './auth.repository.ts';
import { startSession, type AuthDeps, type SessionTokens } from './auth.service.ts';
import { authErrors } from './auth.errors.ts';
import { clearPasskeySecondFactor, deleteAllPasskeys } from './passkeys.repository.ts';
import { claimAttempt, clearAttempts } from './rate-limits.ts';
import { hashToken } from './tokens.ts';
import type { Config } from '../../config.ts';
import { writeSecurityEvent } from '../../security-log.ts';
import { decryptSecret, encryptSecret, hashRecoveryCode, isEncryptedSecret, isLegacyRecoveryHash, keyIdOf, recoveryCodeMatches, SecretsKeyError, secretsKeyId, upgradeLegacyRecoveryHash } from './secrets.ts';
import { newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeDataUrl, totpStep } from './totp.ts';
import * as tfRepo from './two-factor.repository.ts';
import { mailAuthChange } from './security-notices.ts';
import { requireStepUp } from './step-up.service.ts';
import type { AuthUser } from '../../plugins/auth.ts';

// Two-factor sign-in (docs/decisions/077 for admins, who must have it; 151 for donors, who may turn
// it on in /account). The password step gives a session without admin rights (a donor's, without
// any); enrolling or typing a code ends that session and starts one that has them.

/** Who asks, from where: the IP goes into the security log of a failed code. */
export type Asker = { userId: number; ip: string; requestId: string; refreshToken: string | undefined; /** The token's sign-in (refresh-token family). */ session: string | undefined };

const wrongCode = () => new FieldError('code', MSG.twoFactorCodeInvalid);

/** `config.secrets.key` seals the TOTP secrets (docs/decisions/131-passkeys-and-secrets-at-rest.md). */
export type TwoFactorDeps = Pick<AuthDeps, 'db' | 'clock' | 'log' | 'signAccessToken' | 'mailer'> & { config: Pick<Config, 'secrets' | 'appUrl'> };

async function accountOf(db: TwoFactorDeps['db'], userId: number): Promise<repo.UserRow> {
  const user = await repo.findUserById(db, userId);
  if (!user || !user.activated || user.erased_at) throw authErrors.sessionEnded();
  return user;
}

/**
 * A donor sets up (or turns off) the second factor from /account in a full session, with the
 * password typed again (docs/decisions/151); an admin's first set-up is the password step's own.
 */
async function requireDonorStepUp(deps: TwoFactorDeps, user: repo.UserRow, asker: Asker): Promise<void> {
  if (user.role !== 'admin') await requireStepUp(deps, { id: user.id, session: asker.session });
}

/** A failed code is a security event: who, from where, never the code. */
function logFailedCode(log: TwoFactorDeps['log'], asker: Asker, why: string) {
  writeSecurityEvent(log, 'two_factor_failed', { userId: asker.userId, ip: asker.ip, requestId: asker.requestId, why });
}

/** Ends the password-step session the cookie belongs to and starts one past the second factor (a TOTP code's: docs/decisions/151). */
async function upgradeSession(deps: TwoFactorDeps, user: repo.UserRow, refreshToken: string | undefined): Promise<SessionTokens> {
  const now = deps.clock.now();
  const current = refreshToken ? await repo.findRefreshToken(deps.db, hashToken(refreshToken)) : undefined;
  if (current && current.user_id === user.id) await repo.revokeRefreshFamily(deps.db, current.family_id, now);
  return startSession(deps, user, { id: randomUUID(), startedAt: now, secondFactor: true, totp: true });
}

/**
 * Uses a recovery code and records it, together: a code is used once, and its use never goes
 * unrecorded. Answers how many are left, or undefined when the code is not one of them.
 */
async function useRecoveryCode(db: TwoFactorDeps['db'], user: Pick<repo.UserRow, 'id' | 'role'>, code: string, now: Date): Promise<number | undefined> {
  const userId = user.id;
  return db.transaction(async (tx) => {
    const unused = await tfRepo.lockUnusedRecoveryCodes(tx, userId);
    const matches = await Promise.all(unused.map((row) => recoveryCodeMatches(code, row.code_hash)));
    const match = unused.find((_, i) => matches[i]);
    if (!match || !(await tfRepo.markRecoveryCodeUsed(tx, match.id, now))) return undefined;
    const remaining = await tfRepo.unusedRecoveryCodes(tx, userId);
    // The admin audit records admins' uses; a donor's is in the security log and the mail.
    if (user.role === 'admin') await recordAdminAction(tx, { adminId: userId, action: 'two_factor.recovery_code_used', target: `admin ${userId}`, after: { remaining }, at: now });
    return remaining;
  });
}

/** A new secret awaiting its first code (a later start replaces it), with its QR code. */
export async function beginEnrolment(deps: TwoFactorDeps, asker: Asker): Promise<TwoFactorEnrolment> {
  const user = await accountOf(deps.db, asker.userId);
  if (user.totp_secret) throw authErrors.twoFactorEnrolled();
  await requireDonorStepUp(deps, user, asker);
  const secret = newTotpSecret();
  await tfRepo.setPendingSecret(deps.db, user.id, encryptSecret(secret, deps.config.secrets.key), deps.clock.now());
  const uri = otpauthUri(secret, user.email);
  return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
}

/** The first code proves the app holds the secret: it becomes the admin's, with ten recovery codes. */
export async function confirmEnrolment(deps: TwoFactorDeps, asker: Asker, code: string): Promise<{ session: SessionTokens; recoveryCodes: string[] }> {
  const { db, clock, log } = deps;
  const user = await accountOf(db, asker.userId);
  if (user.totp_secret) throw authErrors.twoFactorEnrolled();
  const sealed = user.totp_pending_secret;
  if (!sealed) throw authErrors.twoFactorNotStarted();
  await requireDonorStepUp(deps, user, asker);
  const secret = decryptSecret(sealed, deps.config.secrets.key);
  const now = clock.now();
  const release = await claimAttempt(db, 'two_factor', { userId: user.id }, now);
  const step = totpStep(secret, code, now);
  if (step === undefined) {
    logFailedCode(log, asker, 'enrolment code');
    throw wrongCode();
  }
  const recoveryCodes = newRecoveryCodes();
  const hashes = await Promise.all(recoveryCodes.map(hashRecoveryCode));
  await db.transaction(async (tx) => {
    if (!(await tfRepo.confirmSecret(tx, user.id, sealed, step, now))) throw authErrors.twoFactorNotStarted();
    await tfRepo.replaceRecoveryCodes(tx, user.id, hashes, now);
    if (user.role === 'admin') await recordAdminAction(tx, { adminId: user.id, action: 'two_factor.enrol', target: `admin ${user.id}`, after: { recovery_codes: recoveryCodes.length }, at: now });
  });
  await release();
  await mailAuthChange(deps, user, { kind: 'second-factor-enrolled' });
  log.info({ userId: user.id }, 'admin enrolled in two-factor sign-in');
  return { session: await upgradeSession(deps, { ...user, totp_secret: sealed }, asker.refreshToken), recoveryCodes };
}

/** The code step of an enrolled admin's sign-in: a TOTP code not used before, or an unused recovery code. */
export async function verifySecondFactor(deps: TwoFactorDeps, asker: Asker, code: string): Promise<SessionTokens> {
  const { db, clock, log } = deps;
  const user = await accountOf(db, asker.userId);
  if (!user.totp_secret) throw authErrors.twoFactorNotEnrolled();
  const now = clock.now();
  const release = await claimAttempt(db, 'two_factor', { userId: user.id }, now);
  const step = totpStep(decryptSecret(user.totp_secret, deps.config.secrets.key), code, now);
  if (step !== undefined) {
    if (!(await tfRepo.claimTotpStep(db, user.id, step))) {
      logFailedCode(log, asker, 'code already used');
      throw wrongCode();
    }
  } else {
    const remaining = await useRecoveryCode(db, user, code, now);
    if (remaining === undefined) {
      logFailedCode(log, asker, 'wrong code');
      throw wrongCode();
    }
    await mailAuthChange(deps, user, { kind: 'recovery-code-used', remaining });
  }
  await release();
  log.info({ userId: user.id }, 'admin passed the second factor');
  return upgradeSession(deps, user, asker.refreshToken);
}

/**
 * Ten new recovery codes for an enrolled account, the old ones void: only while the password or a
 * code typed again still holds (docs/decisions/151); the account is mailed.
 */
export async function regenerateRecoveryCodes(deps: TwoFactorDeps, asker: Pick<AuthUser, 'id' | 'session'>): Promise<string[]> {
  const { db, clock, log } = deps;
  const user = await accountOf(db, asker.id);
  if (!user.totp_secret) throw authErrors.twoFactorNotEnrolled();
  await requireStepUp(deps, asker);
  const now = clock.now();
  const recoveryCodes = newRecoveryCodes();
  const hashes = await Promise.all(recoveryCodes.map(hashRecoveryCode));
  // Recorded by the route's `security.two_factor_changed` event and the mail (no audit action of its own).
  await db.transaction(async (tx) => tfRepo.replaceRecoveryCodes(tx, user.id, hashes, now));
  await mailAuthChange(deps, user, { kind: 'recovery-codes-regenerated' });
  log.info({ userId: user.id }, 'recovery codes regenerated');
  return recoveryCodes;
}

/** Whether the account has a second factor, whether it must keep it (admins), and how many recovery codes are left. */
export async function secondFactorStatus(deps: Pick<TwoFactorDeps, 'db'>, userId: number): Promise<TwoFactorStatus> {
  const user = await accountOf(deps.db, userId);
  return { enabled: user.totp_secret !== null, required: user.role === 'admin', recovery_codes_left: user.totp_secret ? await tfRepo.unusedRecoveryCodes(deps.db, userId) : 0 };
}

/**
 * A donor turns the second factor off (docs/decisions/151), with the password or a code typed
 * again: the TOTP secret and recovery codes go, passkeys no longer stand in for a code, and the
 * account is mailed. An admin cannot: the second factor is theirs to keep (docs/decisions/077).
 */
export async function turnOffSecondFactor(deps: TwoFactorDeps, asker: Pick<AuthUser, 'id' | 'session'>): Promise<void> {
  const user = await accountOf(deps.db, asker.id);
  if (user.role === 'admin') throw authErrors.twoFactorRequiredForAdmins();
  if (!user.totp_secret) throw authErrors.twoFactorNotEnrolled();
  await requireStepUp(deps, asker);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tfRepo.clearSecondFactor(tx, user.id, now);
    await clearPasskeySecondFactor(tx, user.id);
  });
  await mailAuthChange(deps, user, { kind: 'second-factor-removed' });
  deps.log.info({ userId: user.id }, 'second factor turned off');
}

/**
 * Another admin forgets this admin's second factor (a lost phone): the TOTP secret, the recovery
 * codes and the passkeys go, every session ends, the wrong codes counted so far are forgotten, and
 * the next sign-in enrols.
 */
export async function resetSecondFactor(deps: Pick<TwoFactorDeps, 'db' | 'clock' | 'log' | 'mailer' | 'config'>, adminId: number, targetId: number): Promise<void> {
  const now = deps.clock.now();
  const target = await deps.db.transaction(async (tx) => {
    const target = await repo.findUserById(tx, targetId);
    if (!target || target.role !== 'admin') throw authErrors.notAnAdmin();
    await tfRepo.clearSecondFactor(tx, targetId, now);
    // A passkey is a second factor too (docs/decisions/131), and may be on the lost phone.
    await deleteAllPasskeys(tx, targetId);
    await clearAttempts(tx, ['two_factor'], { userId: targetId });
    await repo.revokeAllRefreshTokens(tx, targetId, now);
    await recordAdminAction(tx, {
      adminId,
      action: 'two_factor.reset',
      target: `admin ${targetId}`,
      before: { enrolled_at: target.totp_enrolled_at },
      after: { enrolled_at: null },
      at: now,
    });
    return target;
  });
  await mailAuthChange(deps, target, { kind: 'second-factor-reset' });
  deps.log.info({ adminId, targetId }, 'admin two-factor sign-in reset');
}

/**
 * At start-up (docs/decisions/131-passkeys-and-secrets-at-rest.md): TOTP secrets kept in plain
 * text are encrypted with SECRETS_KEY, and recovery codes kept as a bare SHA-256 become salted
 * scrypt hashes of it, in one transaction. Does nothing when there is nothing left to do.
 */
export async function sealSecretsAtRest(deps: Pick<TwoFactorDeps, 'db' | 'log'>, key: Buffer): Promise<{ secrets: number; recoveryCodes: number }> {
  const seal = (value: string | null) => (value === null || isEncryptedSecret(value) ? value : encryptSecret(value, key));
  const done = await deps.db.transaction(async (tx) => {
    let secrets = 0;
    for (const row of await tfRepo.lockTotpSecrets(tx)) {
      const sealed = { totp_secret: seal(row.totp_secret), totp_pending_secret: seal(row.totp_pending_secret) };
      if (sealed.totp_secret === row.totp_secret && sealed.totp_pending_secret === row.totp_pending_secret) continue;
      await tfRepo.setTotpSecrets(tx, row.id, sealed);
      secrets += 1;
    }
    let recoveryCodes = 0;
    for (const row of await tfRepo.lockRecoveryCodeHashes(tx)) {
      if (!isLegacyRecoveryHash(row.code_hash)) continue;
      await tfRepo.setRecoveryCodeHash(tx, row.id, await upgradeLegacyRecoveryHash(row.code_hash));
      recoveryCodes += 1;
    }
    return { secrets, recoveryCodes };
  });
  if (done.secrets + done.recoveryCodes > 0) deps.log.info(done, 'secrets at rest sealed: plain TOTP secrets encrypted, SHA-256 recovery codes rehashed');
  return done;
}

/**
 * `npm run rotate-secrets`: every TOTP secret re-encrypted from `oldKey` to `newKey`, in one
 * transaction (all or none). A value already under the new key is left as it is, so the command
 * can be run again; a value under a third key stops it, and nothing changes.
 */
export async function rotateSecrets(db: TwoFactorDeps['db'], oldKey: Buffer, newKey: Buffer): Promise<number> {
  const newId = secretsKeyId(newKey);
  const reseal = (value: string | null) => {
    if (value === null || keyIdOf(value) === newId) return value;
    return encryptSecret(isEncryptedSecret(value) ? decryptSecret(value, oldKey) : value, newKey);
  };
  if (oldKey.equals(newKey)) throw new SecretsKeyError('NEW_SECRETS_KEY is the same key as SECRETS_KEY');
  return db.transaction(async (tx) => {
    let n = 0;
    for (const row of await tfRepo.lockTotpSecrets(tx)) {
      const resealed = { totp_secret: reseal(row.totp_secret), totp_pending_secret: reseal(row.totp_pending_secret) };
      if (resealed.totp_secret === row.totp_secret && resealed.totp_pending_secret === row.totp_pending_secret) continue;
      await tfRepo.setTotpSecrets(tx, row.id, resealed);
      n += 1;
    }
    return n;
  });
}
