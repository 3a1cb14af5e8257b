import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { ensureProviderCustomer } from './customer.ts';
import { testCardAuthenticateSchema, testCardConfirmSchema } from './payments.schemas.ts';
import type { TestPaymentProvider } from './test-provider.ts';

/**
 * The test provider's side of the browser's card form, standing in for Stripe.js'
 * confirmSetup: only for the signed-in user's own client secret. Registered only when the
 * test provider is in use.
 */
export function testProviderRoutes(provider: TestPaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/test-provider/setup/confirm',
      { onRequest: app.authenticate, schema: { body: testCardConfirmSchema } },
      async (request) => {
        const user = currentUser(request);
        const customerId = await ensureProviderCustomer(app, user.id);
        const { client_secret, ...card } = request.body;
        return provider.confirmSetup({ customerId, clientSecret: client_secret, card, now: app.clock.now() });
      },
    );

    app.post(
      '/api/test-provider/setup/authenticate',
      { onRequest: app.authenticate, schema: { body: testCardAuthenticateSchema } },
      async (request) => {
        const user = currentUser(request);
        const customerId = await ensureProviderCustomer(app, user.id);
        return provider.authenticateSetup({ customerId, clientSecret: request.body.client_secret, outcome: request.body.outcome });
      },
    );
  };
}
