import { isoDateSchema } from '@uplift/core/schemas/common';
import type { Config } from '../config.ts';
import { z } from 'zod';
import { runBilling, type BillingDeps, type BillingReport } from '../modules/billing/index.ts';
import type { Queue } from '../queue/queue.ts';

// The weekly billing run on the queue (pg-boss), scheduled several times a day by
// BILLING_SCHEDULE (cron, UTC; default every 3 hours) so a payment due today in NZ or the UK is
// taken today. The handler is idempotent: a retry of an expired run, or two runs at once, can
// never charge a payment twice (docs/decisions/040-billing-exactly-once.md).

export const BILLING_JOB = 'billing.run';

export const billingJobSchema = z.object({ asOf: isoDateSchema.optional() });
export type BillingJob = z.infer<typeof billingJobSchema>;

export type BillingJobDeps = Omit<BillingDeps, 'appUrl' | 'receipt' | 'mailLinks'> & {
  queue: Queue | undefined;
  config: Pick<Config, 'appUrl' | 'billingSchedule' | 'receipt' | 'mailLinks'>;
};

export async function registerBillingJob(deps: BillingJobDeps): Promise<void> {
  const { queue, config } = deps;
  if (!queue) return;
  await queue.createQueue(BILLING_JOB, {
    // At most one run waiting and one running: ticks that come while a run is busy add nothing.
    policy: 'stately',
    expireInSeconds: 60 * 60,
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
  });
  const billing: BillingDeps = {
    db: deps.db,
    payments: deps.payments,
    mailer: deps.mailer,
    clock: deps.clock,
    log: deps.log.child({ job: BILLING_JOB }),
    appUrl: config.appUrl,
    receipt: config.receipt,
    mailLinks: config.mailLinks,
  };
  await queue.work<BillingJob>(BILLING_JOB, async (jobs) => {
    for (const job of jobs) {
      const { asOf } = billingJobSchema.parse(job.data ?? {});
      const report = await runBilling(billing, { asOf });
      // Payments left in doubt are looked up by their key on the retry; failing the job says so.
      if (report.errors > 0) throw new Error(billingErrorMessage(report));
    }
  });
  await queue.schedule(BILLING_JOB, config.billingSchedule, {}, { tz: 'UTC' });
}

function billingErrorMessage(report: BillingReport): string {
  return `billing run left ${report.errors} payment(s) in doubt; they are looked up by their idempotency key on the next run`;
}
