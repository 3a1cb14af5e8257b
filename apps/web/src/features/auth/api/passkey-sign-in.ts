import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessTokenResponse } from '@uplift/core/schemas/auth';
import type { PasskeyOptions } from '@uplift/core/schemas/passkeys';
import { api } from '../../../lib/api-client';
import { invalidateAfterSignIn } from '../../../lib/queries/invalidate';
import { setAccessToken } from '../../../lib/session';

/**
 * Signs in with a passkey (docs/decisions/131-passkeys-and-secrets-at-rest.md): options from the
 * server, the browser asks for the passkey (and its PIN or biometrics), the server checks the
 * answer. The WebAuthn browser library loads only when the button is pressed.
 */
export async function signInWithPasskey(): Promise<AccessTokenResponse> {
  const options = await api<PasskeyOptions>('/api/auth/passkeys/authentication/options', { method: 'POST' });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return api<AccessTokenResponse>('/api/auth/passkeys/authentication/verify', { method: 'POST', body: { response } });
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: ({ access_token }) => {
      setAccessToken(access_token);
      void invalidateAfterSignIn(queryClient);
    },
  });
}
