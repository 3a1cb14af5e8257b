import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeRequest } from '@uplift/core/schemas/account';
import type { MessageResponse } from '@uplift/core/schemas/error';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** POST /api/account/email: mails a confirmation link to the new address. */
export const requestEmailChange = (body: EmailChangeRequest) => api<MessageResponse>('/api/account/email', { method: 'POST', body, auth: true });

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestEmailChange, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }) });
}
