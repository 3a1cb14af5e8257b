import { useMutation } from '@tanstack/react-query';
import type { ForgotInput } from '@uplift/core/schemas/auth';
import { api } from '../../../lib/api-client';

/** POST /api/auth/forgot: answers the same whether or not the account exists. */
export function requestPasswordReset(body: ForgotInput): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/forgot', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
