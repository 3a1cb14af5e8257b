import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { TestPaymentProvider } from './test-provider-common.ts';
import { testCharges } from './test-provider-charges.ts';
import { testGuestCharges } from './test-provider-guest-charges.ts';
import { testRefunds } from './test-provider-refunds.ts';
import { testSetups } from './test-provider-setups.ts';

// The built-in test provider (product-rules §15): Stripe's test cards, no network.
// It keeps its state in PostgreSQL, as a real provider keeps it on its side. Its parts, one file
// each: saved cards (test-provider-setups.ts), charges (test-provider-charges.ts), refunds
// (test-provider-refunds.ts) and guest charges (test-provider-guest-charges.ts).

export function isTestProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.name === 'test' && 'confirmSetup' in provider;
}

export function createTestProvider(db: Db): TestPaymentProvider {
  return {
    name: 'test',
    publicConfig: { provider: 'test' },
    ...testSetups(db),
    ...testCharges(db),
    ...testRefunds(db),
    ...testGuestCharges(db),
  };
}
