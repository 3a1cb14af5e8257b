import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@uplift/core/schemas/auth';
import { api } from '../../../lib/api-client';

/** POST /api/auth/login: returns the access token; the refresh cookie comes with the answer. */
export function login(body: LoginInput): Promise<{ access_token: string }> {
  return api<{ access_token: string }>('/api/auth/login', { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
