import { useQuery } from '@tanstack/react-query';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { api } from '../../../lib/api-client';

/** GET /api/recipient/{id}: the charity the pledge goes to, named in the recap. */
export const useRecipient = (id: number | undefined) =>
  useQuery({
    queryKey: ['thank-you', 'recipient', id],
    queryFn: () => api<Recipient>(`/api/recipient/${id}`),
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
  });
