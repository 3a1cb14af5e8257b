import { and, eq, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { payments, webhookEvents } from '../../db/schema.ts';
import type { Queue } from '../../jobs/queue.ts';

// Settles payments from Stripe's payment_intent.succeeded / payment_intent.payment_failed
// events. The billing job records each charge's outcome itself; this is the provider's word
// on it (and the only word for a charge that was still processing), so it must agree with it
// and be safe to run any number of times.

export const STRIPE_WEBHOOK_JOB = 'payments.stripe-webhook';

export const stripeWebhookJobSchema = z.object({
  eventId: z.string(),
  type: z.enum(['payment_intent.succeeded', 'payment_intent.payment_failed']),
  paymentIntentId: z.string(),
  idempotencyKey: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type StripeWebhookJob = z.infer<typeof stripeWebhookJobSchema>;

export type StripeWebhookDeps = { db: Db; clock: Clock };

/** Applies one event once: the event row is locked and marked processed in the same transaction. */
export async function handleStripePaymentEvent({ db, clock }: StripeWebhookDeps, job: StripeWebhookJob): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(webhookEvents).where(eq(webhookEvents.id, job.eventId)).for('update');
    if (!event || event.processed_at) return;

    const matches = or(
      eq(payments.provider_reference, job.paymentIntentId),
      job.idempotencyKey ? eq(payments.idempotency_key, job.idempotencyKey) : undefined,
    );
    if (job.type === 'payment_intent.succeeded') {
      // The money has moved: that is the truth, whatever the row said before.
      await tx
        .update(payments)
        .set({ payment_status: 'Success', provider_reference: job.paymentIntentId, failure_reason: null, settled_at: now })
        .where(and(matches, ne(payments.payment_status, 'Success')));
    } else {
      // A failure never overturns a success, and only a payment still waiting can fail.
      await tx
        .update(payments)
        .set({
          payment_status: 'Failed',
          provider_reference: sql`coalesce(${payments.provider_reference}, ${job.paymentIntentId})`,
          failure_reason: job.failureReason ?? 'The payment failed.',
          settled_at: now,
        })
        .where(and(matches, eq(payments.payment_status, 'Pending')));
    }
    await tx.update(webhookEvents).set({ processed_at: now }).where(eq(webhookEvents.id, job.eventId));
  });
}

export async function registerStripeWebhookWorker(deps: StripeWebhookDeps & { queue: Queue | undefined }): Promise<void> {
  const { queue } = deps;
  if (!queue) return;
  await queue.createQueue(STRIPE_WEBHOOK_JOB);
  await queue.work<StripeWebhookJob>(STRIPE_WEBHOOK_JOB, async (jobs) => {
    for (const job of jobs) await handleStripePaymentEvent(deps, stripeWebhookJobSchema.parse(job.data));
  });
}
