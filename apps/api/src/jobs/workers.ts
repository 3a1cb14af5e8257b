import type { FastifyInstance } from 'fastify';
import { SEND_MAIL_JOB } from '../modules/mail/mail.service.ts';
import { registerStripeWebhookWorker } from '../modules/payments/stripe-webhook.job.ts';
import { registerBillingJob } from './billing.job.ts';

/** Starts the queue's workers and schedules. Each job's handler is idempotent. */
export async function registerWorkers(app: FastifyInstance): Promise<void> {
  const queue = app.queue;
  if (!queue) return;
  await queue.createQueue(SEND_MAIL_JOB);
  await queue.work<{ mailId: number }>(SEND_MAIL_JOB, async (jobs) => {
    for (const job of jobs) await app.mailer.deliver(job.data.mailId);
  });
  await registerStripeWebhookWorker(app);
  // Weekly billing, on app.config.billingSchedule (several times a day).
  await registerBillingJob(app);
}
