import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/client.ts';
import { payments } from '../db/schema.ts';
import { createCampaign, createManyDuePayments, fakeProvider, succeed } from '../modules/billing/billing.test-support.ts';
import { runBilling } from '../modules/billing/billing.service.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { BILLING_JOB, registerBillingJob } from './billing.job.ts';
import { startQueue, type Queue } from '../queue/queue.ts';

// Several app instances behind a load balancer share one database: each registers the billing
// worker on the shared pg-boss queue, and an operator may run `npm run billing` on one of them
// at the same time. Every payment is still charged once (docs/decisions/040, docs/deploy.md).

const silent = pino({ level: 'silent' });
let ctx: TestContext;
let instances: { db: Db; queue: Queue }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  instances = [];
  for (let i = 0; i < 2; i += 1) {
    instances.push({ db: createDb(ctx.databaseUrl, { max: 4 }), queue: await startQueue(ctx.databaseUrl, silent, { schedule: false }) });
  }
});
afterAll(async () => {
  for (const instance of instances) {
    await instance.queue.stop({ graceful: false, timeout: 1000 });
    await instance.db.$client.end();
  }
  await ctx?.close();
});

describe('billing on two instances', () => {
  it('two instances running the billing job at once charge every payment once', async () => {
    const campaign = await createCampaign(ctx.db);
    await createManyDuePayments(ctx.db, { campaignId: campaign.id, count: 300, date: '2026-11-23' });
    // One provider account behind both instances; it takes a moment, so the runs overlap.
    const provider = fakeProvider({ answer: async (r) => (await new Promise((res) => setTimeout(res, 1)), succeed(r)) });
    const deps = (db: Db) => ({ db, payments: provider, mailer: ctx.app.mailer, clock: ctx.clock, log: silent });

    for (const { db, queue } of instances) await registerBillingJob({ ...deps(db), queue, config: ctx.config });
    // Both instances' schedulers fire, and an operator runs the CLI on the second one meanwhile.
    await Promise.all([
      instances[0]!.queue.send(BILLING_JOB, {}),
      instances[1]!.queue.send(BILLING_JOB, {}),
      runBilling({ ...deps(instances[1]!.db), appUrl: ctx.config.appUrl, receipt: ctx.config.receipt, mailLinks: ctx.config.mailLinks }, { batchSize: 25 }),
    ]);

    const settled = async () =>
      (await ctx.db.select({ n: sql<number>`count(*) filter (where payment_status = 'Success')::int` }).from(payments))[0]!.n;
    await expect.poll(settled, { timeout: 30_000 }).toBe(300);
    expect(provider.calls).toHaveLength(300);
    expect(new Set(provider.calls.map((c) => c.idempotencyKey)).size).toBe(300);
    expect(provider.ledger.size).toBe(300);
    const [counts] = await ctx.db.select({ attempts: sql<number>`max(attempts)::int` }).from(payments);
    expect(counts!.attempts).toBe(1);
  });
});
