import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { summaryKeys } from './summary-keys';
import type { SummaryPledge } from './types';

/** GET /api/pledge/closest: the user's pledge, or null for 'No pledges!' (404). */
export async function getClosestPledge(): Promise<SummaryPledge | null> {
  try {
    return await api<SummaryPledge>('/api/pledge/closest', { auth: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const closestPledgeQuery = () => queryOptions({ queryKey: summaryKeys.pledge(), queryFn: getClosestPledge, staleTime: 0 });

export const useClosestPledge = () => useQuery(closestPledgeQuery());
