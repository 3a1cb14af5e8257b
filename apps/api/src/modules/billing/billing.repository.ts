import type { IsoDate } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import type pg from 'pg';
import { CHARGE_LOCK, CLAIM_LOCK } from './billing.locks.ts';

// The billing job's SQL. Everything runs on the worker's own session (one connection held for
// the run), because the session-level advisory locks that mark "this worker owns this payment"
// live and die with it. See docs/decisions/040-billing-exactly-once.md.

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

/** The last date that counts as due, per campaign country. */
export type DueDates = Record<CountryCode, IsoDate>;

/**
 * - `due`: Pending payments whose date has come in their campaign's zone.
 * - `retry`: Failed payments whose one automatic retry date has come (docs/decisions/044), and
 *   Failed payments with a retry or pay-now attempt left in doubt by a crash.
 * - `cancelled-in-doubt`: payments cancelled with a pledge after an attempt was started but before
 *   its outcome was recorded (a crash): the provider may have taken the money, so they are looked up.
 */
export type ClaimScope = 'due' | 'cancelled-in-doubt' | 'retry';

export type Claim = {
  id: number;
  idempotencyKey: string;
  /** An earlier attempt with this key has no recorded outcome: ask the provider before charging. */
  inDoubt: boolean;
};

const DUE_SQL = `
  select p.id, p.idempotency_key
  from payments p
  join pledges pl on pl.id = p.pledge_id
  join campaigns c on c.id = pl.campaign_id
  where p.payment_status = 'Pending'
    and p.id > $1
    and p.processing_date <= greatest($2::date, $3::date)
    and p.processing_date <= case c.country when 'NZ' then $2::date when 'UK' then $3::date end
    and p.processing_at is null
  order by p.id
  limit $4
  for update of p skip locked`;

const RETRY_SQL = `
  select p.id, case when p.settled_at is null then p.idempotency_key end as idempotency_key
  from payments p
  join pledges pl on pl.id = p.pledge_id
  join campaigns c on c.id = pl.campaign_id
  where p.payment_status = 'Failed'
    and p.id > $1
    and pl.pledge_status = 'Confirmed'
    and (
      (p.settled_at is null and p.idempotency_key is not null)
      or (p.next_retry_date <= case c.country when 'NZ' then $2::date when 'UK' then $3::date end and p.settled_at is not null)
    )
  order by p.id
  limit $4
  for update of p skip locked`;

const IN_DOUBT_SQL = `
  select p.id, p.idempotency_key
  from payments p
  where p.payment_status = 'Cancelled'
    and p.idempotency_key is not null
    and p.settled_at is null
    and p.id > $1
  order by p.id
  limit $2
  for update of p skip locked`;

/**
 * Claims up to `limit` payments after `afterId` in one short transaction: row locks (skipping rows
 * another worker is claiming right now) decide who looks at a row, the CLAIM advisory lock (skipping
 * payments a live worker already owns) decides who owns it, and a due payment's idempotency key and
 * attempt count are written before anything is sent to the provider. `lastId` is the highest id
 * looked at (null when there was nothing left), so the caller moves on even past skipped rows.
 */
export async function claimBatch(
  session: Session,
  opts: { scope: ClaimScope; due: DueDates; afterId: number; limit: number; now: Date },
): Promise<{ claims: Claim[]; lastId: number | null }> {
  const owned: number[] = [];
  await session.query('begin');
  try {
    const candidates = (
      opts.scope !== 'cancelled-in-doubt'
        ? await session.query<{ id: number; idempotency_key: string | null }>(opts.scope === 'due' ? DUE_SQL : RETRY_SQL, [
            opts.afterId,
            opts.due.NZ,
            opts.due.UK,
            opts.limit,
          ])
        : await session.query<{ id: number; idempotency_key: string | null }>(IN_DOUBT_SQL, [opts.afterId, opts.limit])
    ).rows;
    if (candidates.length === 0) {
      await session.query('commit');
      return { claims: [], lastId: null };
    }
    const lastId = candidates[candidates.length - 1]!.id;

    const locked = await session.query<{ id: number }>(
      'select id from unnest($1::int[]) as t(id) where pg_try_advisory_lock($2, id)',
      [candidates.map((c) => c.id), CLAIM_LOCK],
    );
    owned.push(...locked.rows.map((r) => r.id));
    const ownedSet = new Set(owned);
    const mine = candidates.filter((c) => ownedSet.has(c.id));

    let keys = new Map<number, string>();
    if (opts.scope !== 'cancelled-in-doubt' && mine.length > 0) {
      // A new attempt gets a new key, written (with its attempt row) before the provider is called;
      // the key stays the same until an outcome is recorded: a retry after a crash reuses it, so the
      // provider can never take the money twice for one attempt.
      const fresh = mine.filter((c) => c.idempotency_key === null).map((c) => c.id);
      const updated = await session.query<{ id: number; idempotency_key: string }>(
        `with keyed as (
           update payments
              set idempotency_key = case when id = any($4::int[]) then 'payment-' || id || '-attempt-' || (attempts + 1) else idempotency_key end,
                  attempts = attempts + 1,
                  attempted_at = $2,
                  next_retry_date = case when id = any($4::int[]) then null else next_retry_date end,
                  settled_at = case when id = any($4::int[]) then null else settled_at end
            where id = any($1::int[])
            returning id, idempotency_key
         ), logged as (
           insert into payment_attempts (payment_id, kind, idempotency_key, started_at)
           select id, $3, idempotency_key, $2 from keyed where id = any($4::int[])
         )
         select id, idempotency_key from keyed`,
        [mine.map((c) => c.id), opts.now, opts.scope === 'due' ? 'scheduled' : 'retry', fresh],
      );
      keys = new Map(updated.rows.map((r) => [r.id, r.idempotency_key]));
    }
    await session.query('commit');

    const claims = mine.map((c) => ({
      id: c.id,
      idempotencyKey: keys.get(c.id) ?? c.idempotency_key!,
      inDoubt: c.idempotency_key !== null,
    }));
    return { claims, lastId };
  } catch (err) {
    await session.query('rollback').catch(() => undefined);
    // Session-level locks outlive a rollback: give back what this claim took.
    await releaseClaims(session, owned).catch(() => undefined);
    throw err;
  }
}

