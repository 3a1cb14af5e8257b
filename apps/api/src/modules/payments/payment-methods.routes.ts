import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import {
  paymentMethodListResponseSchema,
  paymentMethodSchema,
  savePaymentMethodSchema,
  setupSecretResponseSchema,
} from '@uplift/core/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { cardIpLimit, claimCardSetup } from './card-testing.ts';
import { cardSetupSecret, getPaymentMethod, listPaymentMethods, savePaymentMethod, type PaymentMethodDeps } from './payment-methods.service.ts';

const tags = ['payments'];

/** Saved cards: a user sees and uses only their own (product-rules §7). */
const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PaymentMethodDeps = { db: app.db, payments: app.payments };

  app.get(
    '/api/payment_method',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "The donor's saved cards", response: { 200: paymentMethodListResponseSchema, ...errorResponses(401) } },
    },
    async (request) => listPaymentMethods(deps, currentUser(request).id),
  );

  const cardLimit = { rateLimit: cardIpLimit(app.config.isProduction) };

  app.get(
    '/api/payment_method/secret',
    {
      onRequest: app.authenticate,
      config: cardLimit,
      schema: {
        tags,
        summary: 'A client secret for the card form, and the provider in use (at most 10 a day per user, 30 an hour per IP)',
        response: { 200: setupSecretResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await claimCardSetup(app.db, currentUser(request).id, 'secret', app.clock.now());
      const secret = await cardSetupSecret(deps, currentUser(request).id);
      reply.header('cache-control', 'no-store');
      return secret;
    },
  );

  app.post(
    '/api/payment_method',
    {
      onRequest: app.authenticate,
      config: cardLimit,
      schema: {
        tags,
        summary: 'Record a card the provider has just saved for the donor (at most 10 a day per user, 30 an hour per IP)',
        body: savePaymentMethodSchema,
        response: { 201: paymentMethodSchema, 200: paymentMethodSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await claimCardSetup(app.db, currentUser(request).id, 'save', app.clock.now());
      const { created, method } = await savePaymentMethod(deps, currentUser(request).id, request.body.stripe_payment_method_id);
      // Saving the same card twice answers with the saved one.
      return reply.status(created ? 201 : 200).send(method);
    },
  );

  app.get(
    '/api/payment_method/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One of the donor's saved cards",
        params: idParamSchema,
        response: { 200: paymentMethodSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getPaymentMethod(deps, currentUser(request).id, request.params.id),
  );
};

export default paymentMethodRoutes;
