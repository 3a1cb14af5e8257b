import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@uplift/core/schemas/error';
import type { Passkey, PasskeyList, PasskeyOptions } from '@uplift/core/schemas/passkeys';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

// The account's passkeys (docs/decisions/131-passkeys-and-secrets-at-rest.md). The WebAuthn
// browser library loads only when a passkey is added.

const passkeysKey = [...accountKeys.all, 'passkeys'] as const;

/** GET /api/auth/passkeys */
export const listPasskeys = () => api<PasskeyList>('/api/auth/passkeys', { auth: true });
export const passkeysQuery = () => queryOptions({ queryKey: passkeysKey, queryFn: listPasskeys, staleTime: 0 });
export const usePasskeys = () => useQuery(passkeysQuery());

/** Asks the server for options, lets the browser (and the person) make the passkey, then has the server add it. */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await api<PasskeyOptions>('/api/auth/passkeys/registration/options', { method: 'POST', auth: true });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return api<Passkey>('/api/auth/passkeys/registration/verify', { method: 'POST', auth: true, body: { name, response } });
}

/** DELETE /api/auth/passkeys/:id */
export const removePasskey = (id: number) => api<MessageResponse>(`/api/auth/passkeys/${id}`, { method: 'DELETE', auth: true });

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }) });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }) });
}
