import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

// Its own file: pledges point at saved cards and payments at pledges, so with cards kept beside
// payments the two table files imported each other (an import cycle).

/** A saved card. Card details stay with the provider; only display facts are kept. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method_name: text().notNull().default('card'),
    is_enabled: boolean().notNull().default(true),
    stripe_payment_method_id: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    exp_month: integer().notNull(),
    exp_year: integer().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_key').on(t.stripe_payment_method_id),
    index('payment_methods_user_idx').on(t.user_id),
  ],
);
