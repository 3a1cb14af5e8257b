import { failureText } from '@uplift/core/payment-failures';
import { defineErrors } from '../../errors.ts';

// The billing module's answers (docs/decisions/111): paying a failed week now and confirming it
// after the bank's step (docs/decisions/046). A card missing from the account is payments' answer.

export const billingErrors = defineErrors('billing', {
  paymentNotFound: { code: 'payment.not_found', status: 404, message: 'Payment not found' },
  alreadyPaid: { code: 'payment.already_paid', status: 409, message: 'This payment has already gone through. Thank you!' },
  notFailed: { code: 'payment.not_failed', status: 409, message: 'Only a payment that did not go through can be paid now.' },
  /** A billing run or another click holds the payment's locks, or its last attempt is not settled. */
  inProgress: {
    code: 'payment.in_progress',
    status: 409,
    message: 'This payment is being processed right now. Please wait a moment and reload the page.',
  },
  pledgeCancelled: { code: 'payment.pledge_cancelled', status: 409, message: 'This pledge has been cancelled, so nothing more is taken for it.' },
  noCard: { code: 'payment.no_card', status: 409, message: failureText('card_not_available') },
  notFoundAtProvider: {
    code: 'payment.not_found_at_provider',
    status: 409,
    message: 'We could not find this payment with the bank. Please try paying again.',
  },
  // Refunds (docs/decisions/132-refunds.md), asked by an admin.
  refundPaymentNotFound: { code: 'payment.not_found', status: 404, message: 'Payment {paymentId} not found' },
  refundNotPaid: { code: 'refund.not_refundable', status: 409, message: 'Only a payment that went through (Success) can be refunded; this one is {status}.' },
  refundTooMuch: {
    code: 'refund.too_much',
    status: 409,
    message: 'You can refund at most {most} of this payment: {charged} was charged and {taken} is already refunded or being refunded.',
  },
  refundRefused: { code: 'refund.provider_refused', status: 502, message: 'The payment provider refused the refund: {providerMessage}' },
  refundInDoubt: {
    code: 'refund.provider_unavailable',
    status: 503,
    message: 'The payment provider did not answer. The refund is kept as pending (nobody can refund that amount again meanwhile); check it with the provider before trying again.',
  },
});
