import type { TwoFactorStep } from '@uplift/core/schemas/two-factor';
import type { UserRow } from './auth.repository.ts';

/**
 * Where a sign-in stands on the second factor: passed, or the step left. An admin must have one
 * (enrol, then a code at every sign-in, docs/decisions/077); a donor who turned it on in /account
 * types a code too, and one who did not needs none (docs/decisions/151).
 */
export function secondFactorState(user: Pick<UserRow, 'role' | 'totp_secret'>, passed: boolean): 'passed' | TwoFactorStep {
  if (passed) return 'passed';
  if (user.totp_secret) return 'code';
  return user.role === 'admin' ? 'enrol' : 'passed';
}
