import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@uplift/core/schemas/error';
import type { RecoveryCodes, TwoFactorCodeInput, TwoFactorEnrolled, TwoFactorEnrolment, TwoFactorStatus } from '@uplift/core/schemas/two-factor';
import { api } from '../../../lib/api-client';
import { setAccessToken } from '../../../lib/session';
import { accountKeys } from './account-keys';

// Two-factor sign-in from /account (docs/decisions/151): a donor may turn it on or off; an admin
// keeps it. Each change asks for the password again (the section's guard).

const twoFactorKey = [...accountKeys.all, 'two-factor'] as const;

/** GET /api/auth/two-factor */
export const twoFactorQuery = () =>
  queryOptions({ queryKey: twoFactorKey, queryFn: () => api<TwoFactorStatus>('/api/auth/two-factor', { auth: true }), staleTime: 0 });
export const useTwoFactorStatus = () => useQuery(twoFactorQuery());

/** POST /api/auth/two-factor/enrolment: a new secret and its QR code. */
export const startEnrolment = () => api<TwoFactorEnrolment>('/api/auth/two-factor/enrolment', { method: 'POST', auth: true });

/** POST /api/auth/two-factor/enrolment/confirm: the first code; the answer's session replaces this one. */
export async function confirmEnrolment(body: TwoFactorCodeInput): Promise<string[]> {
  const { access_token, recovery_codes } = await api<TwoFactorEnrolled>('/api/auth/two-factor/enrolment/confirm', { method: 'POST', auth: true, body });
  setAccessToken(access_token);
  return recovery_codes;
}

/** POST /api/auth/two-factor/recovery-codes */
export const newRecoveryCodes = async () => (await api<RecoveryCodes>('/api/auth/two-factor/recovery-codes', { method: 'POST', auth: true })).recovery_codes;

/** DELETE /api/auth/two-factor */
export const turnOff = () => api<MessageResponse>('/api/auth/two-factor', { method: 'DELETE', auth: true });

/** Refreshes the status after a change. */
export function useTwoFactorChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorKey });
}

export const useTwoFactorMutation = <T, A = void>(fn: (arg: A) => Promise<T>) => {
  const changed = useTwoFactorChanged();
  return useMutation({ mutationFn: fn, onSuccess: () => changed() });
};
