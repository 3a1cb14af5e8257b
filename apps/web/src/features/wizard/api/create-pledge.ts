import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { closestPledgeQuery } from './get-closest-pledge';
import type { Pledge, PledgeFigures } from './types';

export const createPledge = (figures: PledgeFigures) => api<Pledge>('/api/pledge', { method: 'POST', body: figures, auth: true });

export function useCreatePledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPledge,
    onSuccess: (pledge) => queryClient.setQueryData(closestPledgeQuery().queryKey, pledge),
  });
}
