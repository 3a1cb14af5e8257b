import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** DELETE /api/campaign/{id} (admin). Refused (409) for a campaign with pledges. */
export function deleteCampaign(id: number): Promise<{ message: string; id: number }> {
  return api<{ message: string; id: number }>(`/api/campaign/${id}`, { method: 'DELETE', auth: true });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.campaigns() }),
  });
}
