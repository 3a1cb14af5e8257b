import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { alertsSent } from '../../db/schema.ts';

// The system module's own queries: the database's size, the job queue's depth (pg-boss's tables,
// read only), and alerts_sent, which it owns (docs/decisions/133).

export async function selectDatabaseSize(db: Executor): Promise<number> {
  const result = await db.execute<{ size: string }>(sql`select pg_database_size(current_database())::bigint as size`);
  return Number(result.rows[0]!.size);
}

export type QueueDepth = { waiting: number; failed: number; oldestWaitingAt: Date | null };

/**
 * Jobs waiting (created or to retry, and due), failed in the last 24 hours, and the oldest waiting
 * one's time, over every queue; undefined when pg-boss's tables are not in this database.
 */
export async function selectQueueDepth(db: Executor, now: Date): Promise<QueueDepth | undefined> {
  const exists = await db.execute<{ present: boolean }>(sql`select to_regclass('pgboss.job') is not null as present`);
  if (!exists.rows[0]?.present) return undefined;
  const result = await db.execute<{ waiting: number; failed: number; oldest: string | null }>(sql`
    select
      count(*) filter (where state in ('created', 'retry') and start_after <= ${now.toISOString()}::timestamptz)::int as waiting,
      count(*) filter (where state = 'failed' and completed_on >= ${now.toISOString()}::timestamptz - interval '24 hours')::int as failed,
      min(start_after) filter (where state in ('created', 'retry') and start_after <= ${now.toISOString()}::timestamptz) as oldest
    from pgboss.job`);
  const row = result.rows[0]!;
  return { waiting: Number(row.waiting), failed: Number(row.failed), oldestWaitingAt: row.oldest ? new Date(row.oldest) : null };
}

/**
 * Records an alert unless one of the same cause was recorded within `quietMinutes` before `now`:
 * true when this call recorded it (and so must send it). Two instances checking at once queue on a
 * transaction-scoped advisory lock per cause, so exactly one of them records it.
 */
export async function claimAlert(tx: Tx, alert: { cause: string; summary: string }, now: Date, quietMinutes: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert:${alert.cause}`}))`);
  const inserted = await tx.execute(sql`
    insert into ${alertsSent} (cause, sent_at, summary)
    select ${alert.cause}, ${now.toISOString()}::timestamptz, ${alert.summary}
    where not exists (
      select 1 from ${alertsSent}
      where cause = ${alert.cause} and sent_at > ${now.toISOString()}::timestamptz - make_interval(mins => ${quietMinutes}::int)
    )
    on conflict (cause, sent_at) do nothing
    returning id`);
  return inserted.rows.length > 0;
}

/** Deletes the alert records made before `before` (retention, core's RETENTION.alertRecordDays); how many went. */
export async function deleteAlertsBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db.execute(sql`delete from ${alertsSent} where sent_at < ${before.toISOString()}::timestamptz`);
  return deleted.rowCount ?? 0;
}

/** Charges recorded by every billing run, by outcome (the /metrics counters: billing_runs stays small). */
export async function selectBillingRunTotals(db: Executor): Promise<{ charged: number; failed: number; retried: number; runsFailed: number }> {
  const result = await db.execute<{ charged: string; failed: string; retried: string; runs_failed: string }>(sql`
    select coalesce(sum(charged), 0)::bigint as charged, coalesce(sum(failed), 0)::bigint as failed,
           coalesce(sum(retried), 0)::bigint as retried, count(*) filter (where outcome = 'failed')::bigint as runs_failed
    from billing_runs`);
  const row = result.rows[0]!;
  return { charged: Number(row.charged), failed: Number(row.failed), retried: Number(row.retried), runsFailed: Number(row.runs_failed) };
}
