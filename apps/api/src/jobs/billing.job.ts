import { isoDateSchema } from '@uplift/core/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { runBilling, type BillingReport } from '../modules/billing/billing.service.ts';

// The weekly billing run on the queue (pg-boss), scheduled several times a day by
// BILLING_SCHEDULE (cron, UTC; default every 3 hours) so a payment due today in NZ or the UK is
// taken today. The handler is idempotent: a retry of an expired run, or two runs at once, can
// never charge a payment twice (docs/decisions/040-billing-exactly-once.md).

export const BILLING_JOB = 'billing.run';

export const billingJobSchema = z.object({ asOf: isoDateSchema.optional() });
export type BillingJob = z.infer<typeof billingJobSchema>;

export async function registerBillingJob(app: FastifyInstance): Promise<void> {
  const queue = app.queue;
  if (!queue) return;
  await queue.createQueue(BILLING_JOB, {
    // At most one run waiting and one running: ticks that come while a run is busy add nothing.
    policy: 'stately',
    expireInSeconds: 60 * 60,
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
  });
  const log = (app.log as unknown as Logger).child({ job: BILLING_JOB });
  await queue.work<BillingJob>(BILLING_JOB, async (jobs) => {
    for (const job of jobs) {
      const { asOf } = billingJobSchema.parse(job.data ?? {});
      const report = await runBilling(
        { db: app.db, payments: app.payments, mailer: app.mailer, clock: app.clock, log, appUrl: app.config.appUrl },
        { asOf },
      );
      // Payments left in doubt are looked up by their key on the retry; failing the job says so.
      if (report.errors > 0) throw new Error(billingErrorMessage(report));
    }
  });
  await queue.schedule(BILLING_JOB, app.config.billingSchedule, {}, { tz: 'UTC' });
}

function billingErrorMessage(report: BillingReport): string {
  return `billing run left ${report.errors} payment(s) in doubt; they are looked up by their idempotency key on the next run`;
}
