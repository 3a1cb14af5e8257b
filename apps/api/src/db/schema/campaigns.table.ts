import { COUNTRY_CODES } from '@uplift/core/countries';
import type { Minor } from '@uplift/core/money';
import { BILLING_CYCLES, sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { challenges } from './challenges.table.ts';
import { recipients } from './recipients.table.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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
    /**
     * The hero photo (docs/decisions/170): what it shows, its largest rendition's pixels and the
     * hash of its renditions (part of their URLs); all null while it has none. The renditions'
     * bytes are in campaign_photos, so reading a campaign never reads them.
     */
    photo_alt: text(),
    photo_width: integer(),
    photo_height: integer(),
    photo_sha256: text(),
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
    check(
      'campaigns_photo_check',
      sql`(${t.photo_sha256} is null and ${t.photo_alt} is null and ${t.photo_width} is null and ${t.photo_height} is null)
        or (${t.photo_sha256} is not null and char_length(${t.photo_alt}) between 1 and 200 and ${t.photo_width} > 0 and ${t.photo_height} > 0)`,
    ),
  ],
);

/** A campaign's hero photo renditions (docs/decisions/170): AVIF and WebP at each stored width. */
export const campaignPhotos = pgTable(
  'campaign_photos',
  {
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    format: text({ enum: ['avif', 'webp'] }).notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaign_id, t.format, t.width] }),
    check('campaign_photos_format_check', sql`${t.format} in ('avif', 'webp')`),
    check('campaign_photos_size_check', sql`${t.width} between 1 and 1920 and ${t.height} > 0`),
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
