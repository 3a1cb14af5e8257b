import type { PaymentMethod, SetupSecretResponse } from '@uplift/core/schemas/payment';
import { ensureProviderCustomer, findProviderCustomer, type CustomerDeps } from './customer.ts';
import {
  findMethodByProviderId,
  findOwnPaymentMethod,
  listEnabledPaymentMethods,
  paymentMethodView,
  upsertPaymentMethod,
} from './payment-methods.repository.ts';
import { paymentErrors } from './payments.errors.ts';

// Saved cards: a user sees and uses only their own (product-rules §7).

export type PaymentMethodDeps = CustomerDeps;

export async function listPaymentMethods(deps: Pick<PaymentMethodDeps, 'db'>, userId: number): Promise<PaymentMethod[]> {
  return (await listEnabledPaymentMethods(deps.db, userId)).map(paymentMethodView);
}

/** What the browser's card form needs: a fresh client secret and the provider in use. */
export async function cardSetupSecret(deps: PaymentMethodDeps, userId: number): Promise<SetupSecretResponse> {
  const customerId = await ensureProviderCustomer(deps, userId);
  const clientSecret = await deps.payments.createSetupSecret(customerId);
  const config = deps.payments.publicConfig;
  return config.provider === 'stripe'
    ? { client_secret: clientSecret, provider: 'stripe', publishable_key: config.publishableKey }
    : { client_secret: clientSecret, provider: 'test' };
}

/**
 * Records the card the provider has just saved for this user (never another customer's).
 * `created` is false when the same card was already saved (a double click, a retry).
 */
export async function savePaymentMethod(deps: PaymentMethodDeps, userId: number, providerId: string): Promise<{ created: boolean; method: PaymentMethod }> {
  const existing = await findMethodByProviderId(deps.db, providerId);
  if (existing) {
    if (existing.user_id !== userId) throw paymentErrors.cardNotYours();
    if (existing.is_enabled) return { created: false, method: paymentMethodView(existing) };
  }
  const customerId = await findProviderCustomer(deps, userId);
  const card = customerId ? await deps.payments.getCard(customerId, providerId) : null;
  if (!card) throw paymentErrors.cardNotYours();
  return { created: true, method: paymentMethodView(await upsertPaymentMethod(deps.db, userId, providerId, card)) };
}

export async function getPaymentMethod(deps: Pick<PaymentMethodDeps, 'db'>, userId: number, id: number): Promise<PaymentMethod> {
  const row = await findOwnPaymentMethod(deps.db, userId, id);
  if (!row) throw paymentErrors.methodNotFound();
  return paymentMethodView(row);
}

// Queries other modules use, published as they are.
export { disableCards, findOwnEnabledMethodByReference, paymentMethodView } from './payment-methods.repository.ts';

export { deleteSavedCards } from './payment-methods.repository.ts';
