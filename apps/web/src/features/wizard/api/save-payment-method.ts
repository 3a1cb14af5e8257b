import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentMethodsQuery } from './get-payment-methods';
import type { PaymentMethod } from './types';

/** POST /api/payment_method: records the card the provider has just saved for this user. */
export const savePaymentMethod = (providerPaymentMethodId: string) =>
  api<PaymentMethod>('/api/payment_method', {
    method: 'POST',
    body: { method_name: 'card', is_enabled: true, stripe_payment_method_id: providerPaymentMethodId },
    auth: true,
  });

export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQuery().queryKey }),
  });
}
