import type { Minor } from '@uplift/core/money';
import { REPORT_SUBJECTS } from '@uplift/core/schemas/moderation';
import { SHARE_CHANNELS, SHARE_MESSAGE_MAX } from '@uplift/core/share';
import { sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.table.ts';
import { pledges } from './pledges.table.ts';
import { recipients } from './recipients.table.ts';
import { users } from './users.table.ts';

// Friends give too (docs/decisions/138-challenge-pages-and-gifts.md): a participant's challenge
// page, teams of pages, gifts from anyone on a page, and reports of what should not be shown.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Slugs of pages and teams: 3–40 of a-z, 0-9 and '-', not starting or ending with '-'. */
const SLUG_CHECK = `'^[a-z0-9]([a-z0-9-]{1,38})[a-z0-9]$'`;

/**
 * A photo of a page or a team (docs/decisions/139-fundraising-photos.md): decoded and re-encoded
 * on the server as WebP without metadata; kept in PostgreSQL so every instance serves it.
 */
export const fundraisingPhotos = pgTable('fundraising_photos', {
  id: serial().primaryKey(),
  /** At most 1200 px wide. */
  data: bytea().notNull(),
  /** At most 600 px wide, for cards and lists. */
  card_data: bytea().notNull(),
  /** SHA-256 of `data` (hex): part of the photo's URL, so a new photo is a new URL. */
  sha256: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  /** A page's cover (docs/decisions/166): the same two sizes as AVIF too; null for other photos. */
  avif_data: bytea(),
  avif_card_data: bytea(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A team of challenge pages in one campaign (`/t/{slug}`); members are the pages whose team_id is this. */
export const teams = pgTable(
  'teams',
  {
    id: serial().primaryKey(),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    slug: text().notNull(),
    name: text().notNull(),
    /** Plain text, at most 1,000 characters; '' for none. */
    story: text().notNull().default(''),
    /** The page of the participant who started the team; null once that page is deleted. */
    captain_page_id: integer().references((): AnyPgColumn => challengePages.id, { onDelete: 'set null' }),
    photo_id: integer().references(() => fundraisingPhotos.id, { onDelete: 'set null' }),
    /** An admin hid the team (moderation): it is not shown to anyone but admins. */
    moderated_at: timestamp({ withTimezone: true }),
    /** An admin hid the team's photo. */
    photo_moderated_at: timestamp({ withTimezone: true }),
    /** An admin hid the team's story (docs/decisions/159). */
    story_moderated_at: timestamp({ withTimezone: true }),
    /** The reason the admin gave for hiding the team, shown to its captain (docs/decisions/159); null when it is not hidden. */
    moderation_reason: text(),
    /** The captain's message to the team's backers (docs/decisions/166): plain text, at most 500 characters; '' for none. */
    captain_message: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teams_slug_key').on(t.slug),
    check('teams_captain_message_check', sql`char_length(${t.captain_message}) <= 500`),
    index('teams_campaign_idx').on(t.campaign_id),
    check('teams_slug_check', sql`${t.slug} ~ ${sql.raw(SLUG_CHECK)}`),
    check('teams_name_check', sql`char_length(${t.name}) between 1 and 60`),
    check('teams_story_check', sql`char_length(${t.story}) <= 1000`),
    check('teams_moderation_reason_check', sql`char_length(${t.moderation_reason}) between 1 and 500`),
  ],
);

/**
 * A participant's challenge page (`/p/{slug}`), one per pledge. Not public until its owner
 * publishes it; the owner can hide it again or delete it, and an admin can hide it (moderation).
 */
export const challengePages = pgTable(
  'challenge_pages',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pledge_id: integer()
      .notNull()
      .references(() => pledges.id, { onDelete: 'cascade' }),
    /** The pledge's campaign, kept here so leaderboards and teams need no join through pledges. */
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    slug: text().notNull(),
    /** As the page shows its owner: first name and initial by default. */
    display_name: text().notNull(),
    /** Plain text, at most 1,000 characters; '' for none. */
    story: text().notNull().default(''),
    /** What the owner hopes to raise, pledge and gifts together, in the campaign's minor units. */
    goal: integer().$type<Minor>().notNull(),
    photo_id: integer().references(() => fundraisingPhotos.id, { onDelete: 'set null' }),
    /** The page's wide cover photo, cropped to 3:1 (docs/decisions/166); hidden with the photo when an admin hides the photo. */
    cover_id: integer().references(() => fundraisingPhotos.id, { onDelete: 'set null' }),
    team_id: integer().references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    /** The owner published the page (null: a draft, or hidden again by its owner). */
    published_at: timestamp({ withTimezone: true }),
    /** The owner chose to appear on the campaign's leaderboards (off by default). */
    on_leaderboard: boolean().notNull().default(false),
    /** The owner is mailed for each gift ("Sam gave $25"); they can turn it off. */
    gift_mails: boolean().notNull().default(true),
    /** An admin hid the page (moderation): it is not shown to anyone but its owner and admins. */
    moderated_at: timestamp({ withTimezone: true }),
    /** An admin hid the page's photo. */
    photo_moderated_at: timestamp({ withTimezone: true }),
    /** An admin hid the page's story (docs/decisions/159). */
    story_moderated_at: timestamp({ withTimezone: true }),
    /** The reason the admin gave for hiding the page, shown to its owner (docs/decisions/159); null when it is not hidden. */
    moderation_reason: text(),
    /** What a share of the page says, as its owner wrote it (docs/decisions/164); null: the country's default. */
    share_message: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('challenge_pages_slug_key').on(t.slug),
    uniqueIndex('challenge_pages_pledge_key').on(t.pledge_id),
    index('challenge_pages_user_idx').on(t.user_id),
    index('challenge_pages_team_idx').on(t.team_id),
    // The leaderboard's candidates: public pages of a campaign whose owners chose to appear.
    index('challenge_pages_leaderboard_idx')
      .on(t.campaign_id)
      .where(sql`${t.on_leaderboard} and ${t.published_at} is not null and ${t.moderated_at} is null`),
    check('challenge_pages_slug_check', sql`${t.slug} ~ ${sql.raw(SLUG_CHECK)}`),
    check('challenge_pages_name_check', sql`char_length(${t.display_name}) between 1 and 60`),
    check('challenge_pages_story_check', sql`char_length(${t.story}) <= 1000`),
    check('challenge_pages_moderation_reason_check', sql`char_length(${t.moderation_reason}) between 1 and 500`),
    check('challenge_pages_goal_check', sql`${t.goal} > 0`),
    check('challenge_pages_share_message_check', sql`char_length(${t.share_message}) between 1 and ${sql.raw(String(SHARE_MESSAGE_MAX))}`),
  ],
);

/**
 * A short update its owner posts on their page (docs/decisions/166): plain text of at most 500
 * characters and an optional photo, shown newest first on /p/{slug}; an admin can hide one.
 */
export const pageUpdates = pgTable(
  'page_updates',
  {
    id: serial().primaryKey(),
    page_id: integer()
      .notNull()
      .references(() => challengePages.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    photo_id: integer().references(() => fundraisingPhotos.id, { onDelete: 'set null' }),
    /** An admin hid the update (moderation): it is shown to its owner only. */
    moderated_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_updates_page_idx').on(t.page_id, t.created_at), check('page_updates_body_check', sql`char_length(${t.body}) between 1 and 500`)],
);

/**
 * A captain removed this person's page from this team: they cannot join it again, with this page
 * or a later one (docs/decisions/154). Gone with the team or the account.
 */
export const teamRemovals = pgTable(
  'team_removals',
  {
    team_id: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removed_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.team_id, t.user_id] })],
);

/**
 * The address of a page an admin hid, kept after the page itself is gone (its owner's erasure or
 * the retention): no page or team may take it (docs/decisions/154). While the hidden page or
 * team exists, its own row holds the address.
 */
export const heldSlugs = pgTable(
  'held_slugs',
  {
    slug: text().primaryKey(),
    held_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('held_slugs_slug_check', sql`${t.slug} ~ ${sql.raw(SLUG_CHECK)}`)],
);

export const GIFT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

/**
 * A friend's one-off card gift on a page (docs/decisions/138): part of the ledger, like a pledge's
 * payments. The row and its idempotency key are written before the provider is asked for the
 * charge; a gift is settled once (status moves from pending/requires_action to succeeded or failed
 * by a conditional update). Campaign and charity are copied from the page when the gift is made,
 * so the money stays with them if the page is later deleted (page_id is then null).
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serial().primaryKey(),
    page_id: integer().references(() => challengePages.id, { onDelete: 'set null' }),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    recipient_id: integer()
      .notNull()
      .references(() => recipients.id, { onDelete: 'restrict' }),
    /** In the minor units of the campaign country's currency. */
    amount: integer().$type<Minor>().notNull(),
    /** As the friend gave it; null once erased. Never shown to the participant. */
    donor_name: text(),
    donor_email: text(),
    /** At most 140 characters, plain text; '' for none. */
    message: text().notNull().default(''),
    hide_name: boolean().notNull().default(false),
    hide_amount: boolean().notNull().default(false),
    /** NZ: the friend asked for a donation tax credit receipt in their own name. */
    tax_receipt: boolean().notNull().default(false),
    status: text({ enum: GIFT_STATUSES }).notNull().default('pending'),
    /** Stored before the provider is called, sent with the call: one charge per gift. */
    idempotency_key: text().notNull(),
    /** The form's own key: a double click or a resent form finds the same gift. */
    client_key: text().notNull(),
    provider_reference: text(),
    failure_code: text(),
    /**
     * Set by the ledger when the gift succeeds, from the one per-country, per-year sequence of
     * receipt_counters that pledge payments use: 'NZ-2026-000124' (docs/decisions/150). Gifts
     * settled before that keep their 'NZ-2026-G000123' (the gift's id).
     */
    receipt_number: text(),
    /** The channel of the link the friend came by (`?via=`, one of SHARE_CHANNELS); null when none or unknown (docs/decisions/164). */
    via: text({ enum: SHARE_CHANNELS }),
    /** An admin hid the gift's message (moderation). */
    message_moderated_at: timestamp({ withTimezone: true }),
    /** The friend's personal data was erased (the amount stays in the ledger). */
    erased_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settled_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gifts_idempotency_key').on(t.idempotency_key),
    uniqueIndex('gifts_client_key').on(t.client_key),
    uniqueIndex('gifts_receipt_number_key').on(t.receipt_number),
    uniqueIndex('gifts_provider_reference_key').on(t.provider_reference),
    // A page's gifts, newest first; and every total's sum of succeeded gifts.
    index('gifts_page_idx').on(t.page_id, t.created_at),
    // A page's succeeded gifts (docs/decisions/143): what pageRaised() sums for each page (pages,
    // teams, leaderboards) read from the index alone, and the page's newest gifts in order.
    index('gifts_page_succeeded_idx')
      .on(t.page_id, t.created_at, t.id, t.amount)
      .where(sql`${t.status} = 'succeeded'`),
    index('gifts_campaign_succeeded_idx')
      .on(t.campaign_id, t.recipient_id)
      .where(sql`${t.status} = 'succeeded'`),
    index('gifts_email_idx').on(sql`lower(${t.donor_email})`),
    check('gifts_status_check', sql`${t.status} in ${sql.raw(sqlList(GIFT_STATUSES))}`),
    check('gifts_amount_check', sql`${t.amount} > 0`),
    check('gifts_message_check', sql`char_length(${t.message}) <= 140`),
    check('gifts_via_check', sql`${t.via} in ${sql.raw(sqlList(SHARE_CHANNELS))}`),
  ],
);

