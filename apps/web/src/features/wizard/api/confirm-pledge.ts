import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmedPledgeResponse, ConfirmPledgeRequestBody } from '@uplift/core/schemas/pledge';
import { api } from '../../../lib/api-client';
import { invalidatePledgeData } from '../../../lib/queries/invalidate';

/** PUT /api/pledge/confirmed with our saved card id and the total the donor was shown. */
export const confirmPledge = (body: ConfirmPledgeRequestBody) =>
  api<ConfirmedPledgeResponse>('/api/pledge/confirmed', { method: 'PUT', body, auth: true });

/**
 * The pledge data is only marked stale here: refetched under the payment step, the Pending
 * pledge would vanish before the wizard moves on. The next screen reads it fresh.
 */
export function useConfirmPledge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmPledge, onSuccess: () => invalidatePledgeData(queryClient, { refetchType: 'none' }) });
}
