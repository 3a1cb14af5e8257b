import { CHALLENGE_KINDS } from '@uplift/core/schemas/challenge';
import { sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** The spending areas a donor can give up; shared by both countries. */
export const challenges = pgTable(
  'challenges',
  {
    id: serial().primaryKey(),
    slug: text().notNull(),
    name: text().notNull(),
    // Icons are names of SVG icons shipped with the web app (e.g. 'coffee').
    landing_page_icon: text().notNull(),
    icon: text().notNull(),
    unit: text().notNull(),
    description: text().notNull(),
    hashtag: text().notNull(),
    hashtag_link: text().notNull(),
    // 'commute' challenges are priced by distance and parking, the rest by units.
    kind: text({ enum: CHALLENGE_KINDS }).notNull().default('units'),
    is_enabled: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('challenges_slug_key').on(t.slug),
    uniqueIndex('challenges_name_key').on(sql`lower(${t.name})`),
    check('challenges_kind_check', sql`${t.kind} in ${sql.raw(sqlList(CHALLENGE_KINDS))}`),
  ],
);
