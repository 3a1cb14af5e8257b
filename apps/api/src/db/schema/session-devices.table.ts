import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

/**
 * The device of each sign-in (refresh-token family), for the donor's list of signed-in devices
 * (docs/decisions/130): the browser's user agent (cut to 512 characters) and the country its IP
 * is in (two letters, from the CDN's header; never the IP itself), when it started and when it
 * last refreshed.
 */
export const sessionDevices = pgTable(
  'session_devices',
  {
    family_id: uuid().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_agent: text().notNull().default(''),
    country: text(),
    started_at: timestamp({ withTimezone: true }).notNull(),
    last_used_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('session_devices_user_idx').on(t.user_id)],
);
