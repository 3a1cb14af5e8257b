import type { Minor } from '@uplift/core/money';
import { COUNTRY_CODES } from '@uplift/core/countries';
import { sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Partner charities; each belongs to one country. */
export const recipients = pgTable(
  'recipients',
  {
    id: serial().primaryKey(),
    slug: text().notNull(),
    recipient_name: text().notNull(),
    logo: text().notNull(),
    /** Cost of one unit of impact, in minor units of the country's currency. */
    impact_cost: integer().$type<Minor>().notNull(),
    impact_unit: text().notNull(),
    /** The unit for exactly one ('hour of helpline support'); impact_unit is the plural. */
    impact_unit_singular: text().notNull(),
    impact_description: text().notNull(),
    impact_multiplier: integer().notNull().default(1),
    description: text().notNull(),
    link: text().notNull(),
    country: text({ enum: COUNTRY_CODES }).notNull(),
    /** A disabled charity is offered nowhere new; its pledges, payments and reports stay. */
    is_enabled: boolean().notNull().default(true),
    /** Plain text an admin writes, at most 1,000 characters; '' for none (decision 129). */
    story: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('recipients_slug_key').on(t.slug),
    // Names are unique regardless of case, so a donor can never face two charities of the same name.
    uniqueIndex('recipients_name_key').on(sql`lower(${t.recipient_name})`),
    index('recipients_country_idx').on(t.country, t.id),
    check('recipients_country_check', sql`${t.country} in ${sql.raw(sqlList(COUNTRY_CODES))}`),
    check('recipients_impact_cost_check', sql`${t.impact_cost} > 0`),
    check('recipients_multiplier_check', sql`${t.impact_multiplier} > 0`),
    check('recipients_story_check', sql`char_length(${t.story}) <= 1000`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A logo uploaded by an admin (PNG, WebP or sanitised SVG, at most 200 KB), served with caching. */
export const recipientLogos = pgTable(
  'recipient_logos',
  {
    recipient_id: integer()
      .primaryKey()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    content_type: text().notNull(),
    data: bytea().notNull(),
    /** SHA-256 of the bytes (hex): part of the logo's URL, so a new logo is a new URL. */
    sha256: text().notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('recipient_logos_size_check', sql`octet_length(${t.data}) <= 204800`)],
);

/**
 * A charity's photo (decision 129): decoded and re-encoded on the server as WebP, upright, without
 * metadata, at most 1200 px wide (`data`) and 600 px wide for cards (`card_data`).
 */
export const recipientPhotos = pgTable(
  'recipient_photos',
  {
    recipient_id: integer()
      .primaryKey()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    data: bytea().notNull(),
    card_data: bytea().notNull(),
    /** SHA-256 of the full size's bytes (hex): part of the photo's URLs, so a new photo is a new URL. */
    sha256: text().notNull(),
    /** The full size's pixels. */
    width: integer().notNull(),
    height: integer().notNull(),
    /** What the photo shows, for screen readers. */
    alt: text().notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('recipient_photos_alt_check', sql`char_length(${t.alt}) between 1 and 200`),
    check('recipient_photos_size_check', sql`${t.width} between 1 and 1200 and ${t.height} > 0`),
  ],
);
