import { randomBytes } from 'node:crypto';
import type { TestSetupResult } from '@uplift/core/schemas/payment';
import type { PaymentProvider } from './payment-provider.ts';
import type { CardInput } from './test-cards.ts';

// What the built-in test provider's parts share (test-provider.ts puts them together): its shape,
// its ids and Stripe's words for a failed authentication.

/** The card form's answer, like Stripe.js' confirmSetup (the shape is core's response schema). */
export type SetupConfirmation = TestSetupResult;

export interface TestPaymentProvider extends PaymentProvider {
  readonly name: 'test';
  /** The card form's submit: like Stripe.js confirmSetup, for the customer's own client secret. */
  confirmSetup(input: { customerId: string; clientSecret: string; card: CardInput; now: Date }): Promise<SetupConfirmation>;
  /** The simulated authentication step (3-D Secure) of a card that asked for it. */
  authenticateSetup(input: { customerId: string; clientSecret: string; outcome: 'complete' | 'fail' }): Promise<SetupConfirmation>;
  /** The simulated bank step of a charge that needs authentication (Stripe.js confirmCardPayment). */
  authenticatePayment(input: { customerId: string; clientSecret: string; outcome: 'complete' | 'fail' }): Promise<'succeeded' | 'requires_payment_method'>;
  /** The browser pays a guest charge with a card (Stripe.js confirmCardPayment stands here). */
  confirmGuestCharge(input: { clientSecret: string; card: CardInput; now: Date }): Promise<GuestChargeAnswer>;
  /** The simulated bank step of a guest charge that asked for it. */
  authenticateGuestCharge(input: { clientSecret: string; outcome: 'complete' | 'fail' }): Promise<GuestChargeAnswer>;
}

/** What the browser hears after paying a guest charge, in Stripe's words for a decline. */
export type GuestChargeAnswer = { status: 'succeeded' | 'requires_action' | 'declined'; message?: string };

/** A Stripe-shaped id with a random tail: `pi_test_…`, `pm_test_…`. */
export const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A client secret for the object with this id, as Stripe writes them (`<id>_secret_…`). */
export const clientSecretFor = (id: string) => `${id}_secret_${randomBytes(16).toString('hex')}`;

/** Stripe's words when the bank's authentication step fails. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
