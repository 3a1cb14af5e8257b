import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRuns, mails } from '../db/schema.ts';
import { insertUser } from '../modules/admin/admin.test-support.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { ALERTS_JOB, ALERTS_SCHEDULE, registerAlertsJob } from './alerts.job.ts';
import { startQueue, type Queue } from '../queue/queue.ts';

// The alert check on a real pg-boss queue in the test database: scheduled every 5 minutes as a
// singleton, and mailing the admins when it runs; the system page then reads the queue too.

let ctx: TestContext;
let queue: Queue;

beforeAll(async () => {
  ctx = await createTestContext();
  queue = await startQueue(ctx.databaseUrl, pino({ level: 'silent' }), { schedule: false });
});
afterAll(async () => {
  await queue?.stop({ graceful: false, timeout: 1000 });
  await ctx?.close();
});

describe('alerts job', () => {
  it('is scheduled every 5 minutes, one at a time, and mails the admins about a failed billing run when it runs', async () => {
    const admin = await insertUser(ctx, { role: 'admin' });
    await ctx.db.insert(billingRuns).values({ started_at: ctx.clock.now(), finished_at: ctx.clock.now(), outcome: 'failed', errors: 3 });
    await registerAlertsJob({ queue, db: ctx.db, clock: ctx.clock, mailer: ctx.app.mailer, log: pino({ level: 'silent' }), config: ctx.config });

    expect((await queue.getSchedules(ALERTS_JOB)).map((s) => s.cron)).toEqual([ALERTS_SCHEDULE]);
    expect(ALERTS_SCHEDULE).toBe('*/5 * * * *');
    expect((await queue.getQueue(ALERTS_JOB))?.policy).toBe('singleton');

    await queue.send(ALERTS_JOB, {});
    await expect
      .poll(async () => (await ctx.db.select().from(mails).where(eq(mails.kind, 'system-alert'))).map((m) => [m.to_address, m.subject]), { timeout: 20_000 })
      .toEqual([[admin.email, 'Uplift alert: billing-failed']]);
  });
});
