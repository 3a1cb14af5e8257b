import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemResponse } from '@uplift/core/schemas/system';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/system (admin): each part of the system with its state word (docs/decisions/133). */
export async function fetchSystem(): Promise<SystemResponse> {
  return api<SystemResponse>('/api/admin/system', { auth: true });
}

/** Read again every minute while the page is open. */
export const systemQuery = () => queryOptions({ queryKey: adminKeys.system(), queryFn: fetchSystem, refetchInterval: 60_000 });

export function useSystem() {
  return useQuery(systemQuery());
}
