import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { webhookEvents } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { IDEMPOTENCY_METADATA_KEY } from './stripe-provider.ts';
import { handleStripePaymentEvent, STRIPE_WEBHOOK_JOB, type StripeWebhookJob } from './stripe-webhook.job.ts';

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/**
 * POST /api/webhooks/stripe: checks Stripe's signature on the raw body, records the event once,
 * hands the work to a job and answers at once. A redelivered event is acknowledged and ignored.
 */
const stripeWebhookRoutes: FastifyPluginAsync<{ webhookSecret: string | undefined }> = async (app, opts) => {
  // The signature covers the exact bytes Stripe sent, so this route reads the body unparsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/webhooks/stripe', async (request, reply) => {
    if (!opts.webhookSecret) {
      request.log.error('a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set');
      throw notFound('webhook.not_configured', 'Webhooks are not configured');
    }
    const signature = request.headers['stripe-signature'];
    if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
      throw badRequest('webhook.invalid_signature', 'Invalid webhook signature');
    }
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(request.body, signature, opts.webhookSecret);
    } catch {
      throw badRequest('webhook.invalid_signature', 'Invalid webhook signature');
    }

    const [inserted] = await app.db
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing({ target: webhookEvents.id })
      .returning();
    if (!inserted) {
      const [seen] = await app.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
      // Processed already: nothing to do. Recorded but not processed (a crash before the job
      // was queued): queue it again; the job itself runs each event once.
      if (seen?.processed_at) return reply.send({ received: true, duplicate: true });
    }

    if (!HANDLED.has(event.type)) {
      await app.db.update(webhookEvents).set({ processed_at: app.clock.now() }).where(eq(webhookEvents.id, event.id));
      return reply.send({ received: true });
    }

    const intent = event.data.object as Stripe.PaymentIntent;
    const job: StripeWebhookJob = {
      eventId: event.id,
      type: event.type as StripeWebhookJob['type'],
      paymentIntentId: intent.id,
      idempotencyKey: intent.metadata?.[IDEMPOTENCY_METADATA_KEY] ?? null,
      failureReason: intent.last_payment_error?.message ?? null,
    };
    if (app.queue) {
      await app.queue.send(STRIPE_WEBHOOK_JOB, job, { retryLimit: 10, retryDelay: 30, retryBackoff: true });
    } else {
      await handleStripePaymentEvent(app.db, job, app.clock.now());
    }
    return reply.send({ received: true });
  });
};

export default stripeWebhookRoutes;
