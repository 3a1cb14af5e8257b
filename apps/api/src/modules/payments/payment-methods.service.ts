import type { PaymentMethod, SetupSecretResponse } from '@uplift/core/schemas/payment';
import { forbidden, notFound } from '../../errors.ts';
import { ensureProviderCustomer, findProviderCustomer, type CustomerDeps } from './customer.ts';
import {
  findMethodByProviderId,
  findOwnPaymentMethod,
  listEnabledPaymentMethods,
  paymentMethodView,
  upsertPaymentMethod,
} from './payment-methods.repository.ts';

const NOT_YOURS = 'That card could not be found on your account. Please add it again.';

/** Saved cards: a user sees and uses only their own (product-rules §7). */
export function createPaymentMethodService(deps: CustomerDeps) {
  const { db, payments } = deps;
  return {
    async list(userId: number): Promise<PaymentMethod[]> {
      return (await listEnabledPaymentMethods(db, userId)).map(paymentMethodView);
    },

    /** What the browser's card form needs: a fresh client secret and the provider in use. */
    async setupSecret(userId: number): Promise<SetupSecretResponse> {
      const customerId = await ensureProviderCustomer(deps, userId);
      const clientSecret = await payments.createSetupSecret(customerId);
      const config = payments.publicConfig;
      return config.provider === 'stripe'
        ? { client_secret: clientSecret, provider: 'stripe', publishable_key: config.publishableKey }
        : { client_secret: clientSecret, provider: 'test' };
    },

    /**
     * Records the card the provider has just saved for this user (never another customer's).
     * `created` is false when the same card was already saved (a double click, a retry).
     */
    async save(userId: number, providerId: string): Promise<{ created: boolean; method: PaymentMethod }> {
      const existing = await findMethodByProviderId(db, providerId);
      if (existing) {
        if (existing.user_id !== userId) throw forbidden(NOT_YOURS);
        if (existing.is_enabled) return { created: false, method: paymentMethodView(existing) };
      }
      const customerId = await findProviderCustomer(deps, userId);
      const card = customerId ? await payments.getCard(customerId, providerId) : null;
      if (!card) throw forbidden(NOT_YOURS);
      return { created: true, method: paymentMethodView(await upsertPaymentMethod(db, userId, providerId, card)) };
    },

    async get(userId: number, id: number): Promise<PaymentMethod> {
      const row = await findOwnPaymentMethod(db, userId, id);
      if (!row) throw notFound('payment_method.not_found', 'Payment method not found');
      return paymentMethodView(row);
    },
  };
}

// Queries other modules use, published as they are.
export { disableCards, findOwnEnabledMethodByReference, paymentMethodView } from './payment-methods.repository.ts';

export { deleteSavedCards } from './payment-methods.repository.ts';
