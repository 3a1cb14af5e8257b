import { type Minor, asMinor } from '@uplift/core/money';
import type { IsoDate } from '@uplift/core/calendar';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { CLAIM_LOCK } from './ledger.locks.ts';
import { type DueDates, pledgeScope } from './ledger-reads.repository.ts';
import { releaseClaims, type Session } from './ledger-session.repository.ts';
import type { Outcome } from './outcome.ts';
import { paymentMatchCtes } from './ledger-match.repository.ts';

// The ledger: every write to `payments` and `payment_attempts` is in this file, and no other file
// of the app writes those tables (docs/decisions/110-module-map-and-ledger.md). Its reads are in
// ledger-reads.repository.ts, the sessions and locks in ledger-session.repository.ts, refunds in
// ledger-refunds.repository.ts.
//
// The first part is the billing job's SQL, on the worker's own session (see
// docs/decisions/040-billing-exactly-once.md). The later parts run on the database or inside a
// caller's transaction: a pledge's schedule, cancelling, erasure, skipping a week, change card.

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
  /** The pledge it belongs to: a run charges a pledge's claims one after another (docs/decisions/145). */
  pledgeId: number;
  idempotencyKey: string;
  /** An earlier attempt with this key has no recorded outcome: ask the provider before charging. */
  inDoubt: boolean;
};

/** Where the next claim batch starts: after this payment, in (processing date, id) order. */
export type ClaimCursor = { date: IsoDate; id: number };

// Every scope claims in (processing_date, id) order, so a pledge's weeks are claimed, charged and
// numbered in date order even when their ids are not (a skipped week is moved to a later date).
// $1/$2: the cursor (null: from the start).
const AFTER_CURSOR = '($1::date is null or (p.processing_date, p.id) > ($1::date, $2::int))';

const DUE_SQL = `
  select p.id, p.pledge_id, p.idempotency_key, p.processing_date
  from payments p
  join pledges pl on pl.id = p.pledge_id
  join campaigns c on c.id = pl.campaign_id
  where p.payment_status = 'Pending'
    and ${AFTER_CURSOR}
    and p.processing_date <= greatest($3::date, $4::date)
    and p.processing_date <= case c.country when 'NZ' then $3::date when 'UK' then $4::date end
    and p.processing_at is null
  order by p.processing_date, p.id
  limit $5
  for update of p skip locked`;

const RETRY_SQL = `
  select p.id, p.pledge_id, case when p.settled_at is null then p.idempotency_key end as idempotency_key, p.processing_date
  from payments p
  join pledges pl on pl.id = p.pledge_id
  join campaigns c on c.id = pl.campaign_id
  where p.payment_status = 'Failed'
    and ${AFTER_CURSOR}
    and pl.pledge_status = 'Confirmed'
    and (
      (p.settled_at is null and p.idempotency_key is not null)
      or (p.next_retry_date <= case c.country when 'NZ' then $3::date when 'UK' then $4::date end and p.settled_at is not null)
    )
  order by p.processing_date, p.id
  limit $5
  for update of p skip locked`;

const IN_DOUBT_SQL = `
  select p.id, p.pledge_id, p.idempotency_key, p.processing_date
  from payments p
  where p.payment_status = 'Cancelled'
    and p.idempotency_key is not null
    and p.settled_at is null
    and ${AFTER_CURSOR}
  order by p.processing_date, p.id
  limit $3
  for update of p skip locked`;

/**
 * Of these due payments this worker now owns, those with an earlier week of their pledge still to
 * be charged that it does not own (another worker is charging it, or its attempt was left in
 * doubt): they are let go unclaimed, so a pledge's weeks are never charged out of date order. A
 * week Processing at the provider does not hold the later ones back.
 */
const BLOCKED_BY_EARLIER_WEEK_SQL = `
  select p.id, pg_advisory_unlock($2, p.id)
  from payments p
  where p.id = any($1::int[])
    and exists (
      select 1 from payments x
       where x.pledge_id = p.pledge_id and x.payment_status = 'Pending' and x.processing_at is null
         and (x.processing_date, x.id) < (p.processing_date, p.id)
         and x.id <> all($1::int[]))`;

