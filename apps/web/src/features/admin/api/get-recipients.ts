import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecipientChoice } from '@uplift/core/schemas/recipient';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/recipients (admin): every charity of both countries. */
export function fetchAdminRecipients(): Promise<RecipientChoice[]> {
  return api<RecipientChoice[]>('/api/admin/recipients', { auth: true });
}

export const adminRecipientsQuery = () =>
  queryOptions({ queryKey: adminKeys.recipients(), queryFn: fetchAdminRecipients, staleTime: 5 * 60_000 });

export function useAdminRecipients() {
  return useQuery(adminRecipientsQuery());
}
