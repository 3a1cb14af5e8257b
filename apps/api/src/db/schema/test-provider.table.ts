import type { Minor } from '@uplift/core/money';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// State of the built-in test card provider (product-rules §15), kept in PostgreSQL so
// it survives restarts and is shared by every app instance, like a real provider's would be.
// No full card number is ever stored: only the brand, the last four digits and the behaviour
// of the Stripe test card it stands for.

/** A request to save a card, like Stripe's SetupIntent; its client secret goes to the browser. */
export const testProviderSetupIntents = pgTable(
  'test_provider_setup_intents',
  {
    id: text().primaryKey(),
    customer_id: text().notNull(),
    client_secret: text().notNull(),
    status: text().notNull().default('requires_payment_method'),
    payment_method_id: text(),
    last_error: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_provider_setup_intents_secret_key').on(t.client_secret),
    check(
      'test_provider_setup_intents_status_check',
      sql`${t.status} in ('requires_payment_method', 'requires_action', 'succeeded', 'canceled')`,
    ),
  ],
);

/** A saved test card, attached to one customer. */
export const testProviderPaymentMethods = pgTable(
  'test_provider_payment_methods',
  {
    id: text().primaryKey(),
    customer_id: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    exp_month: integer().notNull(),
    exp_year: integer().notNull(),
    /** What a charge on this card does (TEST_CHARGE_BEHAVIOURS in test-cards.ts). */
    behaviour: text().notNull(),
    /** Detached from its customer (irreversible, as at Stripe). */
    detached_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_provider_payment_methods_customer_idx').on(t.customer_id),
    check('test_provider_payment_methods_behaviour_check', sql`${t.behaviour} in ('succeeds', 'declines', 'insufficient_funds', 'expired_card', 'requires_action', 'authentication_required')`),
    check('test_provider_payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/** Every charge attempt, keyed by its idempotency key: the same key always gives the same answer. */
export const testProviderCharges = pgTable(
  'test_provider_charges',
  {
    idempotency_key: text().primaryKey(),
    id: text().notNull(),
    customer_id: text().notNull(),
    payment_method_id: text().notNull(),
    amount: integer().$type<Minor>().notNull(),
    currency: text().notNull(),
    status: text().notNull(),
    reason: text(),
    /** Stripe's decline code for a declined charge, or authentication_required. */
    code: text(),
    /** For the browser's authentication step of a charge that needs it. */
    client_secret: text(),
    description: text().notNull().default(''),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_provider_charges_id_key').on(t.id),
    check('test_provider_charges_status_check', sql`${t.status} in ('succeeded', 'declined', 'requires_action')`),
  ],
);

/** Every refund the test provider made, keyed by its idempotency key (the same key, the same answer). */
export const testProviderRefunds = pgTable('test_provider_refunds', {
  idempotency_key: text().primaryKey(),
  id: text().notNull(),
  /** The charge (PaymentIntent) it gives money back from. */
  charge_id: text().notNull(),
  amount: integer().$type<Minor>().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An on-session charge of a card with no saved customer (a friend's gift on a challenge page,
 * docs/decisions/138), like a PaymentIntent made without a payment method: it waits for the
 * browser's card (requires_payment_method), may ask for the bank's step (requires_action), and
 * ends succeeded or declined. Keyed by the idempotency key; only the last four digits are kept.
 */
export const testProviderGuestCharges = pgTable(
  'test_provider_guest_charges',
  {
    idempotency_key: text().primaryKey(),
    id: text().notNull(),
    client_secret: text().notNull(),
    amount: integer().$type<Minor>().notNull(),
    currency: text().notNull(),
    status: text().notNull().default('requires_payment_method'),
    /** Stripe's decline code of a declined charge (or authentication_failed). */
    code: text(),
    last4: text(),
    description: text().notNull().default(''),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_provider_guest_charges_id_key').on(t.id),
    uniqueIndex('test_provider_guest_charges_secret_key').on(t.client_secret),
    check('test_provider_guest_charges_status_check', sql`${t.status} in ('requires_payment_method', 'requires_action', 'succeeded', 'declined')`),
  ],
);
