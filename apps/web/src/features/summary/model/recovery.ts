import { formatLongDate } from '@uplift/core/calendar';
import { cardCovers, failureText, type PaymentAction } from '@uplift/core/payment-failures';
import type { Payment } from '@uplift/core/schemas/payment';

// What the summary says about a failed week and what it offers (docs/decisions/045).

export const ACTION_LABEL: Record<PaymentAction, string> = {
  pay_now: 'Pay now',
  authenticate: 'Confirm with your bank',
  new_card: 'Use another card',
};

/** "Your card did not have enough funds… We will try once more on …". */
export function failureSummary(payment: Pick<Payment, 'failure_reason' | 'next_retry_date'>): string {
  const why = failureText(payment.failure_reason);
  return payment.next_retry_date ? `${why} We will try once more on ${formatLongDate(payment.next_retry_date)}.` : why;
}

/** The first remaining payment the card cannot cover, or undefined. */
export function firstUncovered(card: { exp_month: number; exp_year: number }, payments: Payment[]): Payment | undefined {
  return payments
    .filter((p) => p.payment_status === 'Pending' || p.payment_status === 'Failed')
    .sort((a, b) => a.processing_date.localeCompare(b.processing_date))
    .find((p) => !cardCovers(card, p.processing_date));
}
