import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts counted against one account for its rate limits (failed logins, recovery mails,
 * registrations). Kept in PostgreSQL so every app instance sees the same counts. The account is
 * identified by a SHA-256 of its lower-cased email, so typed-in addresses of people who have no
 * account are not stored.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial().primaryKey(),
    action: text().notNull(),
    subject_hash: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('auth_attempts_subject_idx').on(t.action, t.subject_hash, t.created_at),
    index('auth_attempts_created_idx').on(t.created_at),
    check('auth_attempts_action_check', sql`${t.action} in ('login', 'register', 'forgot', 'two_factor')`),
  ],
);
