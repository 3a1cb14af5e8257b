import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pledge } from '@uplift/core/schemas/pledge';
import type { PledgeStatus } from '@uplift/core/statuses';
import { api, ApiError } from '../api-client';

// The signed-in donor's pledge, read by the wizard, the summary and the login redirect: one
// fetcher and one key, so a pledge created, paid or cancelled is seen by every screen at once.

export const pledgeKeys = {
  all: ['pledge'] as const,
  closest: () => [...pledgeKeys.all, 'closest'] as const,
  closestConfirmed: () => [...pledgeKeys.all, 'closest', 'Confirmed'] as const,
};

/** The answer's 404 'No pledges!' means none (product-rules §4 treats it as Cancelled): null, not an error. */
async function orNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** GET /api/pledge/closest: the donor's pledge for the closest campaign, or null when there is none. */
export const fetchClosestPledge = () => orNull(api<Pledge>('/api/pledge/closest', { auth: true }));

/** Every screen reads it fresh (staleTime 0): it changes as the donor pledges, pays or cancels. */
export const closestPledgeQuery = () =>
  queryOptions({ queryKey: pledgeKeys.closest(), queryFn: fetchClosestPledge, staleTime: 0 });

export const useClosestPledge = (enabled = true) => useQuery({ ...closestPledgeQuery(), enabled });

/** GET /api/pledge/closest/Confirmed: the closest Confirmed pledge (the thank-you page), or null. */
export const fetchClosestConfirmedPledge = () => orNull(api<Pledge>('/api/pledge/closest/Confirmed', { auth: true }));

export const closestConfirmedPledgeQuery = () =>
  queryOptions({ queryKey: pledgeKeys.closestConfirmed(), queryFn: fetchClosestConfirmedPledge, staleTime: 0 });

export const useClosestConfirmedPledge = () => useQuery(closestConfirmedPledgeQuery());

/** The status product-rules §4 routes by: no pledge at all counts as Cancelled. */
export function pledgeStatusOf(pledge: Pick<Pledge, 'pledge_status'> | null | undefined): PledgeStatus {
  return pledge?.pledge_status ?? 'Cancelled';
}
