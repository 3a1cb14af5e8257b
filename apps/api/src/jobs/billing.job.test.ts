import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createConfirmedPledge, fakeProvider, paymentRows } from '../modules/billing/billing.test-support.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { BILLING_JOB, registerBillingJob } from './billing.job.ts';
import { startQueue, type Queue } from '../queue/queue.ts';

// The billing job on a real pg-boss queue in the test database: registered, scheduled from
// config, and charging when it runs.

let ctx: TestContext;
let queue: Queue;
const provider = fakeProvider();

beforeAll(async () => {
  ctx = await createTestContext({ env: { BILLING_SCHEDULE: '15 */2 * * *' } });
  queue = await startQueue(ctx.databaseUrl, pino({ level: 'silent' }), { schedule: false });
});
afterAll(async () => {
  await queue?.stop({ graceful: false, timeout: 1000 });
  await ctx?.close();
});

describe('billing job', () => {
  it('is scheduled from config and charges what is due when it runs', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-23' });
    const { pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    // The job takes its dependencies, not the app.
    await registerBillingJob({
      queue,
      db: ctx.db,
      payments: provider,
      mailer: ctx.app.mailer,
      clock: ctx.clock,
      config: ctx.config,
      log: pino({ level: 'silent' }),
    });

    const schedules = await queue.getSchedules(BILLING_JOB);
    expect(schedules.map((s) => s.cron)).toEqual(['15 */2 * * *']);

    await queue.send(BILLING_JOB, {});
    await expect.poll(async () => (await paymentRows(ctx.db, pledge.id))[0]!.payment_status, { timeout: 20_000 }).toBe('Success');
    expect(provider.calls).toHaveLength(1);
  });
});
