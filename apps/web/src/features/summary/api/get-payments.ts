import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payment } from '@uplift/core/schemas/payment';
import { api } from '../../../lib/api-client';
import { summaryKeys } from './summary-keys';

/** GET /api/payment/: the payments of the user's pledge, in date order. */
export const getPayments = () => api<Payment[]>('/api/payment/', { auth: true });

export const paymentsQuery = (enabled: boolean) => queryOptions({ queryKey: summaryKeys.payments(), queryFn: getPayments, enabled, staleTime: 0 });

export const usePayments = (enabled: boolean) => useQuery(paymentsQuery(enabled));
