import { isIsoDate, type IsoDate, todayInCountry } from '@uplift/core/calendar';
import { COUNTRIES } from '@uplift/core/countries';
import type { Minor } from '@uplift/core/money';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { finishBillingRun, insertBillingRun, selectLastBillingRun } from './billing-runs.repository.ts';
import type { Mailer } from '../mail/index.ts';
import { retryDate } from '@uplift/core/payment-failures';
import { anyPaymentDue, type Claim, claimBatch, type ClaimScope, dropStaleRetries, type DueDates, loadPayments, type Outcome, outcomeOf, type PaymentProvider, type PaymentToCharge, recordOutcome, releasePayments, serialSession, type Session, tryChargeLocks } from '../payments/index.ts';
import { mailExpiringCards } from './card-expiry.ts';
import { mailOutcome } from './payment-outcome.ts';

// Weekly billing: charges every Pending payment whose date has come, exactly once, however many
// workers run and wherever one of them crashes. The rules (docs/decisions/040):
// 1. Claim in a short transaction: row lock (SKIP LOCKED) + the CLAIM advisory lock on this
//    worker's session, and the idempotency key written before the provider is ever called.
// 2. Just before the call, take the CHARGE lock and re-read: a cancelled pledge is never charged.
//    (Up to `concurrency` payments at a time: one statement locks them, the next reads them.)
//    A pledge's weeks are claimed in date order and charged one after another, each outcome
//    recorded before the next week is charged (docs/decisions/145).
// 3. Call the provider outside any transaction, with the stored key.
// 4. Record the outcome where the key still matches and nothing is recorded yet; then mail.
// 5. A soft decline is tried once more two days later in the campaign's zone, never on or after the
//    next payment's date (docs/decisions/044); the `retry` scope claims those like due payments.
// A claim whose key has no outcome and whose owner is gone (its session ended) is "in doubt":
// the provider is asked about that key first, and a new call reuses the same key.

export type BillingDeps = {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  /** Where the app lives, for the "View my pledge" link in mails. */
  appUrl: string;
  /** The trust's receipt details. The final payment's receipt mail only describes the PDF receipt;
   *  the mail job draws it when it sends (docs/decisions/128), so the billing run never draws one. */
  receipt: Config['receipt'];
  mailLinks: Config['mailLinks'];
};

export type BillingOptions = {
  /** Charge what is due on or before this date in every country (catch-up and tests); default: today in each campaign's zone. */
  asOf?: IsoDate;
  /** Payments claimed per transaction. */
  batchSize?: number;
  /** Provider calls in flight at once (claimed payments are settled this many at a time). */
  concurrency?: number;
};

export type BillingReport = {
  dueOn: DueDates;
  succeeded: number;
  failed: number;
  /** Accepted by the provider but not settled yet: stays Pending until its webhook. */
  processing: number;
  /** Claimed, but the pledge had been cancelled: nothing taken. */
  cancelled: number;
  /** In-doubt attempts the provider knew about and that are now recorded (no new charge). */
  recovered: number;
  /** Left to another worker, a cancel in progress, or already settled elsewhere. */
  skipped: number;
  /** Provider or database errors: those payments stay claimed and are looked up on the next run. */
  errors: number;
  /** "Your card expires before your payment on …" mails sent (docs/decisions/048). */
  cardExpiryMails: number;
  /** Automatic retries of failed weeks claimed in this run (counted in succeeded, failed, … too). */
  retried: number;
};

type Result = 'succeeded' | 'failed' | 'cancelled' | 'skipped' | 'processing';

export function dueDates(clock: Clock, asOf?: IsoDate): DueDates {
  if (asOf !== undefined) {
    if (!isIsoDate(asOf)) throw new RangeError(`--as-of must be a real date in the form YYYY-MM-DD, not ${asOf}`);
    return { NZ: asOf, UK: asOf };
  }
  const now = clock.now();
  return { NZ: todayInCountry('NZ', now), UK: todayInCountry('UK', now) };
}

/**
 * One billing run over everything due. Safe to run any number of times, in parallel. Each run is
 * recorded in billing_runs with what it charged, and 'failed' when it threw or left payments in
 * doubt (the system page and the alerts read it, docs/decisions/133).
 */
