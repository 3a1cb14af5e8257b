import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCampaign } from '@uplift/core/schemas/campaign';
import { api } from '../../../lib/api-client';
import { campaignKeys } from '../../../lib/queries/campaigns';

/** GET /api/campaign/ (admin): every campaign, active or not, with its pledge count. */
export function fetchAdminCampaigns(): Promise<AdminCampaign[]> {
  return api<AdminCampaign[]>('/api/campaign/', { auth: true });
}

export const adminCampaignsQuery = () => queryOptions({ queryKey: campaignKeys.list(), queryFn: fetchAdminCampaigns });

export function useAdminCampaigns() {
  return useQuery(adminCampaignsQuery());
}
