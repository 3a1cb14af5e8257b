import { COUNTRY_CODES } from '@uplift/core/countries';
import { sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

/**
 * What a person who took part said, for the landing of their country (docs/decisions/167): entered
 * by an admin only once the person agreed to be quoted, on `consented_on`. Owned by campaigns.
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: serial().primaryKey(),
    country: text({ enum: COUNTRY_CODES }).notNull(),
    name: text().notNull(),
    quote: text().notNull(),
    /** The day the person agreed to be quoted (no row exists without it). */
    consented_on: date({ mode: 'string' }).notNull(),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('testimonials_country_idx').on(t.country, t.id),
    check('testimonials_country_check', sql`${t.country} in ${sql.raw(sqlList(COUNTRY_CODES))}`),
  ],
);
