import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-IP request counters of @fastify/rate-limit (one row per route and client), kept in
 * PostgreSQL so every app instance counts against the same limit (docs/decisions/072). The key
 * is a SHA-256 of route and address, so client addresses are not stored in clear.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    window_ends_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.window_ends_at)],
);
