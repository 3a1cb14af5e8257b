import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@uplift/core/schemas/error';
import { api } from '../../../lib/api-client';

/** GET /api/auth/activate?activation_token=… */
export function activateAccount(token: string): Promise<MessageResponse> {
  return api<MessageResponse>(`/api/auth/activate?activation_token=${encodeURIComponent(token)}`);
}

export function useActivate() {
  return useMutation({ mutationFn: activateAccount });
}
