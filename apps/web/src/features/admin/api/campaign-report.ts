import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignReport, Payout, PayoutCorrectionRequest, PayoutRequest } from '@uplift/core/schemas/campaign-report';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/campaigns/{id}/report (admin). */
export const campaignReportQuery = (id: number) =>
  queryOptions({ queryKey: adminKeys.report(id), queryFn: () => api<CampaignReport>(`/api/admin/campaigns/${id}/report`, { auth: true }) });

export function useCampaignReport(id: number) {
  return useQuery(campaignReportQuery(id));
}

export const payoutsQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.payouts(id),
    queryFn: () => api<{ payouts: Payout[] }>(`/api/admin/campaigns/${id}/payouts`, { auth: true }).then((r) => r.payouts),
  });

export function usePayouts(id: number) {
  return useQuery(payoutsQuery(id));
}

export type PayoutInput = PayoutRequest;

/** POST /api/admin/campaigns/{id}/payouts; the report's paid-out and owed figures change with it. */
export function useRecordPayout(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutInput) => api<Payout>(`/api/admin/campaigns/${campaignId}/payouts`, { method: 'POST', body, auth: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.payouts(campaignId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.report(campaignId) }),
      ]),
  });
}

/** POST /api/admin/campaigns/{id}/payouts/{payoutId}/corrections (decision 122); the figures change with it. */
export function useCorrectPayout(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payoutId, body }: { payoutId: number; body: PayoutCorrectionRequest }) =>
      api<Payout>(`/api/admin/campaigns/${campaignId}/payouts/${payoutId}/corrections`, { method: 'POST', body, auth: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.payouts(campaignId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.report(campaignId) }),
      ]),
  });
}
