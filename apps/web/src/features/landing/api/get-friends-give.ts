import { useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@uplift/core/countries';
import type { LeaderboardResponse } from '@uplift/core/schemas/leaderboard';
import type { GiftTotals } from '@uplift/core/schemas/totals';
import { api } from '../../../lib/api-client';
import { TOTALS_REFRESH_MS } from './get-campaign-totals';

// The landing's friends-give parts (docs/decisions/140-leaderboards.md), read only after the first
// paint by the lazily loaded friends-give chunk.

/** GET /api/gift/total/{country}: friends' succeeded gifts in the open campaign, apart from the pledges. */
export function useFriendsGiftTotals(country: CountryCode) {
  return useQuery({
    queryKey: ['totals', 'gifts', country],
    queryFn: ({ signal }) => api<GiftTotals>(`/api/gift/total/${country}`, { signal }),
    refetchInterval: TOTALS_REFRESH_MS,
    staleTime: TOTALS_REFRESH_MS,
  });
}

/** GET /api/leaderboards?country=: the open campaign's top pages and teams (the API caches them 5 s). */
export function useLeaderboard(country: CountryCode) {
  return useQuery({
    queryKey: ['leaderboard', country],
    queryFn: ({ signal }) => api<LeaderboardResponse>(`/api/leaderboards?country=${country}`, { signal }),
    staleTime: TOTALS_REFRESH_MS,
  });
}
