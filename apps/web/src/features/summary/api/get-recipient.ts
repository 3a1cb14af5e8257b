import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { api } from '../../../lib/api-client';
import { summaryKeys } from './summary-keys';

/** GET /api/recipient/{id}: the chosen charity. */
export const getRecipient = (id: number) => api<Recipient>(`/api/recipient/${id}`);

export const recipientQuery = (id: number | undefined) =>
  queryOptions({ queryKey: summaryKeys.recipient(id ?? 0), queryFn: () => getRecipient(id!), enabled: id !== undefined });

export const useRecipient = (id: number | undefined) => useQuery(recipientQuery(id));