/**
 * A retry whose day has come only on or after the pledge's next payment date (billing did not run
 * in between) is dropped: a retry is never charged on or after the next payment's date.
 */
export async function dropStaleRetries(session: Session, due: DueDates): Promise<number> {
  const { rowCount } = await session.query(
    `update payments p
        set next_retry_date = null
       from pledges pl join campaigns c on c.id = pl.campaign_id
      where pl.id = p.pledge_id
        and p.next_retry_date is not null
        and (case c.country when 'NZ' then $1::date when 'UK' then $2::date end)
            >= coalesce((select min(x.processing_date) from payments x where x.pledge_id = p.pledge_id and x.processing_date > p.processing_date),
                        p.processing_date + 7)`,
    [due.NZ, due.UK],
  );
  return rowCount ?? 0;
}

async function releaseClaims(session: Session, ids: number[]): Promise<void> {
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

/** Everything needed to charge a payment and write to the donor about it. */
export type PaymentToCharge = {
  id: number;
  pledge_id: number;
  payment_status: 'Pending' | 'Success' | 'Failed' | 'Cancelled';
  processing_date: IsoDate;
  amount: number;
  stripe_payment_method_id: string | null;
  idempotency_key: string | null;
  settled: boolean;
  pledge_status: 'Pending' | 'Confirmed' | 'Cancelled';
  confirmed_amount: number;
  user_id: number;
  campaign_id: number;
  country: CountryCode;
  email: string;
  first_name: string;
  failure_reason: string | null;
  provider_reference: string | null;
  /** The pledge's next payment after this one (a retry never reaches it), or null. */
  next_payment_date: IsoDate | null;
  /** An automatic retry has already been made for this payment (there is only one). */
  retried: boolean;
  stripe_customer_id: string | null;
  recipient_name: string;
  /** This payment's place in the pledge's schedule: 2 of 4. */
  payment_number: number;
  payment_count: number;
};

/** Read after the CHARGE lock is taken, so it sees any cancel that committed before. */
export async function loadPayment(session: Session, paymentId: number): Promise<PaymentToCharge | undefined> {
  return (await loadPayments(session, [paymentId])).get(paymentId);
}

/** loadPayment for many at once (one statement, issued after the statement that took their CHARGE locks). */
export async function loadPayments(session: Session, paymentIds: number[]): Promise<Map<number, PaymentToCharge>> {
  if (paymentIds.length === 0) return new Map();
  const { rows } = await session.query<PaymentToCharge>(
    `select p.id, p.pledge_id, p.payment_status, p.processing_date, p.amount, p.stripe_payment_method_id,
            p.idempotency_key, p.settled_at is not null as settled, p.failure_reason, p.provider_reference,
            (select min(x.processing_date) from payments x where x.pledge_id = p.pledge_id and x.processing_date > p.processing_date)::text as next_payment_date,
            exists (select 1 from payment_attempts a where a.payment_id = p.id and a.kind = 'retry') as retried,
            pl.pledge_status, pl.confirmed_amount, pl.user_id, pl.campaign_id,
            c.country, u.email, u.first_name, u.stripe_customer_id, r.recipient_name,
            (select count(*) from payments x where x.pledge_id = p.pledge_id and x.processing_date <= p.processing_date)::int as payment_number,
            (select count(*) from payments x where x.pledge_id = p.pledge_id)::int as payment_count
     from payments p
     join pledges pl on pl.id = p.pledge_id
     join campaigns c on c.id = pl.campaign_id
     join users u on u.id = pl.user_id
     join recipients r on r.id = pl.recipient_id
     where p.id = any($1::int[])`,
    [paymentIds],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
