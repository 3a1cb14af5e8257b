import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCharity, CharityPhotoRequest, CharityRequestInput } from '@uplift/core/schemas/admin-charities';
import { api } from '../../../lib/api-client';
import { invalidateReferenceData } from '../../../lib/queries/invalidate';
import { adminKeys } from './admin-keys';

/** GET /api/admin/charities (admin): every charity, disabled ones too. */
export const adminCharitiesQuery = () =>
  queryOptions({ queryKey: adminKeys.charities(), queryFn: () => api<AdminCharity[]>('/api/admin/charities', { auth: true }) });

export function useAdminCharities() {
  return useQuery(adminCharitiesQuery());
}

type Save = { id: number | undefined; body: CharityRequestInput };

function save({ id, body }: Save): Promise<AdminCharity> {
  return id === undefined
    ? api<AdminCharity>('/api/admin/charities', { method: 'POST', body, auth: true })
    : api<AdminCharity>(`/api/admin/charities/${id}`, { method: 'PUT', body, auth: true });
}

/** After any change: the admin's lists and every public read that shows charities (landing, wizard). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.charities() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.recipients() }),
      invalidateReferenceData(queryClient),
    ]);
}

export function useSaveCharity() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: save, onSuccess: invalidate });
}

export function useDeleteCharity() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string; id: number }>(`/api/admin/charities/${id}`, { method: 'DELETE', auth: true }),
    onSuccess: invalidate,
  });
}

/** PUT /api/admin/charities/{id}/photo (decision 129): the server re-encodes it; answers the charity. */
export function useSaveCharityPhoto() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CharityPhotoRequest }) =>
      api<AdminCharity>(`/api/admin/charities/${id}/photo`, { method: 'PUT', body, auth: true }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/admin/charities/{id}/photo. */
export function useDeleteCharityPhoto() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api<AdminCharity>(`/api/admin/charities/${id}/photo`, { method: 'DELETE', auth: true }),
    onSuccess: invalidate,
  });
}
