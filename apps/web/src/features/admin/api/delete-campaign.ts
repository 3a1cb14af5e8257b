import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignDeletedResponse } from '@uplift/core/schemas/campaign';
import { api } from '../../../lib/api-client';
import { invalidateCampaigns } from '../../../lib/queries/invalidate';

/** DELETE /api/campaign/{id} (admin). Refused (409) for a campaign with pledges. */
export function deleteCampaign(id: number): Promise<CampaignDeletedResponse> {
  return api<CampaignDeletedResponse>(`/api/campaign/${id}`, { method: 'DELETE', auth: true });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}
