import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminRecipient } from '../types';
import { adminKeys } from './admin-keys';

/** GET /api/admin/recipients (admin): every charity of both countries. */
export function fetchAdminRecipients(): Promise<AdminRecipient[]> {
  return api<AdminRecipient[]>('/api/admin/recipients', { auth: true });
}

export const adminRecipientsQuery = () =>
  queryOptions({ queryKey: adminKeys.recipients(), queryFn: fetchAdminRecipients, staleTime: 5 * 60_000 });

export function useAdminRecipients() {
  return useQuery(adminRecipientsQuery());
}
