import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, ConsentsUpdate } from '@uplift/core/schemas/account';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** PUT /api/account/consents: gives or withdraws the two opt-ins; answers the account. */
export const updateConsents = (body: ConsentsUpdate) => api<Account>('/api/account/consents', { method: 'PUT', body, auth: true });

export function useUpdateConsents() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateConsents, onSuccess: (account) => queryClient.setQueryData(accountKeys.all, account) });
}
