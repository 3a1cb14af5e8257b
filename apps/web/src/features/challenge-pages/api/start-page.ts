import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePage, MyPage } from '@uplift/core/schemas/challenge-pages';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { api } from '../../../lib/api-client';
import { pageKeys } from './public';

// The page made from the moment of thanks (docs/decisions/167): /my-page?start=thanks.

/** GET /api/recipient/{id}: the pledge's charity, named in the suggested story. */
export const useRecipientOf = (id: number | undefined) =>
  useQuery({
    queryKey: ['challenge-pages', 'recipient', id],
    queryFn: () => api<Recipient>(`/api/recipient/${id}`),
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
  });

/** POST /api/my-page, then PATCH it published: one step for the donor, one refresh of the page reads. */
export function useCreateAndPublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePage) => {
      await api<MyPage>('/api/my-page', { method: 'POST', body, auth: true });
      return api<MyPage>('/api/my-page', { method: 'PATCH', body: { published: true }, auth: true });
    },
    onSettled: () => client.invalidateQueries({ queryKey: pageKeys.all }),
  });
}
