import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@uplift/core/countries';
import { toNearestMinor, type Minor } from '@uplift/core/money';
import { api } from '../../../lib/api-client';

export type CampaignTotals = {
  /** Counted pledges (product-rules §16). */
  pledges: number;
  /** Pledged so far, in minor units of the country's currency. */
  amountMinor: Minor;
};

/** How often the landing page re-reads the totals while it is open (the API caches them 5 s). */
export const TOTALS_REFRESH_MS = 15_000;

/** GET /api/pledge/total/campaign/{country} and /campaign-amount/{country}, read together. */
export async function getCampaignTotals(country: CountryCode): Promise<CampaignTotals> {
  const [pledges, amount] = await Promise.all([
    api<number>(`/api/pledge/total/campaign/${country}`),
    api<number>(`/api/pledge/total/campaign-amount/${country}`),
  ]);
  // The API speaks decimals with at most two places; read into whole cents by core.
  return { pledges, amountMinor: toNearestMinor(amount) };
}

export const campaignTotalsQuery = (country: CountryCode) =>
  queryOptions({
    queryKey: ['totals', 'campaign', country],
    queryFn: () => getCampaignTotals(country),
    refetchInterval: TOTALS_REFRESH_MS,
    staleTime: TOTALS_REFRESH_MS,
  });

export function useCampaignTotals(country: CountryCode, enabled: boolean) {
  return useQuery({ ...campaignTotalsQuery(country), enabled });
}
