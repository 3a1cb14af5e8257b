import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pledge, PledgeRequest } from '@uplift/core/schemas/pledge';
import { api } from '../../../lib/api-client';
import { closestPledgeQuery } from '../../../lib/queries/closest-pledge';
import { invalidatePledgeData } from '../../../lib/queries/invalidate';

/**
 * PUT /api/pledge/pending: creates the donor's Pending pledge or replaces it with these figures,
 * in one transaction on the server (409 'pledge.exists' when a Confirmed pledge is already there).
 */
export const replacePendingPledge = (figures: PledgeRequest) => api<Pledge>('/api/pledge/pending', { method: 'PUT', body: figures, auth: true });

export function useReplacePendingPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replacePendingPledge,
    // The answer is the donor's pledge now: shown at once, then everything that reads it refreshed.
    onSuccess: (pledge) => {
      queryClient.setQueryData(closestPledgeQuery().queryKey, pledge);
      return invalidatePledgeData(queryClient);
    },
  });
}
