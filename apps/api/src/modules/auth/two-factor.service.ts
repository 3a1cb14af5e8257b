import { randomUUID } from 'node:crypto';
import { MSG } from '@uplift/core/messages';
import type { TwoFactorEnrolment } from '@uplift/core/schemas/two-factor';
import { conflict, FieldError, forbidden } from '../../errors.ts';
import { recordAdminAction } from '../audit/index.ts';
import * as repo from './auth.repository.ts';
import { startSession, type AuthDeps, type SessionTokens } from './auth.service.ts';
import { sessionEnded } from './auth.errors.ts';
import { claimAttempt } from './rate-limits.ts';
import { hashToken } from './tokens.ts';
import { newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeDataUrl, recoveryCodeHash, totpStep } from './totp.ts';
import * as tfRepo from './two-factor.repository.ts';

// Admin two-factor sign-in (docs/decisions/077). The password step gives a session without admin
// rights; enrolling or typing a code ends that session and starts one that has them.

/** Who asks, from where: the IP goes into the security log of a failed code. */
export type Asker = { userId: number; ip: string; refreshToken: string | undefined };

const alreadyEnrolled = () => conflict('auth.two_factor_enrolled', 'Two-factor sign-in is already set up for this account.');
const notEnrolled = () => conflict('auth.two_factor_not_enrolled', 'Two-factor sign-in is not set up yet. Please set it up first.');
const noEnrolmentStarted = () => conflict('auth.two_factor_not_started', 'Please start the set-up again: scan the new QR code, then enter its code.');
const wrongCode = () => new FieldError('code', MSG.twoFactorCodeInvalid);

export function createTwoFactorService(deps: Pick<AuthDeps, 'db' | 'clock' | 'log' | 'signAccessToken'>) {
  const { db, clock, log } = deps;

  async function adminOf(userId: number): Promise<repo.UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user || !user.activated) throw sessionEnded();
    if (user.role !== 'admin') throw forbidden();
    return user;
  }

  /** A failed code is a security event: who, from where, never the code. */
  function failed(asker: Asker, why: string) {
    log.warn({ event: 'security.two_factor_failed', ip: asker.ip, userId: asker.userId, why }, 'security event: second factor refused');
  }

  /** Ends the password-step session the cookie belongs to and starts one past the second factor. */
  async function upgradeSession(user: repo.UserRow, refreshToken: string | undefined): Promise<SessionTokens> {
    const now = clock.now();
    const current = refreshToken ? await repo.findRefreshToken(db, hashToken(refreshToken)) : undefined;
    if (current && current.user_id === user.id) await repo.revokeRefreshFamily(db, current.family_id, now);
    return startSession(deps, user, { id: randomUUID(), startedAt: now, secondFactor: true });
  }

  return {
    /** A new secret awaiting its first code (a later start replaces it), with its QR code. */
    async beginEnrolment(asker: Asker): Promise<TwoFactorEnrolment> {
      const user = await adminOf(asker.userId);
      if (user.totp_secret) throw alreadyEnrolled();
      const secret = newTotpSecret();
      await tfRepo.setPendingSecret(db, user.id, secret, clock.now());
      const uri = otpauthUri(secret, user.email);
      return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
    },

    /** The first code proves the app holds the secret: it becomes the admin's, with ten recovery codes. */
    async confirmEnrolment(asker: Asker, code: string): Promise<{ session: SessionTokens; recoveryCodes: string[] }> {
      const user = await adminOf(asker.userId);
      if (user.totp_secret) throw alreadyEnrolled();
      const secret = user.totp_pending_secret;
      if (!secret) throw noEnrolmentStarted();
      const now = clock.now();
      const release = await claimAttempt(db, 'two_factor', user.email, now);
      const step = totpStep(secret, code, now);
      if (step === undefined) {
        failed(asker, 'enrolment code');
        throw wrongCode();
      }
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        if (!(await tfRepo.confirmSecret(tx, user.id, secret, step, now))) throw noEnrolmentStarted();
        await tfRepo.replaceRecoveryCodes(tx, user.id, recoveryCodes.map(recoveryCodeHash), now);
        await recordAdminAction(tx, { adminId: user.id, action: 'two_factor.enrol', target: `admin ${user.id}`, after: { recovery_codes: recoveryCodes.length }, at: now });
      });
      await release();
      log.info({ userId: user.id }, 'admin enrolled in two-factor sign-in');
      return { session: await upgradeSession({ ...user, totp_secret: secret }, asker.refreshToken), recoveryCodes };
    },

    /** The code step of an enrolled admin's sign-in: a TOTP code not used before, or an unused recovery code. */
    async verify(asker: Asker, code: string): Promise<SessionTokens> {
      const user = await adminOf(asker.userId);
      if (!user.totp_secret) throw notEnrolled();
      const now = clock.now();
      const release = await claimAttempt(db, 'two_factor', user.email, now);
      const step = totpStep(user.totp_secret, code, now);
      if (step !== undefined) {
        if (!(await tfRepo.claimTotpStep(db, user.id, step))) {
          failed(asker, 'code already used');
          throw wrongCode();
        }
      } else if (!(await useRecoveryCode(user.id, code, now))) {
        failed(asker, 'wrong code');
        throw wrongCode();
      }
      await release();
      log.info({ userId: user.id }, 'admin passed the second factor');
      return upgradeSession(user, asker.refreshToken);
    },

    /** Another admin forgets this admin's second factor (a lost phone): every session ends and the next sign-in enrols. */
    async reset(adminId: number, targetId: number): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const target = await repo.findUserById(tx, targetId);
        if (!target || target.role !== 'admin') throw conflict('auth.not_an_admin', 'That account is not an admin.');
        await tfRepo.clearSecondFactor(tx, targetId, now);
        await repo.revokeAllRefreshTokens(tx, targetId, now);
        await recordAdminAction(tx, {
          adminId,
          action: 'two_factor.reset',
          target: `admin ${targetId}`,
          before: { enrolled_at: target.totp_enrolled_at },
          after: { enrolled_at: null },
          at: now,
        });
      });
      log.info({ adminId, targetId }, 'admin two-factor sign-in reset');
    },
  };

  /** Uses a recovery code and records it, together: a code is used once, and its use never goes unrecorded. */
  async function useRecoveryCode(userId: number, code: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!(await tfRepo.useRecoveryCode(tx, userId, recoveryCodeHash(code), now))) return false;
      const remaining = await tfRepo.unusedRecoveryCodes(tx, userId);
      await recordAdminAction(tx, { adminId: userId, action: 'two_factor.recovery_code_used', target: `admin ${userId}`, after: { remaining }, at: now });
      return true;
    });
  }
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
