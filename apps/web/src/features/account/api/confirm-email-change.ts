import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@uplift/core/schemas/error';
import { api } from '../../../lib/api-client';
import { invalidateUserInfo } from '../../../lib/queries/invalidate';
import { accountKeys } from './account-keys';

/**
 * POST /api/account/email/confirm: the token from the mailed link (no sign-in needed). The access
 * token goes too when this browser has one, so that this sign-in is the one kept.
 */
export const confirmEmailChange = (token: string) => api<MessageResponse>('/api/account/email/confirm', { method: 'POST', body: { token }, auth: true });

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.all }), invalidateUserInfo(queryClient)]),
  });
}
