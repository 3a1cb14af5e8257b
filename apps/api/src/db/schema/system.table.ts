import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per billing run (the billing module's): when it started and finished, how it ended, and
 * what it charged. The admin system page and the operators' alerts read it (docs/decisions/133).
 */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: serial().primaryKey(),
    started_at: timestamp({ withTimezone: true }).notNull(),
    finished_at: timestamp({ withTimezone: true }),
    /** 'running' until it ends; 'failed' when it threw or left payments in doubt. */
    outcome: text({ enum: ['running', 'ok', 'failed'] }).notNull().default('running'),
    /** Charges taken (Success, or accepted and still processing). */
    charged: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    /** Automatic retries of failed weeks tried in this run (whatever their outcome). */
    retried: integer().notNull().default(0),
    /** Payments left in doubt (looked up by their key on the next run). */
    errors: integer().notNull().default(0),
    error: text(),
  },
  (t) => [index('billing_runs_started_idx').on(t.started_at), check('billing_runs_outcome_check', sql`${t.outcome} in ('running', 'ok', 'failed')`)],
);

/**
 * Each alert mail sent to the admins (the system module's): at most one per cause an hour, whichever
 * instance notices; the insert is the guard (docs/decisions/133).
 */
export const alertsSent = pgTable(
  'alerts_sent',
  {
    id: serial().primaryKey(),
    cause: text().notNull(),
    sent_at: timestamp({ withTimezone: true }).notNull(),
    summary: text().notNull(),
  },
  (t) => [uniqueIndex('alerts_sent_cause_sent_key').on(t.cause, t.sent_at)],
);
