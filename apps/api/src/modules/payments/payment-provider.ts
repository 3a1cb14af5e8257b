import type { CurrencyCode } from '@uplift/core/countries';

/**
 * The card payment provider, as the rest of the app sees it. Two implementations, chosen by
 * config: Stripe (STRIPE_SECRET_KEY + STRIPE_PUBLISHABLE_KEY) and the built-in test provider.
 * Nothing outside modules/payments knows which one is in use.
 */
export type CardDetails = { brand: string; last4: string; exp_month: number; exp_year: number };

export type ChargeResult =
  | { status: 'succeeded'; reference: string }
  | { status: 'declined'; reference: string | null; reason: string }
  /** The card needs the donor to authenticate; an off-session charge must not be retried blindly. */
  | { status: 'requires_action'; reference: string | null; reason: string };

export type ChargeRequest = {
  customerId: string;
  paymentMethodId: string;
  amountMinor: number;
  currency: CurrencyCode;
  /** Stored on the payment row before the call; the provider de-duplicates on it. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
};

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** What the browser needs to show the card form (Stripe's publishable key, or 'test'). */
  readonly publicConfig: { provider: 'stripe'; publishableKey: string } | { provider: 'test' };
  /** Creates (once) the provider's customer for a user; returns its id. */
  ensureCustomer(user: { id: number; email: string; name: string; customerId: string | null }): Promise<string>;
  /** A client secret for saving a card off-session (Stripe: a SetupIntent). */
  createSetupSecret(customerId: string): Promise<string>;
  /** The card behind a provider payment method, or null if it does not belong to this customer. */
  getCard(customerId: string, paymentMethodId: string): Promise<CardDetails | null>;
  /** Charges a saved card off-session, exactly once per idempotency key. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Looks up an earlier charge attempt by its idempotency key (recovery after a crash). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /** Removes a saved card from the customer, so it can never be charged again (account erasure). */
  detachCard(paymentMethodId: string): Promise<void>;
}
