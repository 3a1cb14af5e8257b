import { useMutation } from '@tanstack/react-query';
import type { ForgotInput } from '@uplift/core/schemas/auth';
import type { MessageResponse } from '@uplift/core/schemas/error';
import { api } from '../../../lib/api-client';

/** POST /api/auth/forgot: answers the same whether or not the account exists. */
export function requestPasswordReset(body: ForgotInput): Promise<MessageResponse> {
  return api<MessageResponse>('/api/auth/forgot', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
