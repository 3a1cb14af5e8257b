import { errorResponses, errorResponseSchema } from '@uplift/core/schemas/error';
import { testGiftAuthenticateSchema, testGiftChargeResultSchema, testGiftConfirmSchema } from '@uplift/core/schemas/gifts';
import {
  testCardAuthenticateSchema,
  testCardConfirmSchema,
  testPaymentAuthenticateResponseSchema,
  testPaymentAuthenticateSchema,
  testSetupResultSchema,
} from '@uplift/core/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { ensureProviderCustomer } from './customer.ts';
import type { TestPaymentProvider } from './test-provider-common.ts';

const tags = ['payments'];
/** 402: the card was declined (or its authentication failed), as Stripe answers. */
const response = { 200: testSetupResultSchema, 402: errorResponseSchema, ...errorResponses(400, 401, 404, 409) };

/**
 * The test provider's side of the browser's card form, standing in for Stripe.js'
 * confirmSetup: only for the signed-in user's own client secret. Registered only when the
 * test provider is in use.
 */
export function testProviderRoutes(provider: TestPaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    const customerOf = (userId: number) => ensureProviderCustomer({ db: app.db, payments: provider }, userId);

    app.post(
      '/api/test-provider/setup/confirm',
      {
        onRequest: app.authenticate,
        schema: { tags, summary: "The test provider's card form: save a test card", body: testCardConfirmSchema, response },
      },
      async (request) => {
        const customerId = await customerOf(currentUser(request).id);
        const { client_secret, ...card } = request.body;
        return provider.confirmSetup({ customerId, clientSecret: client_secret, card, now: app.clock.now() });
      },
    );

    app.post(
      '/api/test-provider/setup/authenticate',
      {
        onRequest: app.authenticate,
        schema: { tags, summary: "The test provider's simulated card authentication", body: testCardAuthenticateSchema, response },
      },
      async (request) => {
        const customerId = await customerOf(currentUser(request).id);
        return provider.authenticateSetup({ customerId, clientSecret: request.body.client_secret, outcome: request.body.outcome });
      },
    );

    // The bank's step for a payment (Stripe.js confirmCardPayment stands here): then the page
    // calls POST /api/payment/{id}/confirm, which asks the provider where the charge stands.
    app.post(
      '/api/test-provider/payment/authenticate',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: "The test provider's simulated bank step for a payment",
          body: testPaymentAuthenticateSchema,
          response: { 200: testPaymentAuthenticateResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request, reply) => {
        const customerId = await customerOf(currentUser(request).id);
        const status = await provider.authenticatePayment({ customerId, clientSecret: request.body.client_secret, outcome: request.body.outcome });
        return reply.send({ status });
      },
    );

    // A friend's gift (docs/decisions/138): no account, the charge's client secret is the authority.
    // Stripe.js confirmCardPayment stands here; then the page calls POST /api/gifts/{id}/confirm.
    const giftResponse = { 200: testGiftChargeResultSchema, ...errorResponses(400, 404, 409) };
    app.post(
      '/api/test-provider/gift/confirm',
      { schema: { tags, summary: "The test provider's card form for a gift: pay the guest charge", body: testGiftConfirmSchema, response: giftResponse } },
      async (request) => {
        const { client_secret, ...card } = request.body;
        return provider.confirmGuestCharge({ clientSecret: client_secret, card, now: app.clock.now() });
      },
    );
    app.post(
      '/api/test-provider/gift/authenticate',
      { schema: { tags, summary: "The test provider's simulated bank step for a gift", body: testGiftAuthenticateSchema, response: giftResponse } },
      async (request) => provider.authenticateGuestCharge({ clientSecret: request.body.client_secret, outcome: request.body.outcome }),
    );
  };
}
