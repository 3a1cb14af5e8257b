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
  // Refunds (docs/decisions/132-refunds.md), asked by an admin; the refund's own answers are payments' (one refund model).
  refundPaymentNotFound: { code: 'payment.not_found', status: 404, message: 'Payment {paymentId} not found' },
});
