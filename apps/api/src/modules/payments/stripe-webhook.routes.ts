import { errorResponses } from '@uplift/core/schemas/error';
import { stripeWebhookResponseSchema } from '@uplift/core/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { paymentErrors } from './payments.errors.ts';
import { acceptStripeEvent, type StripePaymentEventHandler } from './stripe-webhook.service.ts';

/**
 * POST /api/webhooks/stripe: checks Stripe's signature on the raw body, records the event once,
 * hands the work to a job and answers at once. A redelivered event is acknowledged and ignored.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod<{ webhookSecret: string | undefined; handle: StripePaymentEventHandler }> = async (app, opts) => {
  // The signature covers the exact bytes Stripe sent, so this route reads the body unparsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/webhooks/stripe',
    {
      schema: {
        tags: ['payments'],
        summary: "Stripe's payment events (signed; the body is read raw)",
        response: { 200: stripeWebhookResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      if (!opts.webhookSecret) {
        request.log.error('a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set');
        throw paymentErrors.webhookNotConfigured();
      }
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        throw paymentErrors.webhookInvalidSignature();
      }
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, opts.webhookSecret);
      } catch {
        throw paymentErrors.webhookInvalidSignature();
      }
      return acceptStripeEvent({ db: app.db, clock: app.clock, queue: app.queue, handle: opts.handle }, event);
    },
  );
};

export default stripeWebhookRoutes;
