import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Challenge } from '@uplift/core/schemas/challenge';
import { api } from '../../../lib/api-client';
import { summaryKeys } from './summary-keys';

/** GET /api/challenge/{id}: the challenge the donor gave up. */
export const getChallenge = (id: number) => api<Challenge>(`/api/challenge/${id}`);

export const challengeQuery = (id: number | undefined) =>
  queryOptions({ queryKey: summaryKeys.challenge(id ?? 0), queryFn: () => getChallenge(id!), enabled: id !== undefined });

export const useChallenge = (id: number | undefined) => useQuery(challengeQuery(id));
