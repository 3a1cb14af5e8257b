import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@uplift/core/countries';
import { api, ApiError } from '../../../lib/api-client';
import type { Campaign } from './types';

/**
 * GET /api/campaign/closest/{country}: the campaign the landing page and navbar talk about, or
 * null when the country has none open (404). Any other failure also means "not active" to the
 * screens (SPEC §4), but stays an error so the query retries.
 */
export async function getClosestCampaign(country: CountryCode): Promise<Campaign | null> {
  try {
    return await api<Campaign>(`/api/campaign/closest/${country}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const closestCampaignQuery = (country: CountryCode) =>
  queryOptions({
    queryKey: ['campaign', 'closest', country],
    queryFn: () => getClosestCampaign(country),
    staleTime: 60_000,
  });

export function useClosestCampaign(country: CountryCode) {
  return useQuery(closestCampaignQuery(country));
}
