import { COUNTRY_CODES } from '@uplift/core/countries';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

// The donor's own account area (docs/decisions/080–083).

/**
 * The last receipt number issued per country and calendar year. A trigger on payments takes the
 * next one under this row's lock when a payment becomes Success (drizzle/0006_account.sql, decision 080):
 * numbers are sequential, never reused, and a rolled-back payment gives its number back.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    country: text({ enum: COUNTRY_CODES }).notNull(),
    year: integer().notNull(),
    last_number: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.year] })],
);

/** The terms and every mail preference (core mail-kinds.ts; docs/decisions/136). */
export const CONSENTS = ['terms', 'uplift_news', 'charity_news', 'progress', 'milestones', 'friends_gifts'] as const;

/** Every consent given or withdrawn: who, which, the wording's version, when and where. */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consent: text({ enum: CONSENTS }).notNull(),
    given: text({ enum: ['given', 'withdrawn'] }).notNull(),
    wording_version: text().notNull(),
    /** Where it happened: 'registration', 'account', 'erasure' or 'unsubscribe-link'. */
    source: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('consent_events_user_idx').on(t.user_id, t.created_at),
    check('consent_events_consent_check', sql`${t.consent} in ('terms', 'uplift_news', 'charity_news', 'progress', 'milestones', 'friends_gifts')`),
    check('consent_events_given_check', sql`${t.given} in ('given', 'withdrawn')`),
  ],
);

/** A requested email change: nothing changes until the link mailed to the new address is used. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    new_email: text().notNull(),
    token_hash: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('email_changes_hash_key').on(t.token_hash), index('email_changes_user_idx').on(t.user_id)],
);
