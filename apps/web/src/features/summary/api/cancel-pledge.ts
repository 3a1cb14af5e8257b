import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelPledgeResponse } from '@uplift/core/schemas/pledge';
import { api } from '../../../lib/api-client';
import { invalidatePledgeData } from '../../../lib/queries/invalidate';

/** PUT /api/pledge/cancel: the pledge and its remaining payments become Cancelled. */
export const cancelPledge = () => api<CancelPledgeResponse>('/api/pledge/cancel', { method: 'PUT', auth: true });

/**
 * Only marked stale: the donor is signed out and sent to /login next, and a refetch under the
 * open dialog would swap the page for the cancelled one first.
 */
export function useCancelPledge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelPledge, onSuccess: () => invalidatePledgeData(queryClient, { refetchType: 'none' }) });
}