export async function runBilling(deps: BillingDeps, opts: BillingOptions = {}): Promise<BillingReport> {
  const due = dueDates(deps.clock, opts.asOf);
  const runId = await insertBillingRun(deps.db, deps.clock.now());
  try {
    const report = await chargeEverythingDue(deps, opts, due);
    await finishBillingRun(deps.db, runId, {
      finished_at: deps.clock.now(),
      outcome: report.errors > 0 ? 'failed' : 'ok',
      charged: report.succeeded + report.processing,
      failed: report.failed,
      retried: report.retried,
      errors: report.errors,
      error: null,
    });
    return report;
  } catch (err) {
    await finishBillingRun(deps.db, runId, {
      finished_at: deps.clock.now(),
      outcome: 'failed',
      charged: 0,
      failed: 0,
      retried: 0,
      errors: 0,
      error: String((err as Error)?.message ?? err).slice(0, 500),
    }).catch((recordErr: unknown) => deps.log.error({ err: recordErr }, 'billing: the failed run could not be recorded'));
    throw err;
  }
}

/** The last billing run and whether payments are due now (in each campaign's zone): the system page and alerts. */
export async function billingFacts(db: Executor, clock: Clock) {
  const lastRun = await selectLastBillingRun(db);
  return { lastRun: lastRun ?? null, paymentsDue: await anyPaymentDue(db, dueDates(clock)) };
}

async function chargeEverythingDue(deps: BillingDeps, opts: BillingOptions, due: DueDates): Promise<BillingReport> {
  const batchSize = opts.batchSize ?? 100;
  const concurrency = opts.concurrency ?? 4;
  const report: BillingReport = { dueOn: due, succeeded: 0, failed: 0, processing: 0, cancelled: 0, recovered: 0, skipped: 0, errors: 0, cardExpiryMails: 0, retried: 0 };

  // The worker's own session: its advisory locks say which payments it owns. It is destroyed at the
  // end (never returned to the pool), so no lock can outlive the run.
  const client = await deps.db.$client.connect();
  client.on('error', (err) => deps.log.error({ err }, 'billing session lost'));
  const session = serialSession(client);
  // Mails of recorded outcomes, sent a claim batch at a time in payment order, while the next
  // batch is charged (a catch-up run's final receipt then sees every earlier week recorded).
  const toMail: PendingMail[] = [];
  let mailing = Promise.resolve();
  try {
    await dropStaleRetries(session, due);
    // If this fails nothing was recorded: it is logged, billing goes on, and the next run mails.
    report.cardExpiryMails = await mailExpiringCards(deps, session, due, deps.clock.now()).catch((err: unknown) => {
      deps.log.error({ err }, 'billing: card-expiry mails not sent this run; the next run tries again');
      return 0;
    });
    // In-doubt cancelled payments first (rare), then everything due, then retries.
    for (const scope of ['cancelled-in-doubt', 'due', 'retry'] as ClaimScope[]) {
      let after: ClaimCursor = null;
      for (;;) {
        const { claims, next } = await claimBatch(session, { scope, due, after, limit: batchSize, now: deps.clock.now() });
        if (next === null) break;
        after = next;
        if (scope === 'retry') report.retried += claims.length;
        await settleBatch(deps, session, claims, due, report, toMail, concurrency);
        await mailing; // at most one claim batch of mail in the air
        mailing = sendInOrder(toMail.splice(0));
      }
    }
  } finally {
    client.release(true);
    await mailing;
    await sendInOrder(toMail.splice(0)); // left by an error: their outcomes are recorded
  }
  deps.log.info({ report }, 'billing run finished');
  return report;
}

type ClaimCursor = Parameters<typeof claimBatch>[1]['after'];

/**
 * Settles a claim batch. A pledge's claims are settled one after another in date order (claims come
 * in (processing date, id) order): round k holds the k-th claim of each pledge, and a round starts
 * when the one before is recorded, so each week is charged, numbered and its "given so far" read
 * after the earlier weeks' outcomes are recorded (docs/decisions/145). Within a round, payments of
 * different pledges run side by side: two lanes of half the calls each, so while one lane waits on
 * the provider the other's statements use the session; at most `concurrency` calls are in flight.
 */
