import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { closestPledgeQuery } from './get-closest-pledge';

export const deletePendingPledge = () => api<{ message: string }>('/api/pledge/delete', { method: 'DELETE', auth: true });

export function useDeletePendingPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePendingPledge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: closestPledgeQuery().queryKey }),
  });
}
