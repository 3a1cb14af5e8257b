import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@uplift/core/countries';
import type { Campaign } from '@uplift/core/schemas/campaign';
import { api, ApiError } from '../api-client';

// The campaigns the public pages, the navbar, the wizard and the summary read. Every key starts
// with campaignKeys.all, so an admin's change to any campaign refreshes them all at once.

export const campaignKeys = {
  all: ['campaigns'] as const,
  closest: (country: CountryCode) => [...campaignKeys.all, 'closest', country] as const,
  active: () => [...campaignKeys.all, 'active'] as const,
  /** The campaign of the signed-in donor's pledge. */
  mine: () => [...campaignKeys.all, 'mine'] as const,
  /** The admin's list of every campaign. */
  list: () => [...campaignKeys.all, 'list'] as const,
};

/**
 * GET /api/campaign/closest/{country}: the campaign the landing page and navbar talk about, or
 * null when the country has none open (404). Any other failure also means "not active" to the
 * screens (product-rules §4), but stays an error so the query retries.
 */
export async function fetchClosestCampaign(country: CountryCode): Promise<Campaign | null> {
  try {
    return await api<Campaign>(`/api/campaign/closest/${country}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const closestCampaignQuery = (country: CountryCode) =>
  queryOptions({ queryKey: campaignKeys.closest(country), queryFn: () => fetchClosestCampaign(country), staleTime: 60_000 });

export const useClosestCampaign = (country: CountryCode) => useQuery(closestCampaignQuery(country));

/** GET /api/campaign/active: the campaigns open for pledges, in both countries. */
export const fetchActiveCampaigns = () => api<Campaign[]>('/api/campaign/active');

export const activeCampaignsQuery = () => queryOptions({ queryKey: campaignKeys.active(), queryFn: fetchActiveCampaigns });

export const useActiveCampaigns = () => useQuery(activeCampaignsQuery());

/** GET /api/campaign/closest (signed in): the campaign of the donor's pledge. */
export const fetchMyCampaign = () => api<Campaign>('/api/campaign/closest', { auth: true });

export const myCampaignQuery = (enabled = true) =>
  queryOptions({ queryKey: campaignKeys.mine(), queryFn: fetchMyCampaign, enabled, staleTime: 0 });

export const useMyCampaign = (enabled = true) => useQuery(myCampaignQuery(enabled));
