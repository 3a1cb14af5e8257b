import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import type { Pledge } from './types';

/** The signed-in user's closest pledge, or null for 'No pledges!' (treated as Cancelled, SPEC §4). */
export async function getClosestPledge(): Promise<Pledge | null> {
  try {
    return await api<Pledge>('/api/pledge/closest', { auth: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const closestPledgeQuery = () => queryOptions({ queryKey: ['pledge', 'closest'], queryFn: getClosestPledge, staleTime: 0 });

export const useClosestPledge = (enabled: boolean) => useQuery({ ...closestPledgeQuery(), enabled });
