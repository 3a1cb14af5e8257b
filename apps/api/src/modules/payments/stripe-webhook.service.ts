import type { StripeWebhookResponse } from '@uplift/core/schemas/payment';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/client.ts';
import type { Queue } from '../../queue/queue.ts';
import { IDEMPOTENCY_METADATA_KEY } from './stripe-provider.ts';
import { findWebhookEvent, markWebhookEventProcessed, recordWebhookEvent, selectUnprocessedWebhookEvents } from './stripe-webhook.repository.ts';

// The job a payment event becomes: its name and payload. Payments receives and de-duplicates the
// event and dispatches it to the handler registered for what it concerns (docs/decisions/150): a
// pledge payment's to billing's (it settles the payment through the ledger and mails the donor), a
// friend's gift's to the gifts module's. Billing and gifts register them at start-up.
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

/** Settles one payment event (a registered handler; run by the job, or at once when there is no queue). */
export type StripePaymentEventHandler = (job: StripeWebhookJob) => Promise<void>;

/** What a payment event is about: a pledge's weekly payment, or a friend's gift (metadata.gift_id). */
export type StripeEventConcern = 'pledge-payment' | 'gift';

export const stripeEventConcern = (job: StripeWebhookJob): StripeEventConcern => (job.giftId != null ? 'gift' : 'pledge-payment');

/**
 * The Stripe event dispatcher (docs/decisions/150): each module that owns what an event can be
 * about registers its handler once at start-up; `dispatch` skips an event already processed (a
 * redelivered or retried one) and calls the one handler registered for its concern, so no event
 * travels up to billing and back down to gifts. A concern with no handler is an error (the job's
 * retry runs it again once the app is whole), never silently dropped.
 */
export type StripeEventDispatcher = {
  register(concern: StripeEventConcern, handler: StripePaymentEventHandler): void;
  dispatch: StripePaymentEventHandler;
};

export function createStripeEventDispatcher(deps: { db: Executor }): StripeEventDispatcher {
  const handlers = new Map<StripeEventConcern, StripePaymentEventHandler>();
  return {
    register(concern, handler) {
      if (handlers.has(concern)) throw new Error(`a handler of Stripe's ${concern} events is registered already`);
      handlers.set(concern, handler);
    },
    async dispatch(job) {
      const concern = stripeEventConcern(job);
      const handler = handlers.get(concern);
      if (!handler) throw new Error(`no handler of Stripe's ${concern} events is registered`);
      if (await stripeEventProcessed(deps.db, job.eventId)) return;
      await handler(job);
    },
  };
}

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

/** The queue's worker for Stripe's payment events: each job goes through the dispatcher. */
export async function registerStripeEventWorker(queue: Queue | undefined, dispatcher: StripeEventDispatcher): Promise<void> {
  if (!queue) return;
  await queue.createQueue(STRIPE_WEBHOOK_JOB);
  await queue.work<StripeWebhookJob>(STRIPE_WEBHOOK_JOB, async (jobs) => {
    for (const job of jobs) await dispatcher.dispatch(stripeWebhookJobSchema.parse(job.data));
  });
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
