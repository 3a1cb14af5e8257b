/**
 * What the gift form asks of its card form (test provider or Stripe): pay the gift's charge with
 * the card typed in, doing the bank's step if it asks. 'declined' carries the provider's words.
 */
export type GiftPayment = { status: 'paid' } | { status: 'declined'; message: string } | { status: 'invalid'; message: string };
export type GiftCardForm = { pay: (clientSecret: string) => Promise<GiftPayment> };
