import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignRequestInput } from '@uplift/core/schemas/campaign';
import { api } from '../../../lib/api-client';
import type { AdminCampaign } from '../types';
import { adminKeys } from './admin-keys';

/** POST /api/campaign (admin). */
export function createCampaign(body: CampaignRequestInput): Promise<AdminCampaign> {
  return api<AdminCampaign>('/api/campaign', { method: 'POST', body, auth: true });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.campaigns() }),
  });
}
