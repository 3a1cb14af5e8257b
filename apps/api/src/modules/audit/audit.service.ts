import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import { currentUser } from '../../plugins/auth.ts';
import { insertAdminAudit, selectAdminActions } from './audit.repository.ts';


/** Records one admin action (who, what, when, before/after). Call it in the action's transaction where there is one. */
export async function recordAdminAction(
  db: Executor,
  entry: { adminId: number; action: AdminAuditEntry['action']; target: string; before?: object | null; after?: object | null; at: Date },
): Promise<void> {
  // JSON round trip: dates become ISO strings, exactly what the list will show.
  const json = (v: object | null | undefined) => (v ? (JSON.parse(JSON.stringify(v)) as Record<string, unknown>) : null);
  await insertAdminAudit(db, {
    admin_user_id: entry.adminId,
    action: entry.action,
    target: entry.target,
    before: json(entry.before),
    after: json(entry.after),
    created_at: entry.at,
  });
}

/** What an admin action changed, for its audit row. */
export type AuditedChange = { action: AdminAuditEntry['action']; target: string; before?: object | null; after?: object | null };

/**
 * Runs an admin action and records it in one transaction (docs/decisions/076): an action that
 * fails leaves no row, and a row is never lost after the action took effect. `run` gets the
 * transaction as its database; a service that opens its own transaction gets a savepoint in it.
 */
export async function auditedAction<T>(db: Db, by: { adminId: number; at: Date }, run: (tx: Db) => Promise<{ result: T; audit: AuditedChange }>): Promise<T> {
  return db.transaction(async (tx) => {
    // A transaction answers every query the services make of a Db (it lacks only the pool).
    const { result, audit } = await run(tx as unknown as Db);
    await recordAdminAction(tx, { adminId: by.adminId, ...audit, at: by.at });
    return result;
  });
}

/** What an audited action's `run` answers: its result, and the change to record. */
export const withAudit = <T>(result: T, audit: AuditedChange): { result: T; audit: AuditedChange } => ({ result, audit });

/** `auditedAction` for the signed-in admin of a request, at the app clock's now. */
export function auditorFor(deps: { db: Db; clock: Clock }) {
  return <T>(request: FastifyRequest, run: (tx: Db) => Promise<{ result: T; audit: AuditedChange }>) =>
    auditedAction(deps.db, { adminId: currentUser(request).id, at: deps.clock.now() }, run);
}

/** The newest admin actions first. */
export async function listAdminActions(db: Db, limit: number): Promise<AdminAuditEntry[]> {
  const rows = await selectAdminActions(db, limit);
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
