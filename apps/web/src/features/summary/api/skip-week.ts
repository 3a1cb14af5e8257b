import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SkipWeekResponse } from '@uplift/core/schemas/pledge';
import { api } from '../../../lib/api-client';
import { refreshAfterPayment } from './pay-now';

// Skipping one week (decision 134): the payments move, so the summary's reads are refreshed.

/** POST /api/pledge/{id}/skip: the week's payment moves to one week after the last. */
export const skipWeek = (pledgeId: number, week: number) => api<SkipWeekResponse>(`/api/pledge/${pledgeId}/skip`, { method: 'POST', body: { week }, auth: true });

/** DELETE /api/pledge/{id}/skip: the skipped payment goes back to its own week. */
export const undoSkip = (pledgeId: number) => api<SkipWeekResponse>(`/api/pledge/${pledgeId}/skip`, { method: 'DELETE', auth: true });

export function useSkipWeek(pledgeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { week: number } | 'undo') => (change === 'undo' ? undoSkip(pledgeId) : skipWeek(pledgeId, change.week)),
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
