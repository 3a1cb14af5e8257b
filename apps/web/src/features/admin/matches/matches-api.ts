import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMatch, AdminMatchList, MatchCreate, MatchLogoRequest, MatchUpdate } from '@uplift/core/schemas/match';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { adminKeys } from '../api/admin-keys';

// A campaign's match funds (docs/product-rules.md §23, docs/decisions/160 and 162): the admin's list,
// made, edited, paused, resumed and ended (the API audits each), and the sponsor's CSV.

export const matchKeys = { campaign: (campaignId: number) => [...adminKeys.all, 'matches', campaignId] as const };

/** GET /api/admin/campaigns/{id}/matches: oldest first, with matched, left and owed per charity. */
export function useCampaignMatches(campaignId: number) {
  return useQuery({
    queryKey: matchKeys.campaign(campaignId),
    queryFn: async ({ signal }) => (await api<AdminMatchList>(`/api/admin/campaigns/${campaignId}/matches`, { auth: true, signal })).matches,
  });
}

/** POST /api/admin/campaigns/{id}/matches */
export function useCreateMatch(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchCreate) => api<AdminMatch>(`/api/admin/campaigns/${campaignId}/matches`, { method: 'POST', body, auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: matchKeys.campaign(campaignId) }),
  });
}

/** PATCH /api/admin/matches/{id}: edit, raise the cap, pause, resume or end. */
export function useUpdateMatch(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MatchUpdate }) => api<AdminMatch>(`/api/admin/matches/${id}`, { method: 'PATCH', body, auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: matchKeys.campaign(campaignId) }),
  });
}

/** PUT /api/admin/matches/{id}/logo: the sponsor's logo file, checked and re-encoded by the API (decision 169). */
export function useSaveMatchLogo(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MatchLogoRequest }) => api<AdminMatch>(`/api/admin/matches/${id}/logo`, { method: 'PUT', body, auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: matchKeys.campaign(campaignId) }),
  });
}

/** DELETE /api/admin/matches/{id}/logo */
export function useDeleteMatchLogo(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<AdminMatch>(`/api/admin/matches/${id}/logo`, { method: 'DELETE', auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: matchKeys.campaign(campaignId) }),
  });
}

/** GET /api/admin/matches/{id}/matched.csv, handed to the browser as a download. */
export function downloadSponsorCsv(matchId: number) {
  return downloadFile(`/api/admin/matches/${matchId}/matched.csv`, `uplift-match-${matchId}.csv`);
}
