import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Campaign } from './types';

export const getActiveCampaigns = () => api<Campaign[]>('/api/campaign/active');

export const activeCampaignsQuery = () => queryOptions({ queryKey: ['campaigns', 'active'], queryFn: getActiveCampaigns });

export const useActiveCampaigns = () => useQuery(activeCampaignsQuery());
