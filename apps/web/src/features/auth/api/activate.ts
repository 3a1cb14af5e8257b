import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/auth/activate?activation_token=… */
export function activateAccount(token: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/auth/activate?activation_token=${encodeURIComponent(token)}`);
}

export function useActivate() {
  return useMutation({ mutationFn: activateAccount });
}