async function settleBatch(
  deps: BillingDeps,
  session: Session,
  claims: Claim[],
  due: DueDates,
  report: BillingReport,
  toMail: PendingMail[],
  concurrency: number,
): Promise<void> {
  const rounds: Claim[][] = [];
  const place = new Map<number, number>();
  const order = new Map<number, number>();
  claims.forEach((claim, i) => {
    const k = place.get(claim.pledgeId) ?? 0;
    place.set(claim.pledgeId, k + 1);
    (rounds[k] ??= []).push(claim);
    order.set(claim.id, i);
  });
  // A pledge whose week was left in doubt: its later weeks wait for the next run, which looks that one up first.
  const inDoubt = new Set<number>();
  for (const round of rounds) {
    const held = round.filter((c) => inDoubt.has(c.pledgeId));
    if (held.length > 0) {
      const ids = held.map((c) => c.id);
      report.errors += held.length;
      deps.log.error({ paymentIds: ids }, 'billing: an earlier week of the pledge was left in doubt; these stay claimed for the next run');
      await releasePayments(session, ids, new Set()).catch((err: unknown) => deps.log.error({ err, paymentIds: ids }, 'billing: unlock failed'));
    }
    const lanes = Math.min(2, concurrency);
    const size = Math.ceil(concurrency / lanes);
    const ready = round.filter((c) => !inDoubt.has(c.pledgeId));
    const chunks: Claim[][] = [];
    for (let i = 0; i < ready.length; i += size) chunks.push(ready.slice(i, i + size));
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) await settleChunk(deps, session, chunk, due, report, toMail, { order, inDoubt });
      }),
    );
  }
}

/**
 * Settles a group of claimed payments (of different pledges) together: their CHARGE locks are
 * taken in one statement just before the provider calls and their payments read in the next (so a
 * cancel that committed before is seen), the calls run side by side, each outcome is recorded as it
 * comes, and all the locks are given back in one statement. Their mails are queued in `toMail`,
 * sent after the locks are back. Fewer round trips per charge, the same rules.
 */
async function settleChunk(
  deps: BillingDeps,
  session: Session,
  claims: Claim[],
  due: DueDates,
  report: BillingReport,
  toMail: PendingMail[],
  batch: { order: Map<number, number>; inDoubt: Set<number> },
): Promise<void> {
  const ids = claims.map((c) => c.id);
  let charged = new Set<number>();
  try {
    charged = await tryChargeLocks(session, ids);
    const loaded = await loadPayments(session, [...charged]);
    await Promise.all(
      claims.map(async (claim) => {
        try {
          // Without its CHARGE lock a cancel is working on it: it will be Cancelled.
          const settled = charged.has(claim.id) ? await settleClaim(deps, session, claim, loaded.get(claim.id), due) : SKIPPED;
          report[settled.result] += 1;
          if (settled.recovered) report.recovered += 1;
          if (settled.mail) toMail.push({ order: batch.order.get(claim.id) ?? 0, send: settled.mail });
        } catch (err) {
          report.errors += 1;
          batch.inDoubt.add(claim.pledgeId);
          deps.log.error({ err, paymentId: claim.id }, 'billing: payment left in doubt; the next run looks it up by its key');
        }
      }),
    );
  } catch (err) {
    report.errors += claims.length;
    for (const claim of claims) batch.inDoubt.add(claim.pledgeId);
    deps.log.error({ err, paymentIds: ids }, 'billing: payments left in doubt; the next run looks them up by their keys');
  } finally {
    await releasePayments(session, ids, charged).catch((err: unknown) => deps.log.error({ err, paymentIds: ids }, 'billing: unlock failed'));
  }
}

type Settled = { result: Result; recovered: boolean; mail?: () => Promise<void> };
/** `order`: the claim's place in its batch, (processing date, id) order. */
type PendingMail = { order: number; send: () => Promise<void> };

/** One after another, in the payments' date order; each mail logs its own failure (mailOutcome never throws). */
async function sendInOrder(mails: PendingMail[]): Promise<void> {
  for (const mail of mails.sort((a, b) => a.order - b.order)) await mail.send();
}
const SKIPPED: Settled = { result: 'skipped', recovered: false };

