import type { Minor } from '@uplift/core/money';
import { actionFor, failureText } from '@uplift/core/payment-failures';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { receiptToDraw } from '../pledges/index.ts';
import type { Mailer } from '../mail/index.ts';
import { paymentFailedMail, type PaymentMailFacts, receiptMail } from './billing.mails.ts';
import type { Executor } from '../../db/client.ts';
import { loadPayment, type Outcome, type PaymentToCharge, type Session } from '../payments/index.ts';

// The one place where "a payment succeeded / failed" is written and told to the donor: billing
// (scheduled charges and retries), pay-now and confirm, and the Stripe webhook all come here, so
// the exactly-once rules (docs/decisions/040, 045) and the receipts and mails are the same for all.

export type OutcomeMailDeps = {
  mailer: Mailer;
  log: Pick<BaseLogger, 'error'>;
  appUrl: string;
  /** The trust's receipt details. The final payment's receipt mail (whichever path settled it:
   *  billing, pay-now, confirm, webhook) now only describes the PDF receipt, and the mailer's drawer
   *  draws it when it sends (docs/decisions/128); no longer read here. */
  receipt: Config['receipt'];
  db: Executor;
  clock: Clock;
};

/** The receipt, or the failed-payment mail with the link straight to its action. Never throws. */
export async function mailOutcome(deps: OutcomeMailDeps, payment: PaymentToCharge, outcome: Outcome, paidSoFar: Minor): Promise<void> {
  if (outcome.status === 'Cancelled' || outcome.status === 'Processing') return; // nothing to tell yet / told already
  const facts: PaymentMailFacts = {
    firstName: payment.first_name,
    country: payment.country,
    charity: payment.recipient_name,
    amount: (payment.amount + payment.fee_cover) as Minor,
    feeCover: payment.fee_cover,
    processingDate: payment.processing_date,
    paymentNumber: payment.payment_number,
    paymentCount: payment.payment_count,
    pledgeTotal: payment.confirmed_amount,
    summaryUrl: `${deps.appUrl}/summary`,
  };
  try {
    if (outcome.status === 'Success') {
      // The final payment's mail attaches the pledge's PDF receipt: described here, drawn by the
      // mail job when it sends, so billing never waits on a PDF (docs/decisions/128).
      const isFinal = payment.payment_number === payment.payment_count;
      const pdf = isFinal ? [receiptToDraw(payment.pledge_id, payment.id, deps.clock.now())] : undefined;
      await deps.mailer.send(payment.email, 'payment-receipt', receiptMail({ ...facts, paidSoFar, reference: outcome.reference }), pdf);
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
export async function mailOutcomeById(deps: OutcomeMailDeps, session: Session, paymentId: number, outcome: Outcome, paidSoFar: Minor) {
  const payment = await loadPayment(session, paymentId);
  if (payment) await mailOutcome(deps, payment, outcome, paidSoFar);
}
