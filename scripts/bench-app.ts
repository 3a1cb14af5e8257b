// The real app on a throwaway embedded PostgreSQL (migrated, reference data seeded), in this
// process, for the benchmarks that time one request at a time (bench:totals, bench:login, bench:report, bench:users, bench:system).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { fixedClock } from '../apps/api/src/clock.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDb } from '../apps/api/src/db/client.ts';
import { startEmbeddedDatabase } from '../apps/api/src/db/embedded.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedReferenceData } from '../apps/api/src/db/seed.ts';
import { freePort } from '../apps/api/src/test/free-port.ts';

/** `env`: more settings for the app (e.g. METRICS_TOKEN for bench:system). */
export async function startBenchApp(now: string, env: Record<string, string> = {}) {
  const log = pino({ level: 'warn' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-bench-'));
  const embedded = await startEmbeddedDatabase({ dataDir, port: await freePort(), database: 'bench', log });
  const db = createDb(embedded.url, { max: 5 });
  await runMigrations(db);
  await seedReferenceData(db);
  const clock = fixedClock(now);
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
    DATABASE_URL: embedded.url,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, db, clock, logger: pino({ level: 'silent' }) });
  await app.ready();
  return {
    app,
    db,
    clock,
    async stop() {
      await app.close();
      await db.$client.end();
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (embedded.pgDataDir) await rm(embedded.pgDataDir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds each call of `action` takes, one after another. */
export async function timeEach(times: number, action: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await action();
    ms.push(performance.now() - started);
  }
  return ms;
}

export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
