import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { summaryKeys } from './summary-keys';
import type { SummaryChallenge } from './types';

/** GET /api/challenge/{id}: the challenge the donor gave up. */
export const getChallenge = (id: number) => api<SummaryChallenge>(`/api/challenge/${id}`);

export const challengeQuery = (id: number | undefined) =>
  queryOptions({ queryKey: summaryKeys.challenge(id ?? 0), queryFn: () => getChallenge(id!), enabled: id !== undefined });

export const useChallenge = (id: number | undefined) => useQuery(challengeQuery(id));
