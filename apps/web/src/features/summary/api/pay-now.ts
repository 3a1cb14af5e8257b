import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PayNowResponse, PaymentMethod, SetDefaultPaymentMethodResponse } from '@uplift/core/schemas/payment';
import { api } from '../../../lib/api-client';
import { invalidatePledgeData } from '../../../lib/queries/invalidate';
import { summaryKeys } from './summary-keys';

// Putting a failed week right (decisions 046–047): pay now, confirm after the bank's step, change card.

/** POST /api/payment/{id}/pay, with the saved card or another of the donor's (provider id). */
export const payNow = (paymentId: number, paymentMethodId?: string) =>
  api<PayNowResponse>(`/api/payment/${paymentId}/pay`, { method: 'POST', body: paymentMethodId ? { payment_method_id: paymentMethodId } : {}, auth: true });

/** POST /api/payment/{id}/confirm: after the bank's step, where the payment stands. */
export const confirmPayment = (paymentId: number) => api<PayNowResponse>(`/api/payment/${paymentId}/confirm`, { method: 'POST', auth: true });

/** POST /api/payment_method: records the card the provider has just saved. */
export const saveCard = (providerPaymentMethodId: string) =>
  api<PaymentMethod>('/api/payment_method', {
    method: 'POST',
    body: { method_name: 'card', is_enabled: true, stripe_payment_method_id: providerPaymentMethodId },
    auth: true,
  });

/** PUT /api/payment_method/default: every remaining payment now uses this card. */
export const makeDefaultCard = (providerPaymentMethodId: string) =>
  api<SetDefaultPaymentMethodResponse>('/api/payment_method/default', { method: 'PUT', body: { payment_method_id: providerPaymentMethodId }, auth: true });

/** After a payment or a card changed: the payments, the card, and the pledge's totals. */
export function refreshAfterPayment(queryClient: QueryClient): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: summaryKeys.all }), invalidatePledgeData(queryClient)]).then(() => undefined);
}

export const useRefreshAfterPayment = () => {
  const queryClient = useQueryClient();
  return () => refreshAfterPayment(queryClient);
};
