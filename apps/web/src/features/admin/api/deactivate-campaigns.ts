import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignsDeactivatedResponse } from '@uplift/core/schemas/campaign';
import { api } from '../../../lib/api-client';
import { invalidateCampaigns } from '../../../lib/queries/invalidate';

/** POST /api/campaign/deactivate (admin): answers a message saying how many were deactivated. */
export function deactivatePastCampaigns(): Promise<CampaignsDeactivatedResponse> {
  return api<CampaignsDeactivatedResponse>('/api/campaign/deactivate', { method: 'POST', auth: true });
}

export function useDeactivatePastCampaigns() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivatePastCampaigns, onSuccess: () => invalidateCampaigns(queryClient) });
}
