import type { Minor } from '@uplift/core/money';
import { PERIODS } from '@uplift/core/calculator';
import { PLEDGE_STATUSES, sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.table.ts';
import { challenges } from './challenges.table.ts';
import { paymentMethods } from './payment-methods.table.ts';
import { recipients } from './recipients.table.ts';
import { users } from './users.table.ts';

export const pledges = pgTable(
  'pledges',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    challenge_id: integer()
      .notNull()
      .references(() => challenges.id, { onDelete: 'restrict' }),
    recipient_id: integer()
      .notNull()
      .references(() => recipients.id, { onDelete: 'restrict' }),
    number_of_units: integer().notNull(),
    /** Minor units. For commutes: the cost of one trip. */
    cost_per_unit: integer().$type<Minor>().notNull(),
    period: text({ enum: PERIODS }).notNull().default('weekly'),
    /** Minor units: the whole pledge, computed from the figures above. */
    confirmed_amount: integer().$type<Minor>().notNull(),
    pledge_status: text({ enum: PLEDGE_STATUSES }).notNull().default('Pending'),
    payment_method_id: integer().references(() => paymentMethods.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmed_at: timestamp({ withTimezone: true }),
    cancelled_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One live (pending or confirmed) pledge per donor and campaign.
    uniqueIndex('pledges_one_live_per_campaign')
      .on(t.user_id, t.campaign_id)
      .where(sql`${t.pledge_status} <> 'Cancelled'`),
    index('pledges_user_idx').on(t.user_id, t.created_at),
    index('pledges_campaign_status_idx').on(t.campaign_id, t.pledge_status, t.challenge_id, t.recipient_id),
    // Covers the public totals' Confirmed branch (modules/totals): an index-only scan, no heap reads.
    index('pledges_confirmed_totals_idx')
      .on(t.campaign_id, t.challenge_id, t.recipient_id, t.confirmed_amount)
      .where(sql`${t.pledge_status} = 'Confirmed'`),
    // The lists live in core: a new status or period is one edit there (and a generated migration).
    check('pledges_status_check', sql`${t.pledge_status} in ${sql.raw(sqlList(PLEDGE_STATUSES))}`),
    check('pledges_period_check', sql`${t.period} in ${sql.raw(sqlList(PERIODS))}`),
    check('pledges_amounts_check', sql`${t.number_of_units} >= 0 and ${t.cost_per_unit} >= 0 and ${t.confirmed_amount} >= 0`),
  ],
);
