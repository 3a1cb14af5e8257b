import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignRequestInput } from '@uplift/core/schemas/campaign';
import { api } from '../../../lib/api-client';
import type { AdminCampaign } from '../types';
import { adminKeys } from './admin-keys';

/** PUT /api/campaign/{id} (admin): the same body as POST. */
export function updateCampaign({ id, body }: { id: number; body: CampaignRequestInput }): Promise<AdminCampaign> {
  return api<AdminCampaign>(`/api/campaign/${id}`, { method: 'PUT', body, auth: true });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.campaigns() }),
  });
}
