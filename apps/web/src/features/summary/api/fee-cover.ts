import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeeCoverResponse } from '@uplift/core/schemas/pledge';
import { api } from '../../../lib/api-client';
import { refreshAfterPayment } from './pay-now';

/** PUT /api/pledge/{id}/fee-cover (decision 135): cover the card fee from the next payment on, or stop. */
export const changeFeeCover = (pledgeId: number, coverFee: boolean) =>
  api<FeeCoverResponse>(`/api/pledge/${pledgeId}/fee-cover`, { method: 'PUT', body: { cover_fee: coverFee }, auth: true });

export function useChangeFeeCover(pledgeId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (coverFee: boolean) => changeFeeCover(pledgeId, coverFee), onSuccess: () => refreshAfterPayment(queryClient) });
}
