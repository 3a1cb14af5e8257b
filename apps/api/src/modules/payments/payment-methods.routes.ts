import { idParamSchema } from '@uplift/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethods } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ensureProviderCustomer, findProviderCustomer } from './customer.ts';
import {
  findMethodByProviderId,
  findOwnPaymentMethod,
  listEnabledPaymentMethods,
  paymentMethodView,
} from './payment-methods.repository.ts';
import { savePaymentMethodSchema } from './payments.schemas.ts';

const NOT_YOURS = 'That card could not be found on your account. Please add it again.';

/** Saved cards: a user sees and uses only their own (SPEC §7). */
const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/payment_method', { onRequest: app.authenticate }, async (request) => {
    const user = currentUser(request);
    return (await listEnabledPaymentMethods(app.db, user.id)).map(paymentMethodView);
  });

  app.get('/api/payment_method/secret', { onRequest: app.authenticate }, async (request, reply) => {
    const user = currentUser(request);
    const customerId = await ensureProviderCustomer(app, user.id);
    const clientSecret = await app.payments.createSetupSecret(customerId);
    const config = app.payments.publicConfig;
    reply.header('cache-control', 'no-store');
    return {
      client_secret: clientSecret,
      provider: config.provider,
      ...(config.provider === 'stripe' ? { publishable_key: config.publishableKey } : {}),
    };
  });

  app.post('/api/payment_method', { onRequest: app.authenticate, schema: { body: savePaymentMethodSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const providerId = request.body.stripe_payment_method_id;

    const existing = await findMethodByProviderId(app.db, providerId);
    if (existing) {
      if (existing.user_id !== user.id) throw forbidden(NOT_YOURS);
      // Saving the same card twice (a double click, a retry) answers with the saved one.
      if (existing.is_enabled) return reply.status(200).send(paymentMethodView(existing));
    }

    const customerId = await findProviderCustomer(app, user.id);
    const card = customerId ? await app.payments.getCard(customerId, providerId) : null;
    if (!card) throw forbidden(NOT_YOURS);

    const [row] = await app.db
      .insert(paymentMethods)
      .values({
        user_id: user.id,
        method_name: 'card',
        is_enabled: true,
        stripe_payment_method_id: providerId,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
      })
      .onConflictDoUpdate({
        target: paymentMethods.stripe_payment_method_id,
        set: { is_enabled: true, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
      })
      .returning();
    return reply.status(201).send(paymentMethodView(row!));
  });

  app.get('/api/payment_method/:id', { onRequest: app.authenticate, schema: { params: idParamSchema } }, async (request) => {
    const user = currentUser(request);
    const row = await findOwnPaymentMethod(app.db, user.id, request.params.id);
    if (!row) throw notFound('payment_method.not_found', 'Payment method not found');
    return paymentMethodView(row);
  });
};

export default paymentMethodRoutes;
