import { useMutation } from '@tanstack/react-query';
import type { ResetRequest } from '@uplift/core/schemas/auth';
import { api } from '../../../lib/api-client';

/** POST /api/auth/reset: sets the new password and ends every session of the account. */
export function resetPassword(body: ResetRequest): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/reset', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
