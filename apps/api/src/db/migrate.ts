import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from './client.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../drizzle');

/** Any fixed number: the advisory lock that lets one starting instance migrate while the others wait. */
const MIGRATION_LOCK = 4_711_2026;

/**
 * Applies the committed SQL migrations; safe to run on every start, also by several instances
 * starting at once (docs/deploy.md): they take turns under a PostgreSQL advisory lock, and the
 * later ones find nothing left to do.
 */
export async function runMigrations(db: Db): Promise<void> {
  const lock = new pg.Client(db.$client.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.end(); // ending the session releases the lock
  }
}
