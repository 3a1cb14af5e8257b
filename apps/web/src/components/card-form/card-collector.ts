/**
 * What the payment step asks of a card form (test mode or Stripe): save the card with the
 * provider and give back the provider's payment method id.
 */
export type CardCollector = { collect: () => Promise<string> };

/**
 * A card form failure. 'validation' problems are shown at the fields at once; 'card' problems
 * (a decline, a failed authentication) are shown in the red modal (product-rules §8).
 */
export class CardFormError extends Error {
  readonly kind: 'validation' | 'card';
  constructor(kind: 'validation' | 'card', message: string) {
    super(message);
    this.kind = kind;
  }
}
