import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminChallenge, CampaignOffer, ChallengeRequestInput } from '@uplift/core/schemas/admin-charities';
import { api } from '../../../lib/api-client';
import { invalidateReferenceData } from '../../../lib/queries/invalidate';
import { adminKeys } from './admin-keys';

/** GET /api/admin/challenges (admin): every challenge, disabled ones too. */
export const adminChallengesQuery = () =>
  queryOptions({ queryKey: adminKeys.challenges(), queryFn: () => api<AdminChallenge[]>('/api/admin/challenges', { auth: true }) });

export function useAdminChallenges() {
  return useQuery(adminChallengesQuery());
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.challenges() }), invalidateReferenceData(queryClient)]);
}

export function useSaveChallenge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | undefined; body: ChallengeRequestInput }) =>
      id === undefined
        ? api<AdminChallenge>('/api/admin/challenges', { method: 'POST', body, auth: true })
        : api<AdminChallenge>(`/api/admin/challenges/${id}`, { method: 'PUT', body, auth: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteChallenge() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string; id: number }>(`/api/admin/challenges/${id}`, { method: 'DELETE', auth: true }),
    onSuccess: invalidate,
  });
}

/** GET /api/admin/campaigns/{id}/offer (admin). */
export function useCampaignOffer(campaignId: number | undefined) {
  return useQuery({
    queryKey: adminKeys.offer(campaignId ?? 0),
    queryFn: () => api<CampaignOffer>(`/api/admin/campaigns/${campaignId}/offer`, { auth: true }),
    enabled: campaignId !== undefined,
  });
}

export function useSaveCampaignOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, offer }: { campaignId: number; offer: CampaignOffer }) =>
      api<CampaignOffer>(`/api/admin/campaigns/${campaignId}/offer`, { method: 'PUT', body: offer, auth: true }),
    onSuccess: (_offer, { campaignId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.offer(campaignId) }), invalidateReferenceData(queryClient)]),
  });
}
