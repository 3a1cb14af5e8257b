import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentList, Refund, RefundRequest } from '@uplift/core/schemas/refund';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/users/{id}/payments: the donor's payments with what can still be refunded (admin). */
export function useUserPayments(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.userPayments(userId),
    queryFn: ({ signal }) => api<AdminPaymentList>(`/api/admin/users/${userId}/payments`, { auth: true, signal }),
    enabled,
  });
}

/** POST /api/admin/payments/{paymentId}/refunds (docs/decisions/132-refunds.md); the lists and report read again after. */
export function useRefund(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, ...body }: RefundRequest & { paymentId: number }) =>
      api<Refund>(`/api/admin/payments/${paymentId}/refunds`, { method: 'POST', auth: true, body }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.userPayments(userId) }), queryClient.invalidateQueries({ queryKey: adminKeys.all })]),
  });
}
