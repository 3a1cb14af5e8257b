import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@uplift/core/schemas/account';
import type { MessageResponse } from '@uplift/core/schemas/error';
import { api } from '../../../lib/api-client';
import { invalidateUserInfo } from '../../../lib/queries/invalidate';
import { accountKeys } from './account-keys';

/** PATCH /api/account/profile: name and address. */
export const updateProfile = (body: ProfileUpdate) => api<MessageResponse>('/api/account/profile', { method: 'PATCH', body, auth: true });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.all }), invalidateUserInfo(queryClient)]),
  });
}
