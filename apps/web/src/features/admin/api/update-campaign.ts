import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignRequestInput } from '@uplift/core/schemas/campaign';
import { api } from '../../../lib/api-client';
import { invalidateCampaigns } from '../../../lib/queries/invalidate';

/** PUT /api/campaign/{id} (admin): the same body as POST. */
export function updateCampaign({ id, body }: { id: number; body: CampaignRequestInput }): Promise<Campaign> {
  return api<Campaign>(`/api/campaign/${id}`, { method: 'PUT', body, auth: true });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}
