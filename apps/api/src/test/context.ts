import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDb } from '../db/client.ts';
import type { Queue } from '../queue/queue.ts';
import type { PaymentProvider } from '../modules/payments/index.ts';

const TEMPLATE_DB = 'uplift_test_template';

/** Today's date in tests, unless a test sets another. A Monday in November 2026. */
export const TEST_NOW = '2026-11-23T09:00:00.000Z';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * A real app on its own fresh database (cloned from the migrated template), with a fixed clock.
 * Call `close()` in afterAll.
 */
export async function createTestContext(
  opts: {
    now?: string;
    env?: Record<string, string>;
    payments?: PaymentProvider;
    queue?: Queue;
    /** A logger to capture the app's log lines (default: silent). */
    logger?: pino.Logger;
  } = {},
) {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();

  const url = adminUrl.replace(/\/[^/]+$/, `/${name}`);
  const db = createDb(url, { max: 5 });
  const clock = fixedClock(opts.now ?? TEST_NOW);
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...opts.env,
  });
  const app = await buildApp({ config, db, clock, logger: opts.logger ?? pino({ level: 'silent' }), payments: opts.payments, queue: opts.queue });
  await app.ready();

  return {
    app,
    db,
    clock,
    config,
    databaseUrl: url,
    async close() {
      await app.close();
      await db.$client.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
