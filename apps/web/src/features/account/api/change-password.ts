import { useMutation } from '@tanstack/react-query';
import type { PasswordChange } from '@uplift/core/schemas/account';
import type { AccessTokenResponse } from '@uplift/core/schemas/auth';
import { api } from '../../../lib/api-client';
import { setAccessToken } from '../../../lib/session';

/** POST /api/account/password: other sessions end; this one goes on with the new token. */
export const changePassword = (body: PasswordChange) => api<AccessTokenResponse>('/api/account/password', { method: 'POST', body, auth: true });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (data) => setAccessToken(data.access_token) });
}
