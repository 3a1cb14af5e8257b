import { CARD_MESSAGES, cardDigits, passesLuhn } from '@uplift/core/card';
import { MSG } from '@uplift/core/messages';

// The built-in test provider answers like Stripe does for Stripe's published test cards
// (https://docs.stripe.com/testing), so the whole journey can be tried offline.

/**
 * What a charge on a saved test card does: succeed; decline with Stripe's code (`declines` is
 * `card_declined`); or ask the cardholder to authenticate (`requires_action`: 3155, whose setup
 * asked too; `authentication_required`: 3184, saved without a step but every charge asks).
 */
export const TEST_CHARGE_BEHAVIOURS = ['succeeds', 'declines', 'insufficient_funds', 'expired_card', 'requires_action', 'authentication_required'] as const;
export type TestChargeBehaviour = (typeof TEST_CHARGE_BEHAVIOURS)[number];

/** What happens when a test card is saved, and later when it is charged. */
export type TestCardBehaviour =
  /** Refused when saving it, with this message. */
  | { setup: 'declined'; message: string; code: string }
  /** Saved (no step); charges behave as `charge` says. */
  | { setup: 'succeeds'; charge: Exclude<TestChargeBehaviour, 'requires_action'> }
  /** Saving asks the cardholder to authenticate; off-session charges need authentication too. */
  | { setup: 'requires_action'; charge: 'requires_action' };

export type TestCard = { number: string; brand: string; behaviour: TestCardBehaviour };

const SUCCEEDS = { setup: 'succeeds', charge: 'succeeds' } as const;

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: SUCCEEDS },
  { number: '4000056655665556', brand: 'visa', behaviour: SUCCEEDS },
  { number: '5555555555554444', brand: 'mastercard', behaviour: SUCCEEDS },
  { number: '378282246310005', brand: 'amex', behaviour: SUCCEEDS },
  { number: '4000000000000002', brand: 'visa', behaviour: { setup: 'declined', message: MSG.cardDeclined, code: 'card_declined' } },
  // Saved, then charges decline: soft (retried once) and hard (the donor needs another card).
  { number: '4000000000009995', brand: 'visa', behaviour: { setup: 'succeeds', charge: 'insufficient_funds' } },
  { number: '4000000000000069', brand: 'visa', behaviour: { setup: 'succeeds', charge: 'expired_card' } },
  { number: '4000000000000127', brand: 'visa', behaviour: { setup: 'declined', message: "Your card's security code is incorrect.", code: 'incorrect_cvc' } },
  {
    number: '4000000000000119',
    brand: 'visa',
    behaviour: { setup: 'declined', message: 'An error occurred while processing your card. Try again in a little bit.', code: 'processing_error' },
  },
  { number: '4000000000000341', brand: 'visa', behaviour: { setup: 'succeeds', charge: 'declines' } },
  { number: '4000002500003155', brand: 'visa', behaviour: { setup: 'requires_action', charge: 'requires_action' } },
  // Saved without a step; every charge, off- or on-session, asks the cardholder to authenticate.
  { number: '4000002760003184', brand: 'visa', behaviour: { setup: 'succeeds', charge: 'authentication_required' } },
];

export const NOT_A_TEST_CARD =
  'Your card was declined. This is test mode: please use a test card such as 4242 4242 4242 4242.';

/** Digits only: spaces and dashes people type between groups are dropped. */
export const normaliseCardNumber = cardDigits;
export { passesLuhn };

export type CardInput = { number: string; exp_month: number; exp_year: number; cvc: string };

/**
 * Checks a card form as Stripe's card element would: the first problem's field and message,
 * or null when the card is well formed. `now` is the provider's clock (expiry is a month).
 */
export function validateCard(card: CardInput, now: Date): { field: 'number' | 'expiry' | 'cvc'; message: string } | null {
  const digits = normaliseCardNumber(card.number);
  if (!/^\d*$/.test(digits)) return { field: 'number', message: CARD_MESSAGES.numberInvalid };
  if (digits.length < 14) return { field: 'number', message: CARD_MESSAGES.numberIncomplete };
  if (digits.length > 19 || !passesLuhn(digits)) return { field: 'number', message: CARD_MESSAGES.numberInvalid };
  const { exp_month: month, exp_year: year } = card;
  if (!Number.isInteger(month) || !Number.isInteger(year)) return { field: 'expiry', message: CARD_MESSAGES.expiryIncomplete };
  if (month < 1 || month > 12 || year > now.getUTCFullYear() + 50) return { field: 'expiry', message: CARD_MESSAGES.expiryInvalid };
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return { field: 'expiry', message: CARD_MESSAGES.expiryPast };
  const cvcLength = digits.startsWith('34') || digits.startsWith('37') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return { field: 'cvc', message: CARD_MESSAGES.cvcIncomplete };
  return null;
}

export function findTestCard(number: string): TestCard | undefined {
  const digits = normaliseCardNumber(number);
  return TEST_CARDS.find((card) => card.number === digits);
}
