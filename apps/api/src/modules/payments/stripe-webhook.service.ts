import type { StripeWebhookResponse } from '@uplift/core/schemas/payment';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/client.ts';
import type { Queue } from '../../queue/queue.ts';
import { IDEMPOTENCY_METADATA_KEY } from './stripe-provider.ts';
import { findWebhookEvent, markWebhookEventProcessed, recordWebhookEvent, selectUnprocessedWebhookEvents } from './stripe-webhook.repository.ts';

// The job a payment event becomes: its name and payload. The billing module handles it (it settles
// the payment through the ledger and mails the donor); the handler is handed in by the app.
export const STRIPE_WEBHOOK_JOB = 'payments.stripe-webhook';

export const stripeWebhookJobSchema = z.object({
  eventId: z.string(),
  type: z.enum(['payment_intent.succeeded', 'payment_intent.payment_failed']),
  paymentIntentId: z.string(),
  idempotencyKey: z.string().nullable(),
  /** Stripe's decline code (or error code) of a failed PaymentIntent. */
  failureCode: z.string().nullable(),
  /** `metadata.gift_id` of a friend's gift (docs/decisions/138): the gifts module settles it, not billing. */
  giftId: z.number().int().nullable().optional(),
});
export type StripeWebhookJob = z.infer<typeof stripeWebhookJobSchema>;

/** Settles one payment event (billing's handler; run by the job, or at once when there is no queue). */
export type StripePaymentEventHandler = (job: StripeWebhookJob) => Promise<void>;

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/**
 * A verified Stripe event: recorded once, then handed to a job (or, without a queue, handled at
 * once). A redelivered event that was processed already is acknowledged and ignored; one that was
 * recorded but never processed (a crash before the job was queued) is queued again; the job itself
 * runs each event once.
 */
export async function acceptStripeEvent(
  deps: { db: Executor; clock: Clock; queue: Queue | undefined; handle: StripePaymentEventHandler },
  event: Stripe.Event,
): Promise<StripeWebhookResponse> {
  const { db, clock, queue } = deps;
  if (!(await recordWebhookEvent(db, event.id, event.type))) {
    const seen = await findWebhookEvent(db, event.id);
    if (seen?.processed_at) return { received: true, duplicate: true };
  }

  if (!HANDLED.has(event.type)) {
    await markWebhookEventProcessed(db, event.id, clock.now());
    return { received: true };
  }

  const intent = event.data.object as Stripe.PaymentIntent;
  const job: StripeWebhookJob = {
    eventId: event.id,
    type: event.type as StripeWebhookJob['type'],
    paymentIntentId: intent.id,
    idempotencyKey: intent.metadata?.[IDEMPOTENCY_METADATA_KEY] ?? null,
    failureCode: intent.last_payment_error?.decline_code || intent.last_payment_error?.code || null,
    // Only a gift's event carries it, so billing's jobs keep their shape.
    ...(/^\d{1,9}$/.test(intent.metadata?.gift_id ?? '') ? { giftId: Number(intent.metadata!.gift_id) } : {}),
  };
  if (queue) {
    await queue.send(STRIPE_WEBHOOK_JOB, job, { retryLimit: 10, retryDelay: 30, retryBackoff: true });
  } else {
    await deps.handle(job);
  }
  return { received: true };
}

/**
 * One handler for every payment event: a gift's (metadata.gift_id) goes to the gifts module, the
 * rest to billing. The composition root (routes.ts, jobs/workers.ts) hands both in.
 */
export function routeStripePaymentEvent(handlers: { gift: StripePaymentEventHandler; other: StripePaymentEventHandler }): StripePaymentEventHandler {
  return (job) => (job.giftId != null ? handlers.gift(job) : handlers.other(job));
}

/** Marks a payment event processed (the gifts module, once it has settled the gift the event is about). */
export async function markStripeEventProcessed(db: Executor, eventId: string, now: Date): Promise<void> {
  await markWebhookEventProcessed(db, eventId, now);
}

/** Whether a payment event was processed already (a redelivery the job must not apply twice). */
export async function stripeEventProcessed(db: Executor, eventId: string): Promise<boolean> {
  const seen = await findWebhookEvent(db, eventId);
  return !seen || seen.processed_at !== null;
}

/** Stripe events received but not processed (a failing webhook job leaves them so), for the system page and alerts. */
export async function unprocessedStripeEvents(db: Executor): Promise<{ unprocessed: number; oldest: Date | null }> {
  return selectUnprocessedWebhookEvents(db);
}
