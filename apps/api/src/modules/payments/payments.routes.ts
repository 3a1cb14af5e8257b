import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import payNowRoutes from '../billing/pay-now.routes.ts';
import paymentMethodRoutes from './payment-methods.routes.ts';
import stripeWebhookRoutes from './stripe-webhook.routes.ts';
import { testProviderRoutes } from './test-provider.routes.ts';
import { isTestProvider } from './test-provider.ts';

// Saved cards, the test provider's card form, and Stripe's webhooks (issue 5).
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(paymentMethodRoutes);
  await app.register(payNowRoutes);
  if (isTestProvider(app.payments)) await app.register(testProviderRoutes(app.payments));
  const payments = app.config.payments;
  await app.register(stripeWebhookRoutes, { webhookSecret: payments.provider === 'stripe' ? payments.webhookSecret : undefined });
};

export default routes;
