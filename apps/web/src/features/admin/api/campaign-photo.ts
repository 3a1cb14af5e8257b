import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCampaign, CampaignPhotoRequest } from '@uplift/core/schemas/campaign';
import { api } from '../../../lib/api-client';
import { invalidateCampaigns } from '../../../lib/queries/invalidate';

/** PUT /api/campaign/{id}/photo (docs/decisions/170): the server makes its AVIF and WebP sizes; answers the campaign. */
export function useSaveCampaignPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CampaignPhotoRequest }) => api<AdminCampaign>(`/api/campaign/${id}/photo`, { method: 'PUT', body, auth: true }),
    onSuccess: () => invalidateCampaigns(queryClient),
  });
}

/** DELETE /api/campaign/{id}/photo: the pages show the illustration again. */
export function useDeleteCampaignPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<AdminCampaign>(`/api/campaign/${id}/photo`, { method: 'DELETE', auth: true }),
    onSuccess: () => invalidateCampaigns(queryClient),
  });
}
