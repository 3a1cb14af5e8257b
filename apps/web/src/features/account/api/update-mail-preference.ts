import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailPreference } from '@uplift/core/mail-kinds';
import type { Account } from '@uplift/core/schemas/account';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** PUT /api/account/mail-preferences/:kind: switches one optional mail on or off; answers the account. */
export const updateMailPreference = ({ kind, given }: { kind: MailPreference; given: boolean }) =>
  api<Account>(`/api/account/mail-preferences/${kind}`, { method: 'PUT', body: { given }, auth: true });

export function useUpdateMailPreference() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMailPreference, onSuccess: (account) => queryClient.setQueryData(accountKeys.all, account) });
}
