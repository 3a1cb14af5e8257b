import { PAYMENT_STATUSES, sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pledges } from './pledges.table.ts';
import { users } from './users.table.ts';

/** One row per weekly charge. Amount in minor units; processing_date in the campaign's zone. */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    pledge_id: integer()
      .notNull()
      .references(() => pledges.id, { onDelete: 'cascade' }),
    payment_status: text({ enum: PAYMENT_STATUSES }).notNull().default('Pending'),
    processing_date: date({ mode: 'string' }).notNull(),
    amount: integer().notNull(),
    stripe_payment_method_id: text(),
    /** Stored before the provider is called, sent with the call: a retry can never charge twice. */
    idempotency_key: text(),
    attempts: integer().notNull().default(0),
    provider_reference: text(),
    failure_reason: text(),
    attempted_at: timestamp({ withTimezone: true }),
    settled_at: timestamp({ withTimezone: true }),
    /** 'NZ-2026-000123': set by the database when the payment becomes Success (docs/decisions/080). */
    receipt_number: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_pledge_date_key').on(t.pledge_id, t.processing_date),
    uniqueIndex('payments_idempotency_key').on(t.idempotency_key),
    uniqueIndex('payments_receipt_number_key').on(t.receipt_number),
    // The billing job's read: pending payments that have come due.
    index('payments_due_idx')
      .on(t.processing_date)
      .where(sql`${t.payment_status} = 'Pending'`),
    index('payments_pledge_status_idx').on(t.pledge_id, t.payment_status),
    // The list lives in core: a new status is one edit there (and a generated migration).
    check('payments_status_check', sql`${t.payment_status} in ${sql.raw(sqlList(PAYMENT_STATUSES))}`),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Provider webhook events already handled, so a redelivery does nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  received_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  processed_at: timestamp({ withTimezone: true }),
});

/** Every export of donor details to a partner charity is recorded. */
export const charityExports = pgTable('charity_exports', {
  id: serial().primaryKey(),
  admin_user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  recipient_id: integer().notNull(),
  campaign_id: integer().notNull(),
  row_count: integer().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
