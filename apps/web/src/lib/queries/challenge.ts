import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Challenge } from '@uplift/core/schemas/challenge';
import { api } from '../api-client';

// A challenge by id (public reference data), read by the summary and the thank-you page.

/** GET /api/challenge/{id}: the challenge the donor gave up. */
export const getChallenge = (id: number) => api<Challenge>(`/api/challenge/${id}`);

export const challengeQuery = (id: number | undefined) =>
  queryOptions({ queryKey: ['challenge', id ?? 0] as const, queryFn: () => getChallenge(id!), enabled: id !== undefined, staleTime: 5 * 60_000 });

export const useChallenge = (id: number | undefined) => useQuery(challengeQuery(id));
