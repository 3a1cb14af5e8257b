import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@uplift/core/schemas/account';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** GET /api/account: details, consents and receipts. */
export const getAccount = () => api<Account>('/api/account', { auth: true });

export const accountQuery = () => queryOptions({ queryKey: accountKeys.all, queryFn: getAccount, staleTime: 0 });

export const useAccount = () => useQuery(accountQuery());
