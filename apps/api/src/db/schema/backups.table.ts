import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per backup the app or `npm run backup` took (docs/decisions/127-backups.md): when, which
 * file, its size, and whether it worked. The admin system page reads it; the files themselves live
 * in BACKUP_DIR.
 */
export const backups = pgTable(
  'backups',
  {
    id: serial().primaryKey(),
    started_at: timestamp({ withTimezone: true }).notNull(),
    finished_at: timestamp({ withTimezone: true }).notNull(),
    /** 'ok' or 'failed'. */
    outcome: text({ enum: ['ok', 'failed'] }).notNull(),
    /** The file's name in BACKUP_DIR (null when the backup failed before one was written). */
    file: text(),
    size_bytes: bigint({ mode: 'number' }),
    /** 'physical' (the embedded server's data folder) or 'pg_dump' (an external server). */
    kind: text({ enum: ['physical', 'pg_dump'] }).notNull(),
    /** Who took it: the daily job or the command line. */
    source: text({ enum: ['job', 'cli'] }).notNull(),
    error: text(),
  },
  (t) => [
    index('backups_started_idx').on(t.started_at),
    check('backups_outcome_check', sql`${t.outcome} in ('ok', 'failed')`),
    check('backups_kind_check', sql`${t.kind} in ('physical', 'pg_dump')`),
    check('backups_source_check', sql`${t.source} in ('job', 'cli')`),
  ],
);
