import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminAudit, users } from '../../db/schema.ts';

/** An admin_audit row as written (before/after already JSON-ready). */
export type NewAdminAuditRow = typeof adminAudit.$inferInsert;

export async function insertAdminAudit(db: Executor, row: NewAdminAuditRow): Promise<void> {
  await db.insert(adminAudit).values(row);
}

/** The newest admin actions first (ties broken by id), each with its admin's email (null once the admin is gone). */
export async function selectAdminActions(db: Executor, limit: number) {
  return db
    .select({ entry: adminAudit, admin_email: users.email })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.admin_user_id))
    .orderBy(desc(adminAudit.created_at), desc(adminAudit.id))
    .limit(limit);
}
