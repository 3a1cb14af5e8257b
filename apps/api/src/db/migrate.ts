import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../drizzle');

/** Applies the committed SQL migrations; safe to run on every start. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