type Candidate = { id: number; pledge_id: number; idempotency_key: string | null; processing_date: IsoDate };

/**
 * Claims up to `limit` payments after the cursor `after` in one short transaction: row locks
 * (skipping rows another worker is claiming right now) decide who looks at a row, the CLAIM advisory
 * lock (skipping payments a live worker already owns) decides who owns it, and a due payment's
 * idempotency key and attempt count are written before anything is sent to the provider. Claims come
 * in (processing date, id) order. `next` is the cursor after the last payment looked at (null when
 * there was nothing left), so the caller moves on even past skipped rows.
 */
export async function claimBatch(
  session: Session,
  opts: { scope: ClaimScope; due: DueDates; after: ClaimCursor | null; limit: number; now: Date },
): Promise<{ claims: Claim[]; next: ClaimCursor | null }> {
  const owned: number[] = [];
  await session.query('begin');
  try {
    const cursor = [opts.after?.date ?? null, opts.after?.id ?? 0];
    const candidates = (
      opts.scope !== 'cancelled-in-doubt'
        ? await session.query<Candidate>(opts.scope === 'due' ? DUE_SQL : RETRY_SQL, [...cursor, opts.due.NZ, opts.due.UK, opts.limit])
        : await session.query<Candidate>(IN_DOUBT_SQL, [...cursor, opts.limit])
    ).rows;
    if (candidates.length === 0) {
      await session.query('commit');
      return { claims: [], next: null };
    }
    const last = candidates[candidates.length - 1]!;

    const locked = await session.query<{ id: number }>(
      'select id from unnest($1::int[]) as t(id) where pg_try_advisory_lock($2, id)',
      [candidates.map((c) => c.id), CLAIM_LOCK],
    );
    owned.push(...locked.rows.map((r) => r.id));
    if (opts.scope === 'due' && owned.length > 0) {
      const blocked = await session.query<{ id: number }>(BLOCKED_BY_EARLIER_WEEK_SQL, [owned, CLAIM_LOCK]);
      const letGo = new Set(blocked.rows.map((r) => r.id));
      owned.splice(0, owned.length, ...owned.filter((id) => !letGo.has(id)));
    }
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
      pledgeId: c.pledge_id,
      idempotencyKey: keys.get(c.id) ?? c.idempotency_key!,
      inDoubt: c.idempotency_key !== null,
    }));
    return { claims, next: { date: last.processing_date, id: last.id } };
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

/**
 * Starts a donor's new attempt on a settled Failed payment: its key and row are committed before
 * the provider is called. Returns the idempotency key, or null when the payment is not (or no
 * longer) a settled failure.
 */
export async function startDonorAttempt(
  session: Session,
  paymentId: number,
  kind: 'pay_now' | 'confirm',
  methodId: string | null,
  now: Date,
): Promise<string | null> {
  const { rows } = await session.query<{ idempotency_key: string }>(
    `with keyed as (
       update payments
          set idempotency_key = 'payment-' || id || '-attempt-' || (attempts + 1),
              attempts = attempts + 1, attempted_at = $2, settled_at = null, next_retry_date = null,
              stripe_payment_method_id = coalesce($4, stripe_payment_method_id)
        where id = $1 and payment_status = 'Failed' and settled_at is not null
        returning id, idempotency_key
     ), logged as (
       insert into payment_attempts (payment_id, kind, idempotency_key, started_at)
       select id, $3, idempotency_key, $2 from keyed
     )
     select idempotency_key from keyed`,
    [paymentId, now, kind, methodId],
  );
  return rows[0]?.idempotency_key ?? null;
}

// Outcomes

const ATTEMPT_OUTCOME = { Success: 'succeeded', Failed: 'failed', Processing: 'processing', Cancelled: null } as const;