/** Charges (or resolves) one claimed payment whose CHARGE lock is held; `payment` was read after the lock was taken. */
async function settleClaim(deps: BillingDeps, session: Session, claim: Claim, payment: PaymentToCharge | undefined, due: DueDates): Promise<Settled> {
  if (!payment || payment.settled || payment.idempotency_key !== claim.idempotencyKey) return SKIPPED;

  let recovered = false;
  let outcome: Outcome | undefined;
  if (claim.inDoubt) {
    // An earlier attempt with this key may have reached the provider before its worker died.
    const earlier = await deps.payments.findCharge(claim.idempotencyKey);
    // A cancelled payment only changes if money was in fact taken; a declined attempt stays Cancelled.
    if (earlier && (earlier.status === 'succeeded' || payment.payment_status !== 'Cancelled')) {
      outcome = outcomeOf(earlier);
      recovered = true;
      deps.log.warn({ paymentId: payment.id, status: earlier.status }, 'billing: recovered an attempt from before a crash');
    }
  }
  if (!outcome && payment.payment_status === 'Failed' && payment.pledge_status === 'Cancelled') {
    // A retry of a failed week whose pledge was cancelled meanwhile: nothing is taken, it stays Failed.
    outcome = { status: 'Failed', reference: null, code: payment.failure_reason ?? 'card_declined' };
  }
  if (!outcome && (payment.payment_status === 'Cancelled' || payment.pledge_status === 'Cancelled')) {
    outcome = { status: 'Cancelled' };
  }
  if (!outcome && (!['Pending', 'Failed'].includes(payment.payment_status) || payment.pledge_status !== 'Confirmed')) {
    deps.log.warn({ paymentId: payment.id, payment: payment.payment_status, pledge: payment.pledge_status }, 'billing: not chargeable; skipped');
    return { result: 'skipped', recovered };
  }
  if (!outcome) outcome = await charge(deps, payment, claim.idempotencyKey);
  if (outcome.status === 'Failed' && !payment.retried && payment.payment_status === 'Pending') {
    // The first failure of a scheduled charge: a soft decline gets its one retry.
    const nextRetryDate = retryDate(outcome.code, due[payment.country], payment.processing_date, payment.next_payment_date);
    outcome = { ...outcome, nextRetryDate };
  }
  const silent = payment.payment_status === 'Failed' && payment.pledge_status === 'Cancelled';

  const recorded = await recordOutcome(session, payment.id, claim.idempotencyKey, outcome, deps.clock.now());
  if (!recorded) return { result: 'skipped', recovered }; // settled otherwise meanwhile: theirs stands
  const result = outcome.status === 'Success' ? 'succeeded' : outcome.status === 'Failed' ? 'failed' : outcome.status === 'Processing' ? 'processing' : 'cancelled';
  const settled = outcome;
  return { result, recovered, mail: silent ? undefined : () => mailOutcome(deps, payment, settled, recorded) };
}

async function charge(deps: BillingDeps, payment: PaymentToCharge, idempotencyKey: string): Promise<Outcome> {
  if (!payment.stripe_customer_id || !payment.stripe_payment_method_id) {
    deps.log.error({ paymentId: payment.id }, 'billing: no saved card for a confirmed pledge');
    return { status: 'Failed', reference: null, code: 'card_not_available' };
  }
  const result = await deps.payments.charge(chargeRequestOf(payment, idempotencyKey));
  if (result.status === 'requires_action') {
    deps.log.warn({ paymentId: payment.id }, 'billing: card needs authentication; marked Failed, the donor is asked to confirm');
  }
  return outcomeOf(result);
}

/** What the provider is asked to take for a payment (billing, retries and pay-now alike). */
export function chargeRequestOf(payment: PaymentToCharge, idempotencyKey: string, paymentMethodId = payment.stripe_payment_method_id!) {
  return {
    customerId: payment.stripe_customer_id!,
    paymentMethodId,
    // The gift and, when the donor covers the card fee, its weekly extra (docs/decisions/135).
    amountMinor: (payment.amount + payment.fee_cover) as Minor,
    currency: COUNTRIES[payment.country].currency,
    idempotencyKey,
    description: `Uplift weekly payment ${payment.payment_number} of ${payment.payment_count} to ${payment.recipient_name}`,
    metadata: {
      payment_id: String(payment.id),
      pledge_id: String(payment.pledge_id),
      campaign_id: String(payment.campaign_id),
      user_id: String(payment.user_id),
      processing_date: payment.processing_date,
    },
  };
}
