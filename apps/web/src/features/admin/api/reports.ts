import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, AdminReportList, ResolveReport } from '@uplift/core/schemas/moderation';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/reports (admin): open reports first, with what was reported as text. */
export function useReports() {
  return useQuery({
    queryKey: adminKeys.reports(),
    queryFn: async ({ signal }): Promise<AdminReport[]> => (await api<AdminReportList>('/api/admin/reports', { auth: true, signal })).reports,
  });
}

/** POST /api/admin/reports/{id}/resolve: hide what was reported (or only its photo or story, with the reason mailed to the owner), or dismiss the report; the list reads again after. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveReport & { id: number }) => api<unknown>(`/api/admin/reports/${id}/resolve`, { method: 'POST', auth: true, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.reports() }),
  });
}
