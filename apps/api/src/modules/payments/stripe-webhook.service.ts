import type { StripeWebhookResponse } from '@uplift/core/schemas/payment';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { webhookEvents } from '../../db/schema.ts';
import type { Queue } from '../../jobs/queue.ts';
import { IDEMPOTENCY_METADATA_KEY } from './stripe-provider.ts';
import { handleStripePaymentEvent, STRIPE_WEBHOOK_JOB, type StripeWebhookDeps, type StripeWebhookJob } from '../billing/stripe-webhook.job.ts';

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/**
 * A verified Stripe event: recorded once, then handed to a job (or, without a queue, handled at
 * once). A redelivered event that was processed already is acknowledged and ignored; one that was
 * recorded but never processed (a crash before the job was queued) is queued again; the job itself
 * runs each event once.
 */
export async function acceptStripeEvent(
  deps: StripeWebhookDeps & { queue: Queue | undefined },
  event: Stripe.Event,
): Promise<StripeWebhookResponse> {
  const { db, clock, queue } = deps;
  const [inserted] = await db
    .insert(webhookEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning();
  if (!inserted) {
    const [seen] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    if (seen?.processed_at) return { received: true, duplicate: true };
  }

  if (!HANDLED.has(event.type)) {
    await db.update(webhookEvents).set({ processed_at: clock.now() }).where(eq(webhookEvents.id, event.id));
    return { received: true };
  }

  const intent = event.data.object as Stripe.PaymentIntent;
  const job: StripeWebhookJob = {
    eventId: event.id,
    type: event.type as StripeWebhookJob['type'],
    paymentIntentId: intent.id,
    idempotencyKey: intent.metadata?.[IDEMPOTENCY_METADATA_KEY] ?? null,
    failureCode: intent.last_payment_error?.decline_code || intent.last_payment_error?.code || null,
  };
  if (queue) {
    await queue.send(STRIPE_WEBHOOK_JOB, job, { retryLimit: 10, retryDelay: 30, retryBackoff: true });
  } else {
    await handleStripePaymentEvent(deps, job);
  }
  return { received: true };
}
