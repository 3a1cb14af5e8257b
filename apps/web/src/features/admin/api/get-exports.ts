import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CharityExportRecord, ExportListResponse } from '@uplift/core/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/exports (admin): the record of past charity exports, newest first. */
export async function fetchExports(): Promise<CharityExportRecord[]> {
  return (await api<ExportListResponse>('/api/admin/exports', { auth: true })).exports;
}

export const exportsQuery = () => queryOptions({ queryKey: adminKeys.exports(), queryFn: fetchExports });

export function useExports() {
  return useQuery(exportsQuery());
}
