import type { Minor } from '@uplift/core/money';
import type { CurrencyCode } from '@uplift/core/countries';

/**
 * The card payment provider, as the rest of the app sees it. Two implementations, chosen by
 * config: Stripe (STRIPE_SECRET_KEY + STRIPE_PUBLISHABLE_KEY) and the built-in test provider.
 * Nothing outside modules/payments knows which one is in use.
 */
export type CardDetails = { brand: string; last4: string; exp_month: number; exp_year: number };

/**
 * What became of a charge. `code` is a stable failure code (Stripe's decline code, or ours:
 * core/payment-failures.ts) — the words for the donor come from core, never from the provider.
 */
export type ChargeResult =
  | { status: 'succeeded'; reference: string }
  | { status: 'declined'; reference: string | null; code: string }
  /**
   * The bank wants the cardholder to authenticate: never retried blindly. `clientSecret` lets the
   * browser do the bank's step on-session (Stripe.js confirmCardPayment / the test provider's step).
   */
  | { status: 'requires_action'; reference: string | null; code: 'authentication_required'; clientSecret: string | null }
  /** Accepted but not settled yet (Stripe's `processing`): the webhook settles it; not a failure. */
  | { status: 'processing'; reference: string };

export type ChargeRequest = {
  customerId: string;
  paymentMethodId: string;
  amountMinor: Minor;
  currency: CurrencyCode;
  /** Stored on the payment row before the call; the provider de-duplicates on it. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /** The donor is present (pay now): the bank may ask them to authenticate. Default: off-session. */
  onSession?: boolean;
};

/** Gives back (part of) a settled charge, exactly once per idempotency key (docs/decisions/132-refunds.md). */
export type RefundRequest = {
  /** The charge's provider reference (Stripe's PaymentIntent id). */
  chargeReference: string;
  amountMinor: Minor;
  /** Stored on the refund row before the call; the provider de-duplicates on it. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

/**
 * What became of a refund. `failed` carries the provider's own words for the admin (a refund is
 * an admin's act, so the provider's message is shown as it is); a network or server error is
 * thrown instead, and the refund stays pending to be asked again with the same key.
 */
export type RefundResult = { status: 'succeeded'; reference: string } | { status: 'failed'; reference: string | null; message: string };

/**
 * An on-session charge with no saved customer (a friend's gift, docs/decisions/138): created before
 * the browser has a card, paid in the browser with the client secret (Stripe.js confirmCardPayment,
 * which does the bank's step itself). Made once per idempotency key: the same key gives the same charge.
 */
export type GuestChargeRequest = {
  amountMinor: Minor;
  currency: CurrencyCode;
  /** Stored on the gift row before the call; the provider de-duplicates on it. */
  idempotencyKey: string;
  description: string;
  /** Carries `gift_id`, so the provider's events find the gift. */
  metadata: Record<string, string>;
};

export type GuestCharge = { reference: string; clientSecret: string };

/**
 * Where a guest charge stands. `awaiting_payment`: no card was tried yet (the browser has not paid).
 * A decline, or a bank step that failed, is `declined` with its code.
 */
export type GuestChargeState = (
  | { status: 'awaiting_payment'; reference: string }
  | { status: 'requires_action'; reference: string }
  | { status: 'processing'; reference: string }
  | { status: 'succeeded'; reference: string }
  | { status: 'declined'; reference: string; code: string }
) & {
  /**
   * The card tried, when one was (Stripe's `payment_method.card.fingerprint`: the same card number
   * gives the same fingerprint); the gifts module counts declines per card with it (docs/decisions/155).
   */
  cardFingerprint?: string;
};

/** What cancelling a guest charge did: `cancelled` false when it was already over (paid, or cancelled before). */
export type GuestChargeCancel = { cancelled: boolean; cardFingerprint: string | null };

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
  /** Charges a saved card, exactly once per idempotency key. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Looks up an earlier charge attempt by its idempotency key (recovery after a crash). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /** Where a charge stands now, by its reference (after the browser's authentication step). */
  retrieveCharge(reference: string): Promise<ChargeResult | null>;
  /** Refunds (part of) a charge, exactly once per idempotency key. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Creates (once per idempotency key) an on-session charge with no saved customer; the browser pays it. */
  createGuestCharge(request: GuestChargeRequest): Promise<GuestCharge>;
  /** Where a guest charge stands, by its reference; null when the provider does not know it. */
  retrieveGuestCharge(reference: string): Promise<GuestChargeState | null>;
  /** A guest charge by its idempotency key (recovery after a crash before its reference was stored). */
  findGuestCharge(idempotencyKey: string): Promise<GuestChargeState | null>;
  /**
   * Cancels a guest charge so no other card can be tried on it (a gift takes one card attempt,
   * docs/decisions/155). A charge already paid or cancelled is left as it is; an unknown one too.
   */
  cancelGuestCharge(reference: string): Promise<GuestChargeCancel>;
  /** Detaches a saved card from its customer: irreversible, so only after nothing uses it. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
}
