import { actionFor, failureText } from '@uplift/core/payment-failures';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { receiptAttachment } from '../account/account.service.ts';
import type { Executor } from '../account/account.repository.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { ChargeResult } from '../payments/payment-provider.ts';
import { paymentFailedMail, receiptMail, type PaymentMailFacts } from './billing.mails.ts';
import { loadPayment, type PaymentToCharge, type Session } from './billing.repository.ts';

// The one place where "a payment succeeded / failed" is written and told to the donor: billing
// (scheduled charges and retries), pay-now and confirm, and the Stripe webhook all come here, so
// the exactly-once rules (docs/decisions/040, 045) and the receipts and mails are the same for all.

export type Outcome =
  | { status: 'Success'; reference: string }
  /** `code` is a stable failure code (core/payment-failures.ts). */
  | { status: 'Failed'; reference: string | null; code: string; nextRetryDate?: string | null; attempt?: 'failed' | 'requires_action' }
  /** Never sent to the provider (or the provider has no record of it): nothing was taken. */
  | { status: 'Cancelled' }
  /** Accepted by the provider but not settled: stays Pending, no mail, the webhook settles it. */
  | { status: 'Processing'; reference: string };

export function outcomeOf(result: ChargeResult): Outcome {
  switch (result.status) {
    case 'succeeded':
      return { status: 'Success', reference: result.reference };
    case 'declined':
      return { status: 'Failed', reference: result.reference, code: result.code };
    case 'requires_action':
      // Off-session nobody can answer the bank: the donor is asked to ("Confirm with your bank").
      return { status: 'Failed', reference: result.reference, code: result.code, attempt: 'requires_action' };
    case 'processing':
      return { status: 'Processing', reference: result.reference };
  }
}

const ATTEMPT_OUTCOME = { Success: 'succeeded', Failed: 'failed', Processing: 'processing', Cancelled: null } as const;

/**
 * Records the outcome of the attempt with this idempotency key, on the payment and on its
 * attempt row. It applies only while that attempt is the payment's current one and no outcome is
 * recorded yet — or the same status was recorded a moment earlier by the webhook (which does not
 * mail for an attempt someone is waiting on). Returns the pledge's paid total including this
 * payment, or null when nothing was recorded (settled otherwise meanwhile: theirs stands).
 */
export async function recordOutcome(
  session: Session,
  paymentId: number,
  idempotencyKey: string,
  outcome: Outcome,
  now: Date,
): Promise<{ paidSoFar: number } | null> {
  const { rows } = await session.query<{ paid_so_far: number }>(
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
        returning id, pledge_id, amount
     ), attempt as (
       update payment_attempts
          set outcome = $8, decline_code = $5, provider_reference = coalesce($4, provider_reference),
              finished_at = case when $8 = 'processing' then null else $6 end
        where payment_id = $1 and idempotency_key = $2 and (finished_at is null)
          and exists (select 1 from updated)
     )
     select (select coalesce(sum(x.amount), 0) from payments x
              where x.pledge_id = updated.pledge_id and x.payment_status = 'Success' and x.id <> updated.id)
            + case when $3 = 'Success' then updated.amount else 0 end as paid_so_far
       from updated`,
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
  return rows[0] ? { paidSoFar: Number(rows[0].paid_so_far) } : null;
}

/**
 * The provider's word from its webhook, matched by PaymentIntent id or idempotency key:
 * succeeded → Success whatever the row said (the money moved); failed → Failed only while an
 * attempt is open (never over a Success). Returns the payment when this changed it, and whether
 * the caller must mail (nobody else will: it was processing, or a settled failure); else null.
 */
export async function recordProviderEvent(
  session: Session,
  event: { type: 'succeeded' | 'failed'; paymentIntentId: string; idempotencyKey: string | null; code: string | null },
  now: Date,
): Promise<{ paymentId: number; mail: boolean; paidSoFar: number } | null> {
  const succeeded = event.type === 'succeeded';
  const { rows } = await session.query<{ id: number; was_processing: boolean; paid_before: number; amount: number }>(
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
        returning p.id, p.pledge_id, p.amount, p.idempotency_key, target.was_processing
     ), attempt as (
       update payment_attempts a
          set outcome = case when $3 then 'succeeded' else 'failed' end, decline_code = case when $3 then null else $4 end,
              provider_reference = $1, finished_at = $5
         from updated where a.payment_id = updated.id and a.idempotency_key = updated.idempotency_key
     )
     -- Every part of the statement sees the rows as they were before it: the sum leaves this one out.
     select id, was_processing, amount,
            (select coalesce(sum(x.amount), 0) from payments x
              where x.pledge_id = updated.pledge_id and x.payment_status = 'Success' and x.id <> updated.id) as paid_before
       from updated`,
    [event.paymentIntentId, event.idempotencyKey, succeeded, event.code ?? 'card_declined', now],
  );
  const row = rows[0];
  if (!row) return null;
  return { paymentId: row.id, mail: row.was_processing, paidSoFar: Number(row.paid_before) + (succeeded ? Number(row.amount) : 0) };
}

export type OutcomeMailDeps = {
  mailer: Mailer;
  log: Pick<BaseLogger, 'error'>;
  appUrl: string;
  /** The trust's receipt details: the final payment's receipt mail attaches the pledge's PDF receipt,
   *  whichever path settled it (billing, pay-now, confirm, webhook), so they are required of every caller. */
  receipt: Config['receipt'];
  db: Executor;
  clock: Clock;
};

/** The receipt, or the failed-payment mail with the link straight to its action. Never throws. */
export async function mailOutcome(deps: OutcomeMailDeps, payment: PaymentToCharge, outcome: Outcome, paidSoFar: number): Promise<void> {
  if (outcome.status === 'Cancelled' || outcome.status === 'Processing') return; // nothing to tell yet / told already
  const facts: PaymentMailFacts = {
    firstName: payment.first_name,
    country: payment.country,
    charity: payment.recipient_name,
    amount: payment.amount,
    processingDate: payment.processing_date,
    paymentNumber: payment.payment_number,
    paymentCount: payment.payment_count,
    pledgeTotal: payment.confirmed_amount,
    summaryUrl: `${deps.appUrl}/summary`,
  };
  try {
    if (outcome.status === 'Success') {
      const isFinal = payment.payment_number === payment.payment_count;
      const pdf = isFinal ? await receiptAttachment(deps.db, payment.pledge_id, deps.receipt, deps.clock.now()) : undefined;
      await deps.mailer.send(payment.email, 'payment-receipt', receiptMail({ ...facts, paidSoFar, reference: outcome.reference }), pdf ? [pdf] : undefined);
    } else {
      await deps.mailer.send(
        payment.email,
        'payment-failed',
        paymentFailedMail({
          ...facts,
          reason: failureText(outcome.code),
          action: actionFor(outcome.code),
          retryDate: outcome.nextRetryDate ?? null,
          actionUrl: `${deps.appUrl}/summary?pay=${payment.id}`,
        }),
      );
    }
  } catch (err) {
    // The payment is recorded; only the mail is missing, and the log says which.
    deps.log.error({ err, paymentId: payment.id, kind: outcome.status }, 'could not record the mail for a payment');
  }
}

/** Loads what a mail needs and sends it (for callers that did not load the payment already). */
export async function mailOutcomeById(deps: OutcomeMailDeps, session: Session, paymentId: number, outcome: Outcome, paidSoFar: number) {
  const payment = await loadPayment(session, paymentId);
  if (payment) await mailOutcome(deps, payment, outcome, paidSoFar);
}
