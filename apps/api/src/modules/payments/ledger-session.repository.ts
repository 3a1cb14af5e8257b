import type pg from 'pg';
import { CHARGE_LOCK, CLAIM_LOCK } from './ledger.locks.ts';

// The ledger's sessions and the locks held on them (docs/decisions/040-billing-exactly-once.md):
// the billing worker's own session (one connection held for the run), because the session-level
// advisory locks that mark "this worker owns this payment" live and die with it, and the session a
// donor's pay-now or confirm holds one payment on. No table is written here.

/** The worker's session. Queries on it run one after another, in the order they were asked for. */
export type Session = {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
};

/** Wraps a dedicated connection so concurrent payments can share it without overlapping queries. */
export function serialSession(client: pg.PoolClient): Session {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    query<R extends pg.QueryResultRow>(text: string, params?: unknown[]) {
      const result = tail.then(() => client.query<R>(text, params));
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

export async function releaseClaims(session: Session, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await session.query('select pg_advisory_unlock($2, id) from unnest($1::int[]) as t(id)', [ids, CLAIM_LOCK]);
}

/**
 * The CHARGE locks of these payments, without waiting, in ascending order (as every locker takes
 * them): the ids it got. A payment left out has a cancel working on it right now.
 */
export async function tryChargeLocks(session: Session, paymentIds: number[]): Promise<Set<number>> {
  if (paymentIds.length === 0) return new Set();
  const { rows } = await session.query<{ id: number }>(
    'select id from unnest($1::int[]) with ordinality as t(id, n) where pg_try_advisory_lock($2, id) order by n',
    [[...paymentIds].sort((a, b) => a - b), CHARGE_LOCK],
  );
  return new Set(rows.map((r) => r.id));
}

/** Gives back the CLAIM locks of these payments, and the CHARGE locks of those in `charged`. */
export async function releasePayments(session: Session, paymentIds: number[], charged: Set<number>): Promise<void> {
  if (paymentIds.length === 0) return;
  await session.query(
    `select pg_advisory_unlock($2, id), case when id = any($3::int[]) then pg_advisory_unlock($4, id) end
       from unnest($1::int[]) as t(id)`,
    [paymentIds, CLAIM_LOCK, [...charged], CHARGE_LOCK],
  );
}

/** Gives back the payment's CHARGE lock (if held) and CLAIM lock. */
export async function releasePayment(session: Session, paymentId: number, heldCharge: boolean): Promise<void> {
  if (heldCharge) {
    await session.query('select pg_advisory_unlock($1, $3), pg_advisory_unlock($2, $3)', [CHARGE_LOCK, CLAIM_LOCK, paymentId]);
  } else {
    await session.query('select pg_advisory_unlock($1, $2)', [CLAIM_LOCK, paymentId]);
  }
}

// Pay now and confirm: one payment, held by a donor's request

/**
 * Runs `fn` on a dedicated session holding this payment's CLAIM and CHARGE locks, taken without
 * waiting: when either is held (a billing run, a second click) it throws `busy()` instead.
 */
export async function withPaymentHeld<T>(db: { $client: pg.Pool }, paymentId: number, busy: () => Error, fn: (session: Session) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  const session = serialSession(client);
  let locked = false;
  try {
    const { rows } = await session.query<{ claim: boolean }>('select pg_try_advisory_lock($1, $2) as claim', [CLAIM_LOCK, paymentId]);
    if (!rows[0]?.claim) throw busy();
    const charge = await session.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [CHARGE_LOCK, paymentId]);
    locked = true;
    if (!charge.rows[0]?.ok) {
      await releasePayment(session, paymentId, false);
      locked = false;
      throw busy();
    }
    return await fn(session);
  } finally {
    if (locked) await releasePayment(session, paymentId, true).catch(() => undefined);
    // Destroyed, never pooled: no lock can outlive this request.
    client.release(true);
  }
}
