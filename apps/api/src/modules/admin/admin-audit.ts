import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminAudit, users } from '../../db/schema.ts';

type Executor = Pick<Db, 'insert'>;

/** Records one admin action (who, what, when, before/after). Call it in the action's transaction where there is one. */
export async function recordAdminAction(
  db: Executor,
  entry: { adminId: number; action: AdminAuditEntry['action']; target: string; before?: object | null; after?: object | null; at: Date },
): Promise<void> {
  // JSON round trip: dates become ISO strings, exactly what the list will show.
  const json = (v: object | null | undefined) => (v ? (JSON.parse(JSON.stringify(v)) as Record<string, unknown>) : null);
  await db.insert(adminAudit).values({
    admin_user_id: entry.adminId,
    action: entry.action,
    target: entry.target,
    before: json(entry.before),
    after: json(entry.after),
    created_at: entry.at,
  });
}

/** The newest admin actions first. */
export async function listAdminActions(db: Db, limit: number): Promise<AdminAuditEntry[]> {
  const rows = await db
    .select({ entry: adminAudit, admin_email: users.email })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.admin_user_id))
    .orderBy(desc(adminAudit.created_at), desc(adminAudit.id))
    .limit(limit);
  return rows.map(({ entry, admin_email }) => ({
    id: entry.id,
    created_at: entry.created_at.toISOString(),
    admin_user_id: entry.admin_user_id,
    admin_email,
    action: entry.action,
    target: entry.target,
    before: entry.before,
    after: entry.after,
  }));
}
