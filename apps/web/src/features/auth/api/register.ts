import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterRequestInput } from '@uplift/core/schemas/auth';
import type { MessageResponse } from '@uplift/core/schemas/error';
import { api } from '../../../lib/api-client';
import { invalidatePledgeData } from '../../../lib/queries/invalidate';

/** POST /api/auth/register: creates the account (not yet activated) and its Pending pledge. */
export function registerAccount(body: RegisterRequestInput): Promise<MessageResponse> {
  return api<MessageResponse>('/api/auth/register', { method: 'POST', body });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerAccount, onSuccess: () => invalidatePledgeData(queryClient) });
}
