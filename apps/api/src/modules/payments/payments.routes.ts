import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import matchLogoRoutes from './match-logo.routes.ts';
import type { StripeEventDispatcher } from './stripe-webhook.service.ts';
import stripeWebhookRoutes from './stripe-webhook.routes.ts';
import { testProviderRoutes } from './test-provider.routes.ts';
import { isTestProvider } from './test-provider.ts';

// The provider's side: the test provider's card form and Stripe's webhooks (docs/decisions/030, 032).
// Saved cards are payment-methods.routes.ts; a match sponsor's logo is match-logo.routes.ts.
const routes: FastifyPluginAsyncZod<{ stripeEvents: StripeEventDispatcher }> = async (app, opts) => {
  if (isTestProvider(app.payments)) await app.register(testProviderRoutes(app.payments));
  const payments = app.config.payments;
  await app.register(stripeWebhookRoutes, { webhookSecret: payments.provider === 'stripe' ? payments.webhookSecret : undefined,
    handle: opts.stripeEvents.dispatch,
  });
  await app.register(matchLogoRoutes);
};

export default routes;
