import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignRequestInput } from '@uplift/core/schemas/campaign';
import { api } from '../../../lib/api-client';
import { invalidateCampaigns } from '../../../lib/queries/invalidate';

/** POST /api/campaign (admin). */
export function createCampaign(body: CampaignRequestInput): Promise<Campaign> {
  return api<Campaign>('/api/campaign', { method: 'POST', body, auth: true });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}
