import { addDays, type IsoDate } from './calendar.ts';

// Why a weekly payment failed, as a stable code (Stripe's decline codes, plus our own for
// problems that are not the card's), what the donor is told, what they can do about it, and
// whether billing tries again on its own (docs/decisions/044-payment-retries.md).

/** Codes we name; any other Stripe decline code is stored as it comes and read as a decline. */
export const FAILURE_CODES = [
  'insufficient_funds',
  'card_declined',
  'processing_error',
  'authentication_required',
  'expired_card',
  'incorrect_number',
  'lost_card',
  'stolen_card',
  'do_not_honor',
  'card_not_available',
  'provider_error',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** Soft declines (Stripe: "may succeed if retried"): billing tries once more, two days later. */
export const SOFT_DECLINES: ReadonlySet<string> = new Set(['insufficient_funds', 'card_declined', 'generic_decline', 'processing_error']);

/** Problems only another card fixes: the donor is asked for a new one. */
const NEEDS_NEW_CARD: ReadonlySet<string> = new Set([
  'expired_card',
  'incorrect_number',
  'invalid_number',
  'lost_card',
  'stolen_card',
  'pickup_card',
  'restricted_card',
  'card_not_supported',
  'invalid_account',
  'card_not_available',
]);

/** What the donor can do about a failed payment (GET /api/payment/ `action`). */
export const PAYMENT_ACTIONS = ['pay_now', 'authenticate', 'new_card'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

export function actionFor(code: string | null): PaymentAction {
  if (code === 'authentication_required') return 'authenticate';
  if (code !== null && NEEDS_NEW_CARD.has(code)) return 'new_card';
  return 'pay_now';
}

const WORDS: Record<FailureCode, string> = {
  insufficient_funds: 'Your card did not have enough funds for this payment.',
  card_declined: 'Your bank declined this payment.',
  processing_error: 'Your bank had a problem processing this payment.',
  authentication_required: 'Your bank wants to confirm this payment with you before it goes through.',
  expired_card: 'Your card has expired.',
  incorrect_number: 'Your bank does not recognise this card number.',
  lost_card: 'Your bank has reported this card as lost.',
  stolen_card: 'Your bank has reported this card as stolen.',
  do_not_honor: 'Your bank declined this payment without saying why.',
  card_not_available: 'The saved card is no longer available.',
  provider_error: 'Our payment provider could not take this payment.',
};

/** The failure in plain words, for the summary and the mail. */
export function failureText(code: string | null): string {
  if (code !== null && code in WORDS) return WORDS[code as FailureCode];
  if (code !== null && NEEDS_NEW_CARD.has(code)) return 'Your bank cannot take payments from this card any more.';
  return WORDS.card_declined;
}

/** Days after a soft decline that billing tries again (in the campaign's zone). */
export const RETRY_AFTER_DAYS = 2;

/**
 * The date of the one automatic retry after a soft decline on `attemptDate`, or null: none for a
 * hard decline, and never on or after the next payment's date (or a week after this one's).
 */
export function retryDate(code: string, attemptDate: IsoDate, processingDate: IsoDate, nextPaymentDate: IsoDate | null): IsoDate | null {
  if (!SOFT_DECLINES.has(code)) return null;
  const retry = addDays(attemptDate, RETRY_AFTER_DAYS);
  const limit = nextPaymentDate !== null && nextPaymentDate < addDays(processingDate, 7) ? nextPaymentDate : addDays(processingDate, 7);
  return retry < limit ? retry : null;
}

/** A card is good until the end of its expiry month: does it cover a payment on `date`? */
export function cardCovers(card: { exp_month: number; exp_year: number }, date: IsoDate): boolean {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return year * 12 + month <= card.exp_year * 12 + card.exp_month;
}
