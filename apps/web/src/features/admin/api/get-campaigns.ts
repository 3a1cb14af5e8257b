import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminCampaign } from '../types';
import { adminKeys } from './admin-keys';

/** GET /api/campaign/ (admin): every campaign, active or not. */
export function fetchAdminCampaigns(): Promise<AdminCampaign[]> {
  return api<AdminCampaign[]>('/api/campaign/', { auth: true });
}

export const adminCampaignsQuery = () => queryOptions({ queryKey: adminKeys.campaigns(), queryFn: fetchAdminCampaigns });

export function useAdminCampaigns() {
  return useQuery(adminCampaignsQuery());
}
