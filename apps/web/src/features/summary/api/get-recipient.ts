import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { summaryKeys } from './summary-keys';
import type { SummaryRecipient } from './types';

/** GET /api/recipient/{id}: the chosen charity. */
export const getRecipient = (id: number) => api<SummaryRecipient>(`/api/recipient/${id}`);

export const recipientQuery = (id: number | undefined) =>
  queryOptions({ queryKey: summaryKeys.recipient(id ?? 0), queryFn: () => getRecipient(id!), enabled: id !== undefined });

export const useRecipient = (id: number | undefined) => useQuery(recipientQuery(id));
