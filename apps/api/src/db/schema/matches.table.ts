import { MATCH_APPLIES_TO, MATCH_STATUSES } from '@uplift/core/match';
import type { Minor } from '@uplift/core/money';
import { sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.table.ts';
import { challengePages, gifts, teams } from './fundraising.table.ts';
import { payments } from './payments.table.ts';
import { recipients } from './recipients.table.ts';

// Match funds (docs/product-rules.md §23, docs/decisions/160-match-funds.md): a sponsor adds ratio ×
// each matched gift or pledge payment of a campaign until its cap is used. Both tables are the
// payments ledger's (payments/match*.ts): the cap is checked and the entry written by one owner, in
// the receipt's transaction. Neither holds personal data.

/** A sponsor's match on a campaign, optionally narrowed to one charity, team or page. */
export const matchFunds = pgTable(
  'match_funds',
  {
    id: serial().primaryKey(),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    sponsor_name: text().notNull(),
    sponsor_link: text(),
    /** 1 (1:1) to 3 (3:1): the sponsor adds ratio × the amount. */
    ratio: integer().notNull(),
    /** In the minor units of the campaign country's currency. */
    cap: integer().$type<Minor>().notNull(),
    /**
     * What the entries add up to, net of releases: kept on the row, changed only under the row's
     * lock (FOR UPDATE) in the transaction that writes the entry, so it never passes `cap`.
     */
    matched: integer().$type<Minor>().notNull().default(0 as Minor),
    applies_to: text({ enum: MATCH_APPLIES_TO }).notNull(),
    /**
     * What it is narrowed to. Kept apart from the ids so a match narrowed to a page or team that is
     * later deleted (its id set null) matches nothing more, rather than the whole campaign.
     */
    narrowed_to: text({ enum: ['campaign', 'charity', 'team', 'page'] }).notNull(),
    recipient_id: integer().references(() => recipients.id, { onDelete: 'restrict' }),
    team_id: integer().references(() => teams.id, { onDelete: 'set null' }),
    page_id: integer().references(() => challengePages.id, { onDelete: 'set null' }),
    status: text({ enum: MATCH_STATUSES }).notNull().default('active'),
    starts_at: timestamp({ withTimezone: true }).notNull(),
    ends_at: timestamp({ withTimezone: true }).notNull(),
    /** When the 90 % and 100 % alerts were claimed (each mailed once: docs/decisions/160). */
    alerted_90_at: timestamp({ withTimezone: true }),
    alerted_100_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('match_funds_campaign_idx').on(t.campaign_id, t.status),
    check('match_funds_ratio_check', sql`${t.ratio} between 1 and 3`),
    check('match_funds_cap_check', sql`${t.matched} >= 0 and ${t.matched} <= ${t.cap}`),
    check('match_funds_window_check', sql`${t.ends_at} > ${t.starts_at}`),
    check('match_funds_one_narrowing_check', sql`num_nonnulls(${t.recipient_id}, ${t.team_id}, ${t.page_id}) <= 1`),
    check('match_funds_narrowed_to_check', sql`${t.narrowed_to} in ('campaign', 'charity', 'team', 'page')`),
    check('match_funds_applies_to_check', sql`${t.applies_to} in ${sql.raw(sqlList(MATCH_APPLIES_TO))}`),
    check('match_funds_status_check', sql`${t.status} in ${sql.raw(sqlList(MATCH_STATUSES))}`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A sponsor's logo (docs/decisions/169-sponsor-logos-stored.md): uploaded by an admin, decoded and
 * re-encoded on the server by the photo pipeline (WebP, upright, no metadata) and served from our
 * own origin, as a charity's photo is; at most one per match, replaced by a new upload.
 */
export const matchLogos = pgTable(
  'match_logos',
  {
    match_id: integer()
      .primaryKey()
      .references(() => matchFunds.id, { onDelete: 'cascade' }),
    /** At most 480 px wide (never enlarged). */
    data: bytea().notNull(),
    /** SHA-256 of `data` (hex): part of the logo's address, so a new logo is a new address. */
    sha256: text().notNull(),
    /** The stored pixels: the page sets them on the image, so nothing moves when it loads. */
    width: integer().notNull(),
    height: integer().notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('match_logos_size_check', sql`${t.width} between 1 and 480 and ${t.height} > 0`)],
);

/**
 * What a match added to one received gift or pledge payment (exactly one of them), written beside it
 * in the receipt's transaction; `released` is what its refunds gave back to the cap. A gift or a
 * payment is matched at most once (the unique indexes). The entry outlives its payment (a deleted
 * account's pledge): what the sponsor owes does not change.
 */
export const matchEntries = pgTable(
  'match_entries',
  {
    id: serial().primaryKey(),
    match_id: integer()
      .notNull()
      .references(() => matchFunds.id, { onDelete: 'restrict' }),
    gift_id: integer().references(() => gifts.id, { onDelete: 'set null' }),
    payment_id: integer().references(() => payments.id, { onDelete: 'set null' }),
    /** The charity the match is owed to (the gift's or the pledge's). */
    recipient_id: integer()
      .notNull()
      .references(() => recipients.id, { onDelete: 'restrict' }),
    /** The page the gift was given on, or the pledge's page (for the page's and team's figures). */
    page_id: integer().references(() => challengePages.id, { onDelete: 'set null' }),
    /** What the gift or payment was (minor units), and what the match added to it. */
    base_amount: integer().$type<Minor>().notNull(),
    amount: integer().$type<Minor>().notNull(),
    released: integer().$type<Minor>().notNull().default(0 as Minor),
    created_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('match_entries_gift_key')
      .on(t.gift_id)
      .where(sql`${t.gift_id} is not null`),
    uniqueIndex('match_entries_payment_key')
      .on(t.payment_id)
      .where(sql`${t.payment_id} is not null`),
    index('match_entries_match_idx').on(t.match_id, t.created_at),
    index('match_entries_page_idx')
      .on(t.page_id)
      .where(sql`${t.page_id} is not null`),
    // One target when written; a deleted account's payment leaves the entry (the sponsor still owes it).
    check('match_entries_one_target_check', sql`num_nonnulls(${t.gift_id}, ${t.payment_id}) <= 1`),
    check('match_entries_amount_check', sql`${t.amount} > 0 and ${t.released} >= 0 and ${t.released} <= ${t.amount}`),
  ],
);