/** What a recorded success means for the donor's mails, read in the statement that records it (docs/decisions/145). */
export type Given = {
  /**
   * The receipt's "given so far": everything the pledge has received once this outcome is recorded,
   * this one included when it succeeded, net of succeeded refunds (a pending one has not reached the
   * donor yet: docs/decisions/132-refunds.md). Read in the same statement as the receipt number is
   * allotted, so both follow the order the money was received (docs/decisions/145).
   */
  paidSoFar: Minor;
  /** How many of the pledge's payments are paid now, this one included: the milestones' count. */
  paidCount: number;
  /** What all of them add up to now, net of succeeded refunds: the milestone mail's figure. */
  paidTotal: Minor;
  /**
   * The payment's receipt number, allotted by the ledger when it is received (migration 0030's
   * trigger, in the order received); null when this outcome is not a success. The receipt mail
   * names it, as the PDF receipt does (product-rules §19).
   */
  receiptNumber: string | null;
};

const refundedOf = (payment: string) =>
  `coalesce((select sum(r.amount) from refunds r where r.payment_id = ${payment}.id and r.status = 'succeeded'), 0)`;

/**
 * The pledge's paid payments as they are once `updated` is recorded: every part of a statement sees
 * the rows as they were before it, so the others are read and `updated` is added when `success`.
 */
const paidWith = (success: string) => `
  left join lateral (
    select x.id, x.processing_date, x.amount - ${refundedOf('x')} as net
      from payments x
     where x.pledge_id = updated.pledge_id and x.payment_status = 'Success' and x.id <> updated.id
    union all
    select updated.id, updated.processing_date, updated.amount - ${refundedOf('updated')} where ${success}
  ) paid on true`;

const GIVEN_COLUMNS = `
  coalesce(sum(paid.net), 0)::int as paid_so_far,
  count(paid.id)::int as paid_count,
  coalesce(sum(paid.net), 0)::int as paid_total`;

type GivenRow = { paid_so_far: number; paid_count: number; paid_total: number; receipt_number: string | null };

function givenOf(row: GivenRow): Given {
  return {
    paidSoFar: asMinor(Number(row.paid_so_far)),
    paidCount: Number(row.paid_count),
    paidTotal: asMinor(Number(row.paid_total)),
    receiptNumber: row.receipt_number ?? null,
  };
}

/**
 * Records the outcome of the attempt with this idempotency key, on the payment and on its
 * attempt row. It applies only while that attempt is the payment's current one and no outcome is
 * recorded yet — or the same status was recorded a moment earlier by the webhook (which does not
 * mail for an attempt someone is waiting on). Returns what was given (Given), or null when nothing
 * was recorded (settled otherwise meanwhile: theirs stands).
 */
export async function recordOutcome(
  session: Session,
  paymentId: number,
  idempotencyKey: string,
  outcome: Outcome,
  now: Date,
): Promise<Given | null> {
  const { rows } = await session.query<GivenRow>(
    `with updated as (
       update payments
          set payment_status = case when $3 = 'Processing' then payment_status else $3 end,
              provider_reference = coalesce($4, provider_reference),
              failure_reason = case when $3 = 'Failed' then $5 when $3 = 'Success' then null else failure_reason end,
              next_retry_date = $7::date,
              processing_at = case when $3 = 'Processing' then coalesce(processing_at, $6) else null end,
              settled_at = case when $3 = 'Processing' then null else $6 end
        where id = $1 and idempotency_key = $2
          and (settled_at is null or payment_status = $3)
          and not ($3 = 'Processing' and settled_at is not null)
        returning id, pledge_id, amount, processing_date, receipt_number
     ), attempt as (
       update payment_attempts
          set outcome = $8, decline_code = $5, provider_reference = coalesce($4, provider_reference),
              finished_at = case when $8 = 'processing' then null else $6 end
        where payment_id = $1 and idempotency_key = $2 and (finished_at is null)
          and exists (select 1 from updated)
     )${paymentMatchCtes("$3 = 'Success'", '$6')}
     select updated.receipt_number, ${GIVEN_COLUMNS}
       from updated ${paidWith("$3 = 'Success'")}
      group by updated.id, updated.receipt_number`,
    [
      paymentId,
      idempotencyKey,
      outcome.status,
      outcome.status === 'Cancelled' ? null : outcome.reference,
      outcome.status === 'Failed' ? outcome.code : null,
      now,
      outcome.status === 'Failed' ? (outcome.nextRetryDate ?? null) : null,
      outcome.status === 'Failed' ? (outcome.attempt ?? 'failed') : ATTEMPT_OUTCOME[outcome.status],
    ],
  );
  return rows[0] ? givenOf(rows[0]) : null;
}

