import { useMutation } from '@tanstack/react-query';
import type { RegisterRequestInput } from '@uplift/core/schemas/auth';
import { api } from '../../../lib/api-client';

/** POST /api/auth/register: creates the account (not yet activated) and its Pending pledge. */
export function registerAccount(body: RegisterRequestInput): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/register', { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
