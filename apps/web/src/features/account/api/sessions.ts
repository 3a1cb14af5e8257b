import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessions } from '@uplift/core/schemas/sessions';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** GET /api/account/sessions: the devices signed in to the account, this one marked. */
export const getSessions = () => api<AccountSessions>('/api/account/sessions', { auth: true });

export const sessionsQuery = () => queryOptions({ queryKey: accountKeys.sessions, queryFn: getSessions, staleTime: 0 });

export const useSessions = () => useQuery(sessionsQuery());

/** DELETE /api/account/sessions/:id, or POST …/sign-out-others (id 'others'); the list is read again after. */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      id === 'others'
        ? api<{ message: string }>('/api/account/sessions/sign-out-others', { method: 'POST', auth: true })
        : api<{ message: string }>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
