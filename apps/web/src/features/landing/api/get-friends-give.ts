import { useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@uplift/core/countries';
import type { LeaderboardResponse } from '@uplift/core/schemas/leaderboard';
import type { GiftTotals } from '@uplift/core/schemas/totals';
import { api } from '../../../lib/api-client';

// The landing's friends-give parts (docs/decisions/140-leaderboards.md), read only after the first
// paint by the lazily loaded friends-give chunk. Nothing here is imported from the landing's initial
// modules, so /leaderboard can load this chunk without them.

/** As the pledge totals: re-read every 15 s while the page is open (the API caches them 5 s). */
const REFRESH_MS = 15_000;

/** GET /api/gift/total/{country}: friends' succeeded gifts in the open campaign, apart from the pledges. */
export function useFriendsGiftTotals(country: CountryCode) {
  return useQuery({
    queryKey: ['totals', 'gifts', country],
    queryFn: ({ signal }) => api<GiftTotals>(`/api/gift/total/${country}`, { signal }),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS,
  });
}

/** GET /api/leaderboards?country=: the open campaign's top pages and teams (the API caches them 5 s). */
export function useLeaderboard(country: CountryCode) {
  return useQuery({
    queryKey: ['leaderboard', country],
    queryFn: ({ signal }) => api<LeaderboardResponse>(`/api/leaderboards?country=${country}`, { signal }),
    staleTime: REFRESH_MS,
  });
}
