import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGiftList } from '@uplift/core/schemas/gifts';
import type { Refund, RefundRequest } from '@uplift/core/schemas/refund';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/gifts?q=: friends' gifts by receipt number or page slug, with what can still be refunded (admin). */
export function useAdminGifts(q: string) {
  return useQuery({
    queryKey: adminKeys.gifts(q),
    queryFn: ({ signal }) => api<AdminGiftList>(`/api/admin/gifts?q=${encodeURIComponent(q)}`, { auth: true, signal }),
    enabled: q.length > 0,
  });
}

/** POST /api/admin/gifts/{giftId}/refunds (docs/decisions/150); the gift search and the report read again after. */
export function useGiftRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ giftId, ...body }: RefundRequest & { giftId: number }) => api<Refund>(`/api/admin/gifts/${giftId}/refunds`, { method: 'POST', auth: true, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
