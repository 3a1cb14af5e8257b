import { COUNTRY_CODES } from '@uplift/core/countries';
import { sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Partner charities; each belongs to one country. */
export const recipients = pgTable(
  'recipients',
  {
    id: serial().primaryKey(),
    slug: text().notNull(),
    recipient_name: text().notNull(),
    logo: text().notNull(),
    /** Cost of one unit of impact, in minor units of the country's currency. */
    impact_cost: integer().notNull(),
    impact_unit: text().notNull(),
    impact_description: text().notNull(),
    impact_multiplier: integer().notNull().default(1),
    description: text().notNull(),
    link: text().notNull(),
    country: text({ enum: COUNTRY_CODES }).notNull(),
  },
  (t) => [
    uniqueIndex('recipients_slug_key').on(t.slug),
    index('recipients_country_idx').on(t.country, t.id),
    check('recipients_country_check', sql`${t.country} in ${sql.raw(sqlList(COUNTRY_CODES))}`),
    check('recipients_impact_cost_check', sql`${t.impact_cost} > 0`),
    check('recipients_multiplier_check', sql`${t.impact_multiplier} > 0`),
  ],
);
