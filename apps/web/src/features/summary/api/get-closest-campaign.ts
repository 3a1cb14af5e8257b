import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { summaryKeys } from './summary-keys';
import type { SummaryCampaign } from './types';

/** GET /api/campaign/closest (auth): the campaign of the user's pledge. */
export const getClosestCampaign = () => api<SummaryCampaign>('/api/campaign/closest', { auth: true });

export const closestCampaignQuery = (enabled: boolean) =>
  queryOptions({ queryKey: summaryKeys.campaign(), queryFn: getClosestCampaign, enabled, staleTime: 0 });

export const useClosestCampaign = (enabled: boolean) => useQuery(closestCampaignQuery(enabled));
