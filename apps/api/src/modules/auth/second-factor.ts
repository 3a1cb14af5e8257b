import type { TwoFactorStep } from '@uplift/core/schemas/two-factor';
import type { UserRow } from './auth.repository.ts';

/** Where an account stands on the second factor: donors need none; an admin passed it, or must enrol or type a code. */
export function secondFactorState(user: Pick<UserRow, 'role' | 'totp_secret'>, passed: boolean): 'passed' | TwoFactorStep {
  if (user.role !== 'admin' || passed) return 'passed';
  return user.totp_secret ? 'code' : 'enrol';
}
