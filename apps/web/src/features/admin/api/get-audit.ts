import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/audit (admin): admin actions, newest first. */
export async function fetchAudit(): Promise<AdminAuditEntry[]> {
  return (await api<{ entries: AdminAuditEntry[] }>('/api/admin/audit', { auth: true })).entries;
}

export const auditQuery = () => queryOptions({ queryKey: adminKeys.audit(), queryFn: fetchAudit });

export function useAudit() {
  return useQuery(auditQuery());
}
