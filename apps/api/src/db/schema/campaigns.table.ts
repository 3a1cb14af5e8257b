import { COUNTRY_CODES } from '@uplift/core/countries';
import type { Minor } from '@uplift/core/money';
import { BILLING_CYCLES, sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { challenges } from './challenges.table.ts';
import { recipients } from './recipients.table.ts';

/** Campaign dates are calendar dates in the campaign country's time zone, not instants. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial().primaryKey(),
    campaign_name: text().notNull(),
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }).notNull(),
    billing_start_date: date({ mode: 'string' }).notNull(),
    billing_cycle: text({ enum: BILLING_CYCLES }).notNull().default('Weekly'),
    is_active: boolean().notNull().default(true),
    country: text({ enum: COUNTRY_CODES }).notNull(),
    /** What the campaign hopes to raise, minor units; null: no goal is shown. */
    goal_amount: integer().$type<Minor>(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_country_active_end_idx').on(t.country, t.is_active, t.end_date),
    // The lists come from core, so the database refuses exactly what the API and the web do.
    check('campaigns_country_check', sql`${t.country} in ${sql.raw(sqlList(COUNTRY_CODES))}`),
    check('campaigns_billing_cycle_check', sql`${t.billing_cycle} in ${sql.raw(sqlList(BILLING_CYCLES))}`),
    check('campaigns_dates_check', sql`${t.start_date} <= ${t.end_date}`),
    check('campaigns_goal_check', sql`${t.goal_amount} is null or ${t.goal_amount} > 0`),
  ],
);

/** Optional narrowing: a campaign with no rows here offers every enabled challenge. */
export const campaignChallenges = pgTable(
  'campaign_challenges',
  {
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    challenge_id: integer()
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaign_id, t.challenge_id] })],
);

/** Optional narrowing: a campaign with no rows here offers every charity of its country. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    recipient_id: integer()
      .notNull()
      .references(() => recipients.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaign_id, t.recipient_id] })],
);