/**
 * The provider's word from its webhook, matched by PaymentIntent id or idempotency key:
 * succeeded → Success whatever the row said (the money moved); failed → Failed only while an
 * attempt is open (never over a Success). Returns the payment when this changed it, whether
 * the caller must mail (nobody else will: it was processing, or a settled failure), and what was
 * given (Given); else null.
 */
export async function recordProviderEvent(
  session: Session,
  event: { type: 'succeeded' | 'failed'; paymentIntentId: string; idempotencyKey: string | null; code: string | null },
  now: Date,
): Promise<({ paymentId: number; mail: boolean } & Given) | null> {
  const succeeded = event.type === 'succeeded';
  const { rows } = await session.query<{ id: number; was_processing: boolean } & GivenRow>(
    `with target as (
       -- Nobody else will mail when it was processing, or was a settled failure (the browser's
       -- bank step paid it and the webhook came before the confirm call).
       select id, processing_at is not null or (payment_status = 'Failed' and settled_at is not null) as was_processing from payments
        where (provider_reference = $1 or ($2::text is not null and idempotency_key = $2))
          and case when $3 then payment_status <> 'Success'
                   else payment_status in ('Pending', 'Failed') and settled_at is null end
        order by id limit 1
        for update
     ), updated as (
       update payments p
          set payment_status = case when $3 then 'Success' else 'Failed' end,
              provider_reference = case when $3 then $1 else coalesce(p.provider_reference, $1) end,
              failure_reason = case when $3 then null else $4 end,
              next_retry_date = null,
              processing_at = null,
              settled_at = $5
         from target where p.id = target.id
        returning p.id, p.pledge_id, p.amount, p.processing_date, p.receipt_number, p.idempotency_key, target.was_processing
     ), attempt as (
       update payment_attempts a
          set outcome = case when $3 then 'succeeded' else 'failed' end, decline_code = case when $3 then null else $4 end,
              provider_reference = $1, finished_at = $5
         from updated where a.payment_id = updated.id and a.idempotency_key = updated.idempotency_key
     )${paymentMatchCtes('$3', '$5')}
     select updated.id, updated.was_processing, updated.receipt_number, ${GIVEN_COLUMNS}
       from updated ${paidWith('$3')}
      group by updated.id, updated.was_processing, updated.receipt_number`,
    [event.paymentIntentId, event.idempotencyKey, succeeded, event.code ?? 'card_declined', now],
  );
  const row = rows[0];
  if (!row) return null;
  return { paymentId: row.id, mail: row.was_processing, ...givenOf(row) };
}

// A pledge's schedule (written when the pledge is confirmed, in its transaction)

/** The weekly payments of a just-confirmed pledge, all Pending, charged to the given card. */
export async function insertSchedule(
  db: Executor,
  pledgeId: number,
  providerPaymentMethodId: string,
  schedule: { processing_date: string; amountMinor: Minor; feeCoverMinor?: Minor }[],
): Promise<void> {
  await db.insert(payments).values(
    schedule.map((p) => ({
      pledge_id: pledgeId,
      payment_status: 'Pending' as const,
      processing_date: p.processing_date,
      amount: p.amountMinor,
      fee_cover: p.feeCoverMinor ?? (0 as Minor),
      stripe_payment_method_id: providerPaymentMethodId,
    })),
  );
}

// Cancelling and erasure

/** Cancels the remaining Pending payments of these pledges (paid and failed ones stand): how many. */
export async function cancelPendingPayments(tx: Tx, pledgeIds: number[] | { ofDonor: number }): Promise<number> {
  const cancelled = await tx
    .update(payments)
    .set({ payment_status: 'Cancelled' })
    .where(and(inArray(payments.pledge_id, pledgeScope(tx, pledgeIds)), eq(payments.payment_status, 'Pending')))
    .returning({ id: payments.id });
  return cancelled.length;
}

