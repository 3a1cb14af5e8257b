import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

// Two PostgreSQL advisory locks per payment (pg_advisory_lock(namespace, payment id)); see
// docs/decisions/040-billing-exactly-once.md.
//
// CLAIM: held by the billing worker from the moment it claims a payment until its outcome is
//   recorded, on the worker's own database session. It says "a live worker owns this payment":
//   if the worker dies the session ends, PostgreSQL drops the lock, and the next run knows the
//   payment's attempt is in doubt and must be looked up by its idempotency key.
// CHARGE: held only from the last check before the provider call until the outcome is recorded.
//   Cancelling a pledge waits on it, so a cancel can never slip between that check and the call.

/** 'UpB1' and 'UpB2' as int4: namespaces no other part of the app uses. */
export const CLAIM_LOCK = 0x55704231;
export const CHARGE_LOCK = 0x55704232;


/**
 * Inside a transaction: waits until no worker is charging any of these payments, then holds them
 * until the transaction ends, so none can be charged while it cancels them. Ids are locked in
 * ascending order, as every locker does, so two cancels cannot deadlock.
 */
export async function lockPaymentsAgainstCharging(tx: Tx, paymentIds: number[]): Promise<void> {
  const ids = [...new Set(paymentIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(
    // unnest yields the array's elements in order; the ids are whole numbers, so the literal is safe.
    sql`select pg_advisory_xact_lock(${CHARGE_LOCK}, id) from unnest(${`{${ids.join(',')}}`}::int[]) as t(id)`,
  );
}
