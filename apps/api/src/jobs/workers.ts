import type { Config } from '../config.ts';
import { SEND_MAIL_JOB } from '../modules/mail/index.ts';
import { registerNewsJob } from '../modules/admin/index.ts';
import { registerBillingStripeEvents } from '../modules/billing/index.ts';
import { registerAlertsJob } from './alerts.job.ts';
import { registerBackupJob } from './backup.job.ts';
import { registerBillingJob, type BillingJobDeps } from './billing.job.ts';
import { giftAttemptKey, registerGiftStripeEvents } from '../modules/gifts/index.ts';
import { createStripeEventDispatcher, registerStripeEventWorker } from '../modules/payments/index.ts';
import { registerGiftsJob } from './gifts.job.ts';
import { registerRetentionJob } from './retention.job.ts';

/** What the workers need; the server passes its own, a tool or test could pass others. */
export type WorkerDeps = BillingJobDeps & {
  /** The database's connection string and the backup settings, for the daily backup of the embedded database. */
  databaseUrl: string;
  config: BillingJobDeps['config'] & Pick<Config, 'databaseUrl' | 'dataDir' | 'backup' | 'app' | 'secrets'>;
};

/** Starts the queue's workers and schedules. Each job's handler is idempotent. */
export async function registerWorkers(deps: WorkerDeps): Promise<void> {
  const { queue, mailer } = deps;
  if (!queue) return;
  await queue.createQueue(SEND_MAIL_JOB);
  await queue.work<{ mailId: number }>(SEND_MAIL_JOB, async (jobs) => {
    for (const job of jobs) await mailer.deliver(job.data.mailId);
  });
  const giftDeps = { db: deps.db, clock: deps.clock, payments: deps.payments, mailer, log: deps.log, appUrl: deps.config.appUrl, receipt: deps.config.receipt, attemptKey: giftAttemptKey(deps.config.secrets.key), mailLinks: deps.config.mailLinks };
  // Stripe's payment events: payments' worker dispatches each to the handler billing or gifts
  // registered for what it is about (docs/decisions/150).
  const stripeEvents = createStripeEventDispatcher({ db: deps.db });
  registerBillingStripeEvents(stripeEvents, { ...deps, appUrl: deps.config.appUrl, receipt: deps.config.receipt, mailLinks: deps.config.mailLinks });
  registerGiftStripeEvents(stripeEvents, giftDeps);
  await registerStripeEventWorker(queue, stripeEvents);
  // Every 5 minutes: gifts left open are asked about and settled (docs/decisions/138).
  await registerGiftsJob(deps);
  // Weekly billing, on config.billingSchedule (several times a day).
  await registerBillingJob(deps);
  // Daily, with the embedded database only (docs/decisions/127-backups.md).
  await registerBackupJob(deps);
  // News updates, a batch at a time through the outbox (docs/decisions/137).
  await registerNewsJob({ db: deps.db, clock: deps.clock, mailer, queue, log: deps.log, config: deps.config });
  // Daily: what has outlived its retention period is deleted or anonymised (docs/decisions/128).
  await registerRetentionJob(deps);
  // Every 5 minutes: alert mails to the admins (docs/decisions/133).
  await registerAlertsJob(deps);
}
