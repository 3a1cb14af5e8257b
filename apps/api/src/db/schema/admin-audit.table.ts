import { ADMIN_AUDIT_ACTIONS } from '@uplift/core/schemas/admin';
import { sqlList } from '@uplift/core/statuses';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

/** Every admin action that changes data or takes donors' details out (docs/decisions/076). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial().primaryKey(),
    // Kept when the admin's account is deleted: the record of what was done stays.
    admin_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text({ enum: ADMIN_AUDIT_ACTIONS }).notNull(),
    target: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    created_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.created_at, t.id),
    check('admin_audit_action_check', sql`${t.action} in ${sql.raw(sqlList(ADMIN_AUDIT_ACTIONS))}`),
  ],
);
