import { api } from '../../../lib/api-client';

export type PledgeStatus = 'Pending' | 'Confirmed' | 'Cancelled';

/**
 * The signed-in user's pledge status for the closest campaign (GET /api/pledge/closest), used to
 * route after login. 'No pledges!' or any failure counts as Cancelled (SPEC §4).
 */
export async function fetchClosestPledgeStatus(): Promise<PledgeStatus> {
  try {
    const pledge = await api<{ pledge_status?: string }>('/api/pledge/closest', { auth: true });
    const status = pledge.pledge_status;
    return status === 'Pending' || status === 'Confirmed' ? status : 'Cancelled';
  } catch {
    return 'Cancelled';
  }
}

/** Where SPEC §2 "Login" sends a user with this pledge status. */
export function pathAfterLogin(status: PledgeStatus): string {
  if (status === 'Confirmed') return '/summary';
  if (status === 'Pending') return '/challenge?step=4';
  return '/challenge';
}
