import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client.ts';
import { ensureDatabase, startEmbeddedDatabase } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedReferenceData } from '../db/seed.ts';
import { freePort } from './free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the server's maintenance database, used to create per-file databases. */
    pgAdminUrl: string;
  }
}

export const TEMPLATE_DB = 'uplift_test_template';


/**
 * Starts one real PostgreSQL for the whole API test run (or uses TEST_DATABASE_URL), and
 * builds a migrated, seeded template database that every test file clones in milliseconds.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'warn' });
  let adminUrl: string;
  let stop = async () => {};
  let dataDir: string | undefined;
  let pgDataDir: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-test-pg-'));
    const embedded = await startEmbeddedDatabase({ dataDir, port: await freePort(), database: 'postgres', log });
    adminUrl = embedded.url;
    stop = embedded.stop;
    // As root, a 0700 temp folder is closed to the postgres user: the data then lives elsewhere.
    pgDataDir = embedded.pgDataDir;
  }

  const admin = createDb(adminUrl, { max: 1 });
  await admin.$client.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.$client.end();
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const template = createDb(adminUrl.replace(/\/[^/]+$/, `/${TEMPLATE_DB}`), { max: 1 });
  await runMigrations(template);
  await seedReferenceData(template);
  await template.$client.end();

  project.provide('pgAdminUrl', adminUrl);

  return async () => {
    await stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (pgDataDir) await rm(pgDataDir, { recursive: true, force: true });
  };
}
