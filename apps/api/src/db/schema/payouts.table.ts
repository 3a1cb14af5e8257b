import type { Minor } from '@uplift/core/money';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.table.ts';
import { recipients } from './recipients.table.ts';
import { users } from './users.table.ts';

/**
 * Money passed on to a charity for a campaign. Append-only: a correction is a new (negative)
 * entry. The migration adds a trigger that refuses UPDATE and DELETE (decision 055).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial().primaryKey(),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    recipient_id: integer()
      .notNull()
      .references(() => recipients.id, { onDelete: 'restrict' }),
    /** Minor units of the campaign country's currency; negative for a correction, never 0. */
    amount: integer().$type<Minor>().notNull(),
    paid_on: date({ mode: 'string' }).notNull(),
    reference: text().notNull(),
    admin_user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_campaign_idx').on(t.campaign_id, t.recipient_id),
    check('payouts_amount_check', sql`${t.amount} <> 0`),
  ],
);
