import type { PledgeStatus } from '@uplift/core/statuses';
import { challengeStep, PAYMENT_STEP, paths } from '../../lib/paths';

/** A same-site path to return to after login (from RequireAuth's state), or undefined. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value.startsWith(paths.login)) return undefined;
  return value;
}

/** Where product-rules §2 "Login" sends a user with this pledge status (no pledge counts as Cancelled). */
export function pathAfterLogin(status: PledgeStatus): string {
  if (status === 'Confirmed') return paths.summary;
  if (status === 'Pending') return challengeStep(PAYMENT_STEP);
  return paths.challenge;
}