/** Anyone's report of a page, a team, a gift's message or a page's update; an admin resolves it (moderation). */
export const contentReports = pgTable(
  'content_reports',
  {
    id: serial().primaryKey(),
    subject: text({ enum: REPORT_SUBJECTS }).notNull(),
    page_id: integer().references(() => challengePages.id, { onDelete: 'cascade' }),
    team_id: integer().references(() => teams.id, { onDelete: 'cascade' }),
    gift_id: integer().references(() => gifts.id, { onDelete: 'cascade' }),
    /**
     * The reported update (with page_id, the page it was posted on). Set null when its owner deletes
     * it: the report and its resolution stay, as the admins' record (docs/decisions/173).
     */
    update_id: integer().references(() => pageUpdates.id, { onDelete: 'set null' }),
    /** The reporter's words, at most 500 characters. */
    reason: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolved_at: timestamp({ withTimezone: true }),
    resolved_by: integer().references(() => users.id, { onDelete: 'set null' }),
    /** 'hidden' (the admin hid what was reported) or 'dismissed'. */
    resolution: text({ enum: ['hidden', 'dismissed'] }),
  },
  (t) => [
    index('content_reports_open_idx')
      .on(t.created_at)
      .where(sql`${t.resolved_at} is null`),
    check('content_reports_subject_check', sql`${t.subject} in ${sql.raw(sqlList(REPORT_SUBJECTS))}`),
    check(
      'content_reports_target_check',
      sql`(${t.subject} = 'page' and ${t.page_id} is not null) or (${t.subject} = 'team' and ${t.team_id} is not null) or (${t.subject} = 'message' and ${t.gift_id} is not null) or (${t.subject} = 'update' and ${t.page_id} is not null)`,
    ),
    check('content_reports_reason_check', sql`char_length(${t.reason}) between 1 and 500`),
  ],
);

/**
 * Each new gift tried (card testing, docs/decisions/138): when, on which page, and keyed hashes of
 * the client's IP address and the friend's email (never the address itself). Counted to refuse
 * too many an hour per IP or page and a day per email; rows older than a day are deleted as new
 * ones come.
 */
export const giftAttempts = pgTable(
  'gift_attempts',
  {
    id: serial().primaryKey(),
    page_id: integer().notNull(),
    ip_hash: text().notNull(),
    email_hash: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_attempts_ip_idx').on(t.ip_hash, t.created_at),
    index('gift_attempts_page_idx').on(t.page_id, t.created_at),
    index('gift_attempts_email_idx').on(t.email_hash, t.created_at),
  ],
);
