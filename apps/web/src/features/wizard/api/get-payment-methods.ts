import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PaymentMethod } from './types';

export const getPaymentMethods = () => api<PaymentMethod[]>('/api/payment_method', { auth: true });

export const paymentMethodsQuery = () => queryOptions({ queryKey: ['payment-methods'], queryFn: getPaymentMethods });

export const usePaymentMethods = () => useQuery(paymentMethodsQuery());
