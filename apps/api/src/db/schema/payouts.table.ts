import type { Minor } from '@uplift/core/money';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.table.ts';
import { recipients } from './recipients.table.ts';
import { users } from './users.table.ts';

/**
 * Money passed on to a charity for a campaign. Append-only: a correction is a new (negative)
 * entry that names the payout it corrects and why. The migrations add a trigger that refuses
 * UPDATE and DELETE (decision 055) and hold new rows to that shape (decision 122).
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
    /** A correction's payout (decision 122); null for a payout. */
    corrects_payout_id: integer().references((): AnyPgColumn => payouts.id, { onDelete: 'restrict' }),
    /** Why a correction was recorded; null for a payout. */
    reason: text(),
  },
  (t) => [
    index('payouts_campaign_idx').on(t.campaign_id, t.recipient_id),
    check('payouts_amount_check', sql`${t.amount} <> 0`),
    // A payout is positive; a correction negative, with its payout and a reason. NOT VALID in the
    // migration: negative entries recorded before decision 122 name no payout and stay as they are.
    check(
      'payouts_correction_check',
      sql`(${t.amount} > 0 and ${t.corrects_payout_id} is null and ${t.reason} is null) or (${t.amount} < 0 and ${t.corrects_payout_id} is not null and ${t.reason} is not null)`,
    ),
  ],
);
