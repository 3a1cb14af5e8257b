import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { applyPaymentEvent, serialSession, type StripeEventDispatcher, type StripeWebhookJob } from '../payments/index.ts';
import { mailOutcomeById } from './payment-outcome.ts';
import type { Mailer } from '../mail/index.ts';

// Settles payments from Stripe's payment_intent.succeeded / payment_intent.payment_failed
// events. Billing and pay-now record each charge's outcome themselves; this is the provider's
// word on it (and the only word for a charge that was still processing), so it must agree with
// them and be safe to run any number of times. It goes through the same outcome function; it
// mails only for a payment that was processing (nobody else will).

export type StripeWebhookDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Pick<BaseLogger, 'error' | 'warn' | 'info'>;
  appUrl: string;
  /** A final payment settled by the webhook gets its PDF receipt too. */
  receipt: Config['receipt'];
  mailLinks: Config['mailLinks'];
};

/** Applies one event once: the event row is locked and marked processed in the same transaction. */
export async function handleStripePaymentEvent(deps: StripeWebhookDeps, job: StripeWebhookJob): Promise<void> {
  const now = deps.clock.now();
  const client = await deps.db.$client.connect();
  const session = serialSession(client);
  let settled: Awaited<ReturnType<typeof applyPaymentEvent>> = null;
  try {
    settled = await applyPaymentEvent(session, job, now);
    if (settled === 'seen') return;
    if (settled?.mail) {
      const outcome =
        job.type === 'payment_intent.succeeded'
          ? ({ status: 'Success', reference: job.paymentIntentId } as const)
          : ({ status: 'Failed', reference: job.paymentIntentId, code: job.failureCode ?? 'card_declined' } as const);
      await mailOutcomeById(deps, session, settled.paymentId, outcome, settled);
    }
  } finally {
    client.release();
  }
}

/**
 * Billing's part of Stripe's payment events (docs/decisions/150): registers, on the payments
 * module's dispatcher, the handler of events about a pledge's payment. Called once at start-up.
 */
export function registerBillingStripeEvents(dispatcher: StripeEventDispatcher, deps: StripeWebhookDeps): void {
  dispatcher.register('pledge-payment', (job) => handleStripePaymentEvent(deps, job));
}
