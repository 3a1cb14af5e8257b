import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { UserPage } from '@uplift/core/schemas/admin';
import { api } from '../../../lib/api-client';
import type { UserListParams } from '../types';
import { adminKeys } from './admin-keys';

/** GET /api/auth/all_users?page=&page_size=&search=&sort=&order= (admin). */
export function fetchUsers(params: UserListParams, signal?: AbortSignal): Promise<UserPage> {
  const query = new URLSearchParams({
    page: String(params.page),
    page_size: String(params.page_size),
    sort: params.sort,
    order: params.order,
  });
  if (params.search) query.set('search', params.search);
  if (params.campaign_id !== undefined) query.set('campaign_id', String(params.campaign_id));
  return api<UserPage>(`/api/auth/all_users?${query}`, { auth: true, signal });
}

export const usersQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) => fetchUsers(params, signal),
    // Keep showing the last page while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/users/{id}/resend-activation (admin; at most three activation mails an hour per account). */
export function useResendActivation() {
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/api/admin/users/${id}/resend-activation`, { method: 'POST', auth: true }),
  });
}

/** POST /api/admin/users/:id/sessions/revoke: every device of the account is signed out (audited). */
export function useRevokeSessions() {
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/api/admin/users/${id}/sessions/revoke`, { method: 'POST', auth: true }),
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(usersQuery(params));
}