/** Failed payments of the donor lose their automatic retry (they stay Failed): how many. */
export async function dropRetriesOfDonor(tx: Tx, userId: number): Promise<number> {
  const unretried = await tx
    .update(payments)
    .set({ next_retry_date: null })
    .where(and(inArray(payments.pledge_id, pledgeScope(tx, { ofDonor: userId })), eq(payments.payment_status, 'Failed'), isNotNull(payments.next_retry_date)))
    .returning({ id: payments.id });
  return unretried.length;
}

/** Erasure: no payment of the donor keeps a reference to a card at the provider. */
export async function forgetCardReferences(db: Executor, userId: number) {
  await db
    .update(payments)
    .set({ stripe_payment_method_id: null })
    .where(inArray(payments.pledge_id, pledgeScope(db, { ofDonor: userId })));
}

// Skipping a week (docs/decisions/134-skip-a-week.md), under the locks lockScheduleOfPledge takes

/**
 * Moves a still unclaimed Pending payment to `date`, remembering (or, with null, forgetting) the
 * date it was skipped from. False when it was no longer an unclaimed Pending payment.
 */
export async function moveScheduledPayment(tx: Tx, paymentId: number, date: IsoDate, skippedFrom: IsoDate | null): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ processing_date: date, skipped_from: skippedFrom })
    .where(and(eq(payments.id, paymentId), eq(payments.payment_status, 'Pending'), isNull(payments.idempotency_key), isNull(payments.processing_at)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * Covering the card fee (docs/decisions/135-cover-the-card-fee.md), under the same locks as a skip:
 * a still unclaimed Pending payment's weekly extra becomes `feeCoverMinor`. False when it was no
 * longer an unclaimed Pending payment.
 */
export async function setFeeCoverOfPayment(tx: Tx, paymentId: number, feeCoverMinor: Minor): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ fee_cover: feeCoverMinor })
    .where(and(eq(payments.id, paymentId), eq(payments.payment_status, 'Pending'), isNull(payments.idempotency_key), isNull(payments.processing_at)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

// Change card

/** These payments, while still Pending or Failed, are taken from `providerMethodId` from now on: how many. */
export async function setCardOfPayments(tx: Tx, paymentIds: number[], providerMethodId: string): Promise<number> {
  const rows = await tx
    .update(payments)
    .set({ stripe_payment_method_id: providerMethodId })
    .where(and(inArray(payments.id, paymentIds.concat(0)), inArray(payments.payment_status, ['Pending', 'Failed'])))
    .returning({ id: payments.id });
  return rows.length;
}

// Stripe's payment events

/**
 * Applies one payment event from Stripe's webhook once, in one transaction on the session: the
 * event's row is locked, the payment settled (recordProviderEvent) and the event marked processed.
 * 'seen' when the event is unknown or was processed before; else what recordProviderEvent returned.
 */
export async function applyPaymentEvent(
  session: Session,
  job: { eventId: string; type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'; paymentIntentId: string; idempotencyKey: string | null; failureCode: string | null },
  now: Date,
): Promise<'seen' | Awaited<ReturnType<typeof recordProviderEvent>>> {
  await session.query('begin');
  try {
    const { rows } = await session.query<{ processed_at: Date | null }>('select processed_at from webhook_events where id = $1 for update', [job.eventId]);
    if (!rows[0] || rows[0].processed_at) {
      await session.query('rollback');
      return 'seen';
    }
    const settled = await recordProviderEvent(
      session,
      {
        type: job.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
        paymentIntentId: job.paymentIntentId,
        idempotencyKey: job.idempotencyKey,
        code: job.failureCode,
      },
      now,
    );
    await session.query('update webhook_events set processed_at = $2 where id = $1', [job.eventId, now]);
    await session.query('commit');
    return settled;
  } catch (err) {
    await session.query('rollback').catch(() => undefined);
    throw err;
  }
}
