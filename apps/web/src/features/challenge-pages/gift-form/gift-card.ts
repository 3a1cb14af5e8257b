/**
 * What the gift form asks of its card form (test provider or Stripe): pay the gift's charge with
 * what the friend entered (a card, or a wallet where Stripe offers one), doing the bank's step if it
 * asks. The card form checks what it holds first and only then asks `secret` for the charge's
 * client secret: after a decline the form makes the next gift at that moment (one card per gift,
 * docs/decisions/155 and 165). 'declined' carries the provider's words; 'invalid' means nothing was
 * sent to be charged (the gift stays open).
 */
export type GiftPayment = { status: 'paid' } | { status: 'declined'; message: string } | { status: 'invalid'; message: string };
export type GiftCardForm = { pay: (secret: () => Promise<string>) => Promise<GiftPayment> };
