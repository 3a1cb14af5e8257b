import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetRequest } from '@uplift/core/schemas/auth';
import type { MessageResponse } from '@uplift/core/schemas/error';
import { api } from '../../../lib/api-client';
import { clearAfterSignOut } from '../../../lib/queries/invalidate';

/** POST /api/auth/reset: sets the new password and ends every session of the account. */
export function resetPassword(body: ResetRequest): Promise<MessageResponse> {
  return api<MessageResponse>('/api/auth/reset', { method: 'POST', body });
}

/** The reset signs this browser out too (the form clears the session): its cached reads go. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: () => clearAfterSignOut(queryClient) });
}
