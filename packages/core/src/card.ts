// Card-number checks shared by the test provider (server) and its card form (browser).
// Messages are the ones Stripe's card element shows.

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryInvalid: "Your card's expiration date is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/** Digits only: spaces and dashes people type between groups are dropped. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
