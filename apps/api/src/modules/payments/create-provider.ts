import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** Chooses the provider from config (issue 5 builds both implementations). */
export function createPaymentProvider(_config: Config, _db: Db): PaymentProvider {
  const notReady = () => Promise.reject(new Error('payment provider not built yet'));
  return {
    name: 'test',
    publicConfig: { provider: 'test' },
    ensureCustomer: notReady,
    createSetupSecret: notReady,
    getCard: notReady,
    charge: notReady,
    findCharge: notReady,
  };
}
