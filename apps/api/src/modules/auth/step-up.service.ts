import { STEP_UP_WINDOW_MS, type StepUpInput } from '@uplift/core/schemas/auth';
import { MSG } from '@uplift/core/messages';
import type { Config } from '../../config.ts';
import { FieldError } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { writeSecurityEvent } from '../../security-log.ts';
import { authErrors } from './auth.errors.ts';
import * as repo from './auth.repository.ts';
import type { AuthDeps } from './auth.service.ts';
import { verifyPassword } from './password.ts';
import { claimAttempt } from './rate-limits.ts';
import { decryptSecret } from './secrets.ts';
import { totpStep } from './totp.ts';
import * as tfRepo from './two-factor.repository.ts';

// Re-confirming it is you (docs/decisions/151): a stolen access token, or a script injected into
// the page, must not be enough to change how the account signs in. Such a change needs the
// password (or a TOTP code) typed again in this sign-in within STEP_UP_WINDOW_MS; the proof is
// recorded on the sign-in's refresh-token family, on the server, never only in the browser.

export type StepUpDeps = Pick<AuthDeps, 'db' | 'clock' | 'log'> & { config: Pick<Config, 'secrets'> };

/** Who asks, from where: the IP and request id go into the security log of a wrong proof. */
export type StepUpAsker = { user: AuthUser; ip: string; requestId: string };

/**
 * What the sign-in of `user` proved lately, for a change to how the account signs in: throws
 * `auth.step_up_required` unless the password or a TOTP code was typed again in it within the
 * window. Answers whether the sign-in ever passed a TOTP code (an admin's passkey added in it is
 * a second factor).
 */
export async function requireStepUp(deps: Pick<StepUpDeps, 'db' | 'clock'>, user: Pick<AuthUser, 'id' | 'session'>): Promise<{ totpPassed: boolean }> {
  const state = user.session ? await repo.stepUpStateOf(deps.db, user.id, user.session) : undefined;
  const fresh = state?.steppedUpAt && deps.clock.now().getTime() - state.steppedUpAt.getTime() < STEP_UP_WINDOW_MS;
  if (!state || !fresh) throw authErrors.stepUpRequired();
  return { totpPassed: state.totpPassed };
}

/**
 * Records a fresh proof on the caller's sign-in: the account's password (counted against the
 * account's failed-login limit, as a login is), or a TOTP code of an account that has a second
 * factor (counted against its code limit, never accepted twice). Answers until when it holds.
 */
export async function stepUp(deps: StepUpDeps, asker: StepUpAsker, input: StepUpInput): Promise<Date> {
  const { db, clock, log } = deps;
  const user = await repo.findUserById(db, asker.user.id);
  if (!user || !user.activated || user.erased_at || !asker.user.session) throw authErrors.sessionEnded();
  const now = clock.now();
  const failed = (why: string, status: number) => writeSecurityEvent(log, 'step_up_failed', { userId: user.id, ip: asker.ip, requestId: asker.requestId, status, why });
  let totp = false;
  if (input.password) {
    const release = await claimAttempt(db, 'login', { email: user.email }, now);
    if (!(await verifyPassword(input.password, user.password_hash))) {
      failed('wrong password', 403);
      throw authErrors.stepUpWrongPassword();
    }
    await release();
  } else {
    const code = (input.code ?? '').replace(/[\s-]/g, '');
    if (!user.totp_secret) throw new FieldError('password', MSG.passwordRequired);
    const release = await claimAttempt(db, 'two_factor', { userId: user.id }, now);
    const step = totpStep(decryptSecret(user.totp_secret, deps.config.secrets.key), code, now);
    if (step === undefined || !(await tfRepo.claimTotpStep(db, user.id, step))) {
      failed(step === undefined ? 'wrong code' : 'code already used', 400);
      throw new FieldError('code', MSG.twoFactorCodeInvalid);
    }
    await release();
    totp = true;
  }
  if (!(await repo.recordStepUp(db, user.id, asker.user.session, now, totp))) throw authErrors.sessionEnded();
  log.info({ userId: user.id, totp }, 'sign-in re-confirmed');
  return new Date(now.getTime() + STEP_UP_WINDOW_MS);
}
