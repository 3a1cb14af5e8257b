import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletePledgeResponse } from '@uplift/core/schemas/pledge';
import { api } from '../../../lib/api-client';
import { invalidatePledgeData } from '../../../lib/queries/invalidate';

/** DELETE /api/pledge/delete: the donor's Pending pledge goes (the wizard's Cancel). */
export const deletePendingPledge = () => api<DeletePledgeResponse>('/api/pledge/delete', { method: 'DELETE', auth: true });

export function useDeletePendingPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePendingPledge,
    // Settled: a 404 (already gone in another tab) changes what the screens should show too.
    onSettled: () => invalidatePledgeData(queryClient),
  });
}
