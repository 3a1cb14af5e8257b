import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessTokenResponse, LoginInput } from '@uplift/core/schemas/auth';
import { api } from '../../../lib/api-client';
import { invalidateAfterSignIn } from '../../../lib/queries/invalidate';
import { setAccessToken } from '../../../lib/session';

/** POST /api/auth/login: returns the access token; the refresh cookie comes with the answer. */
export function login(body: LoginInput): Promise<AccessTokenResponse> {
  return api<AccessTokenResponse>('/api/auth/login', { method: 'POST', body });
}

/** Signs in: the session starts, and anything cached belongs to whoever was here before. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ access_token }) => {
      setAccessToken(access_token);
      void invalidateAfterSignIn(queryClient);
    },
  });
}
