import type { Minor } from '@uplift/core/money';
import { actionFor, failureText } from '@uplift/core/payment-failures';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { milestoneAt, milestoneSharePath } from '@uplift/core/milestones';
import { progressLines } from '@uplift/core/progress';
import { wantsMail } from '../consents/index.ts';
import { pledgeProgressFacts, receiptToDraw } from '../pledges/index.ts';
import { type Mailer, unsubscribeLinks } from '../mail/index.ts';
import { milestoneMail, paymentFailedMail, type PaymentMailFacts, type ReceiptProgress, receiptMail } from './billing.mails.ts';
import type { Executor } from '../../db/client.ts';
import { loadPayment, type Outcome, type PaymentToCharge, type recordOutcome, type Session } from '../payments/index.ts';

/**
 * What the ledger read when it recorded the outcome (docs/decisions/145): the receipt's "given so
 * far" (the paid weeks up to this one's date, net of refunds) and, for milestones, how many payments
 * are paid and what they add up to. Read when recorded, never when the mail goes out: a catch-up
 * run records later weeks before the earlier weeks' mails are sent.
 */
export type Given = NonNullable<Awaited<ReturnType<typeof recordOutcome>>>;

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
  /** Signs the unsubscribe link of the receipt's progress part (docs/decisions/136). */
  mailLinks: Config['mailLinks'];
  db: Executor;
  clock: Clock;
};

/** The receipt, or the failed-payment mail with the link straight to its action. Never throws. */
export async function mailOutcome(deps: OutcomeMailDeps, payment: PaymentToCharge, outcome: Outcome, given: Given): Promise<void> {
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
      const progress = await receiptProgress(deps, payment, given.paidSoFar);
      await deps.mailer.send(payment.email, 'payment-receipt', receiptMail({ ...facts, paidSoFar: given.paidSoFar, receiptNumber: given.receiptNumber, reference: outcome.reference, progress }), pdf);
      await mailMilestone(deps, payment, given);
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

/**
 * The receipt's progress part (week N of 4, what was given up so far, the impact, the next date:
 * docs/decisions/137), unless the donor stopped it; then the receipt goes plain.
 */
async function receiptProgress(deps: OutcomeMailDeps, payment: PaymentToCharge, paidSoFar: Minor): Promise<ReceiptProgress | undefined> {
  if (!(await wantsMail(deps.db, payment.user_id, 'progress'))) return undefined;
  const facts = await pledgeProgressFacts(deps.db, payment.pledge_id);
  if (!facts) return undefined;
  const { title, lines } = progressLines({
    country: payment.country,
    week: payment.payment_number,
    weeks: payment.payment_count,
    challengeName: facts.challengeName,
    unit: facts.unit,
    numberOfUnits: facts.numberOfUnits,
    period: facts.period,
    givenMinor: paidSoFar,
    charity: {
      name: facts.charityName,
      impactCostMinor: facts.impactCostMinor,
      impactMultiplier: facts.impactMultiplier,
      impactUnit: facts.impactUnit,
      impactUnitSingular: facts.impactUnitSingular,
    },
    nextDate: payment.next_payment_date,
  });
  const links = await unsubscribeLinks({ key: deps.mailLinks.key, appUrl: deps.appUrl, now: deps.clock.now() }, payment.user_id, 'progress');
  return { title, lines, unsubscribeUrl: links.page };
}

/** Halfway or completed, when this payment reached it and the donor has not stopped milestone mails (docs/decisions/137). */
async function mailMilestone(deps: OutcomeMailDeps, payment: PaymentToCharge, given: Given): Promise<void> {
  const paidCount = given.paidCount;
  const milestone = milestoneAt(paidCount, payment.payment_count);
  if (!milestone || !(await wantsMail(deps.db, payment.user_id, 'milestones'))) return;
  const unsubscribe = await unsubscribeLinks({ key: deps.mailLinks.key, appUrl: deps.appUrl, now: deps.clock.now() }, payment.user_id, 'milestones');
  await deps.mailer.send(
    payment.email,
    'milestone',
    milestoneMail({
      firstName: payment.first_name,
      country: payment.country,
      charity: payment.recipient_name,
      milestone,
      paidCount,
      paymentCount: payment.payment_count,
      paidSoFar: given.paidTotal,
      pledgeTotal: payment.confirmed_amount,
      summaryUrl: `${deps.appUrl}/summary`,
      shareUrl: `${deps.appUrl}${milestoneSharePath(payment.country, milestone)}`,
      unsubscribe,
    }),
  );
}

/** Loads what a mail needs and sends it (for callers that did not load the payment already). */
export async function mailOutcomeById(deps: OutcomeMailDeps, session: Session, paymentId: number, outcome: Outcome, given: Given) {
  const payment = await loadPayment(session, paymentId);
  if (payment) await mailOutcome(deps, payment, outcome, given);
}
