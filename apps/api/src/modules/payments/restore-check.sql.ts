// The ledger's read for a restored database (docs/operations.md, "Before billing a restored
// database"; docs/decisions/153): which payments had a charge attempt recently before the backup.
import { asc, gte, min } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentAttempts } from '../../db/schema.ts';

/** The payments with a charge attempt started at or after `since`, by their first such attempt. */
export async function paymentsAttemptedSince(db: Executor, since: Date): Promise<number[]> {
  const rows = await db
    .select({ id: paymentAttempts.payment_id })
    .from(paymentAttempts)
    .where(gte(paymentAttempts.started_at, since))
    .groupBy(paymentAttempts.payment_id)
    .orderBy(asc(min(paymentAttempts.started_at)), asc(paymentAttempts.payment_id));
  return rows.map((r) => r.id);
}
