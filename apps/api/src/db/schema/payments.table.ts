import type { Minor } from '@uplift/core/money';
import { PAYMENT_STATUSES, sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { challengePages, gifts } from './fundraising.table.ts';
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
    amount: integer().$type<Minor>().notNull(),
    /**
     * The donor covers the card fee (docs/decisions/135-cover-the-card-fee.md): the weekly extra
     * charged with this payment, on top of `amount`, so the charity receives all of `amount`. 0: none.
     */
    fee_cover: integer().$type<Minor>().notNull().default(0 as Minor),
    stripe_payment_method_id: text(),
    /** Stored before the provider is called, sent with the call: a retry can never charge twice. */
    idempotency_key: text(),
    attempts: integer().notNull().default(0),
    provider_reference: text(),
    /** A stable code (core/payment-failures.ts): Stripe's decline code, or ours for other problems. */
    failure_reason: text(),
    /** The one automatic retry of a soft decline (campaign's calendar date), or null. */
    next_retry_date: date({ mode: 'string' }),
    /** The provider is still processing the charge: stays Pending until its webhook settles it. */
    processing_at: timestamp({ withTimezone: true }),
    attempted_at: timestamp({ withTimezone: true }),
    settled_at: timestamp({ withTimezone: true }),
    /**
     * The donor skipped this payment's week (docs/decisions/134-skip-a-week.md): the week's own date;
     * processing_date is then one week after the pledge's last payment. Null when not skipped.
     */
    skipped_from: date({ mode: 'string' }),
    /** 'NZ-2026-000123': set by the database when the payment becomes Success (docs/decisions/080). */
    receipt_number: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_pledge_date_key').on(t.pledge_id, t.processing_date),
    uniqueIndex('payments_idempotency_key').on(t.idempotency_key),
    uniqueIndex('payments_receipt_number_key').on(t.receipt_number),
    // At most one skipped week per pledge.
    uniqueIndex('payments_one_skip_per_pledge')
      .on(t.pledge_id)
      .where(sql`${t.skipped_from} is not null`),
    // The billing job's read: pending payments that have come due.
    index('payments_due_idx')
      .on(t.processing_date)
      .where(sql`${t.payment_status} = 'Pending'`),
    // The billing job's retries: failed payments with a retry date.
    index('payments_retry_idx')
      .on(t.next_retry_date)
      .where(sql`${t.next_retry_date} is not null`),
    index('payments_pledge_status_idx').on(t.pledge_id, t.payment_status),
    // The list lives in core: a new status is one edit there (and a generated migration).
    check('payments_status_check', sql`${t.payment_status} in ${sql.raw(sqlList(PAYMENT_STATUSES))}`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_fee_cover_check', sql`${t.fee_cover} >= 0`),
  ],
);

export const PAYMENT_ATTEMPT_KINDS = ['scheduled', 'retry', 'pay_now', 'confirm'] as const;
export const PAYMENT_ATTEMPT_OUTCOMES = ['succeeded', 'failed', 'requires_action', 'processing'] as const;

/** Every charge attempt of a payment: when, why, and what came of it (the payment keeps the latest). */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial().primaryKey(),
    payment_id: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text({ enum: PAYMENT_ATTEMPT_KINDS }).notNull(),
    idempotency_key: text().notNull(),
    outcome: text({ enum: PAYMENT_ATTEMPT_OUTCOMES }),
    decline_code: text(),
    provider_reference: text(),
    started_at: timestamp({ withTimezone: true }).notNull(),
    finished_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payment_attempts_payment_idx').on(t.payment_id),
    check('payment_attempts_kind_check', sql`${t.kind} in ${sql.raw(sqlList(PAYMENT_ATTEMPT_KINDS))}`),
    check('payment_attempts_outcome_check', sql`${t.outcome} in ${sql.raw(sqlList(PAYMENT_ATTEMPT_OUTCOMES))}`),
  ],
);

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money given back on a Success payment or a succeeded friend's gift, fully or in part
 * (docs/decisions/132-refunds.md, 150): its own row, never an edit of the payment or gift; exactly
 * one of payment_id and gift_id is set. Written Pending with its idempotency key before the provider
 * is called; a Pending or Succeeded refund counts against what is still refundable, so two admins
 * can never together give back more than was charged. Only the payments ledger writes it
 * (ledger.repository.ts for payments, ledger-gifts.repository.ts for gifts).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial().primaryKey(),
    payment_id: integer().references(() => payments.id, { onDelete: 'cascade' }),
    /** A friend's gift given back (docs/decisions/150); null for a payment's refund. */
    gift_id: integer().references(() => gifts.id, { onDelete: 'cascade' }),
    /**
     * A gift's refund: the gift's page, copied from the gift when the ledger writes the refund
     * (docs/decisions/161), so a page's raised finds its gift refunds without reading its gifts
     * twice. It follows the gift's page_id: set from it, never changed, and set null by the same
     * page deletion that sets the gift's null. Null for a payment's refund.
     */
    page_id: integer().references(() => challengePages.id, { onDelete: 'set null' }),
    amount: integer().$type<Minor>().notNull(),
    reason: text().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    /** Stored before the provider is called, sent with the call: a retry can never refund twice. */
    idempotency_key: text().notNull(),
    provider_reference: text(),
    /** The provider's own words when it refused the refund. */
    failure_message: text(),
    /** The admin who asked for it (null once that account is gone). */
    admin_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull(),
    settled_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotency_key),
    index('refunds_payment_idx').on(t.payment_id, t.status),
    index('refunds_gift_idx')
      .on(t.gift_id, t.status)
      .where(sql`${t.gift_id} is not null`),
    // A page's gift refunds that went through, per gift, read from the index alone by pageRaised() (docs/decisions/161).
    index('refunds_page_succeeded_idx')
      .on(t.page_id, t.gift_id, t.amount)
      .where(sql`${t.page_id} is not null and ${t.status} = 'succeeded'`),
    // Only a gift's refund carries a page.
    check('refunds_page_gift_check', sql`${t.page_id} is null or ${t.gift_id} is not null`),
    // A refund gives back one thing: a payment or a gift, never both, never neither.
    check('refunds_one_target_check', sql`num_nonnulls(${t.payment_id}, ${t.gift_id}) = 1`),
    check('refunds_status_check', sql`${t.status} in ${sql.raw(sqlList(REFUND_STATUSES))}`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_reason_check', sql`char_length(${t.reason}) between 3 and 500`),
  ],
);

/**
 * "Your card expires before your payment on …" mails sent by billing (docs/decisions/048):
 * one per pledge and card, written in the statement that picks who to mail, so it goes once
 * however many runs or workers see it.
 */
export const cardExpiryNotices = pgTable(
  'card_expiry_notices',
  {
    pledge_id: integer()
      .notNull()
      .references(() => pledges.id, { onDelete: 'cascade' }),
    /** The provider's id of the card that cannot cover the payment. */
    stripe_payment_method_id: text().notNull(),
    /** The first payment the card cannot cover, when the mail went. */
    payment_id: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    sent_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pledge_id, t.stripe_payment_method_id] })],
);

/**
 * Card setups asked for and cards saved, per user (card-testing protection, docs/decisions/047):
 * counted in PostgreSQL so every instance sees the same count.
 */
export const cardSetupAttempts = pgTable(
  'card_setup_attempts',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['secret', 'save'] }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('card_setup_attempts_user_idx').on(t.user_id, t.kind, t.created_at)],
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
