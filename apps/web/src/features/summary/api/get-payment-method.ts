import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '@uplift/core/schemas/payment';
import { api } from '../../../lib/api-client';
import { summaryKeys } from './summary-keys';

/** GET /api/payment_method/{id}: brand, last 4 and expiry of the card the payments use. */
export const getPaymentMethod = (id: number) => api<PaymentMethod>(`/api/payment_method/${id}`, { auth: true });

export const paymentMethodQuery = (id: number | undefined) =>
  queryOptions({ queryKey: summaryKeys.paymentMethod(id ?? 0), queryFn: () => getPaymentMethod(id!), enabled: id !== undefined });

export const usePaymentMethod = (id: number | undefined) => useQuery(paymentMethodQuery(id));
