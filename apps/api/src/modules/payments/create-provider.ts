import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

/**
 * Stripe when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set, otherwise the built-in test
 * provider (config refuses the test provider in production unless ALLOW_TEST_PAYMENTS=true).
 */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  const payments = config.payments;
  if (payments.provider === 'stripe') {
    return createStripeProvider({ secretKey: payments.secretKey, publishableKey: payments.publishableKey });
  }
  return createTestProvider(db);
}
