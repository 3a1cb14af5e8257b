import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingRuns } from '../../db/schema.ts';

// billing_runs: one row per billing run (docs/decisions/133), for the system page and the alerts.

export type BillingRunRow = typeof billingRuns.$inferSelect;

export async function insertBillingRun(db: Executor, startedAt: Date): Promise<number> {
  const [row] = await db.insert(billingRuns).values({ started_at: startedAt }).returning({ id: billingRuns.id });
  return row!.id;
}

export async function finishBillingRun(
  db: Executor,
  id: number,
  fields: Pick<BillingRunRow, 'finished_at' | 'outcome' | 'charged' | 'failed' | 'retried' | 'errors' | 'error'>,
): Promise<void> {
  await db.update(billingRuns).set(fields).where(and(eq(billingRuns.id, id), eq(billingRuns.outcome, 'running')));
}

/** The newest run (by start), or undefined before the first. */
export async function selectLastBillingRun(db: Executor): Promise<BillingRunRow | undefined> {
  const [row] = await db.select().from(billingRuns).orderBy(desc(billingRuns.started_at), desc(billingRuns.id)).limit(1);
  return row;
}
