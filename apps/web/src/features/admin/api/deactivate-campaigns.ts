import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/campaign/deactivate (admin): answers a message saying how many were deactivated. */
export function deactivatePastCampaigns(): Promise<{ message: string; count: number }> {
  return api<{ message: string; count: number }>('/api/campaign/deactivate', { method: 'POST', auth: true });
}

export function useDeactivatePastCampaigns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivatePastCampaigns,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.campaigns() }),
  });
}
