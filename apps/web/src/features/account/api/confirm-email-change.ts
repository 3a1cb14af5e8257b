import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@uplift/core/schemas/error';
import { api } from '../../../lib/api-client';
import { invalidateUserInfo } from '../../../lib/queries/invalidate';
import { accountKeys } from './account-keys';

/** POST /api/account/email/confirm: the token from the mailed link (no sign-in needed). */
export const confirmEmailChange = (token: string) => api<MessageResponse>('/api/account/email/confirm', { method: 'POST', body: { token } });

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.all }), invalidateUserInfo(queryClient)]),
  });
}
