import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@uplift/core/countries';
import type { Challenge } from '@uplift/core/schemas/challenge';
import { api } from '../../../lib/api-client';

/** GET /api/challenge/default/{country}: the challenges the country offers, by id. */
export function getDefaultChallenges(country: CountryCode): Promise<Challenge[]> {
  return api<Challenge[]>(`/api/challenge/default/${country}`);
}

export const defaultChallengesQuery = (country: CountryCode) =>
  queryOptions({
    queryKey: ['challenges', 'default', country],
    queryFn: () => getDefaultChallenges(country),
    staleTime: 5 * 60_000,
  });

export function useDefaultChallenges(country: CountryCode) {
  return useQuery(defaultChallengesQuery(country));
}
