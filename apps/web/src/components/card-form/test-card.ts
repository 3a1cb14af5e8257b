// The test provider's card form checks a card as Stripe's card element would, before sending
// it (the server checks again). Messages are Stripe's.
import { CARD_MESSAGES, cardDigits, passesLuhn } from '@uplift/core/card';

export { CARD_MESSAGES, cardDigits };

export type TestCardFields = { number: string; expiry: string; cvc: string };
export type TestCardErrors = Partial<Record<keyof TestCardFields, string>>;

/** '12/30' or '12 / 2030' to month and four-digit year, or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** Groups digits in fours as the donor types ('4242424242424242' -> '4242 4242 4242 4242'). */
export function formatCardNumber(input: string): string {
  return cardDigits(input)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Problems with the card form, field by field (empty when it can be sent). */
export function validateTestCard(fields: TestCardFields, now: Date): TestCardErrors {
  const errors: TestCardErrors = {};
  const digits = cardDigits(fields.number);
  if (!/^\d*$/.test(digits)) errors.number = CARD_MESSAGES.numberInvalid;
  else if (digits.length < 14) errors.number = CARD_MESSAGES.numberIncomplete;
  else if (digits.length > 19 || !passesLuhn(digits)) errors.number = CARD_MESSAGES.numberInvalid;

  const expiry = parseExpiry(fields.expiry);
  if (!expiry) errors.expiry = CARD_MESSAGES.expiryIncomplete;
  else if (expiry.month < 1 || expiry.month > 12) errors.expiry = CARD_MESSAGES.expiryInvalid;
  else if (expiry.year * 12 + expiry.month - 1 < now.getFullYear() * 12 + now.getMonth()) errors.expiry = CARD_MESSAGES.expiryPast;

  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(fields.cvc.trim())) errors.cvc = CARD_MESSAGES.cvcIncomplete;
  return errors;
}
