import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProviderCharges } from '../db/schema.ts';
import { createCampaign, createManyDuePayments, SLOW_ON_A_BUSY_MACHINE } from '../modules/billing/billing.test-support.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { freePort } from '../test/free-port.ts';

// `npm run billing` when PostgreSQL cannot be reached, or goes away during the run: exit 1 with one
// line that says what happened and what to do, never a stack trace (docs/decisions/153).

const ROOT = path.resolve(import.meta.dirname, '../../../..');

function runBilling(databaseUrl: string) {
  const child = spawn(process.execPath, ['apps/api/src/cli/billing.ts', '--as-of', '2026-11-23'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SMTP_URL: '', STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const AWAY = /^billing failed: the database cannot be reached or went away \(.+\)\. Check that PostgreSQL is running and that DATABASE_URL \(or DATA_DIR\) points to it, then run billing again\. Payments it was charging keep their idempotency key and are looked up on the next run\.$/;

/** The run's stderr is that one line: no stack, no object dump. */
function expectOneClearLine(stderr: string) {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(AWAY);
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe('npm run billing without its database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('says so in one line and exits 1 when PostgreSQL cannot be reached', async () => {
    const result = await runBilling(`postgres://uplift:uplift@127.0.0.1:${await freePort()}/uplift`);
    expect(result.code).toBe(1);
    expectOneClearLine(result.stderr);
    expect(result.stderr).toContain('ECONNREFUSED');
  });

  it(
    'says so in one line and exits 1 when PostgreSQL goes away during the run',
    async () => {
      const campaign = await createCampaign(ctx.db);
      await createManyDuePayments(ctx.db, { campaignId: campaign.id, count: 1000, date: '2026-11-23' });
      await ctx.db.execute(sql`
        insert into test_provider_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behaviour)
        select stripe_payment_method_id, substr(stripe_payment_method_id, 9), 'visa', '4242', 12, 2030, 'succeeds' from payments`);

      // The run reaches PostgreSQL through this relay; cutting it is PostgreSQL going away.
      const target = new URL(ctx.databaseUrl);
      const sockets = new Set<net.Socket>();
      const relay = net.createServer((client) => {
        const server = net.connect(Number(target.port), target.hostname);
        for (const s of [client, server]) {
          sockets.add(s);
          s.on('error', () => undefined);
        }
        client.pipe(server).pipe(client);
      });
      const port = await freePort();
      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      const via = new URL(ctx.databaseUrl);
      via.port = String(port);
      const run = runBilling(via.toString());

      // Once it is well under way: the relay stops answering and every connection is cut.
      await expect.poll(async () => (await ctx.db.select().from(testProviderCharges)).length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(50);
      relay.close();
      for (const s of sockets) s.destroy();

      const result = await run;
      expect(result.code).toBe(1);
      expectOneClearLine(result.stderr);
      expect(result.stdout).not.toContain('succeeded');
    },
    SLOW_ON_A_BUSY_MACHINE,
  );
});
