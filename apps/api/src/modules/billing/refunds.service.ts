import { todayInCountry } from '@uplift/core/calendar';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { AdminPayment, Refund, RefundRequest } from '@uplift/core/schemas/refund';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail/index.ts';
import {
  askProviderAndSettle,
  paymentErrors,
  paymentsOfDonorWithRefunds,
  refundJson,
  reserveRefund,
  succeededRefundCount,
  type PaymentProvider,
  type RefundablePayment,
  type RefundRow,
} from '../payments/index.ts';
import { receiptToDraw } from '../pledges/index.ts';
import { billingErrors } from './billing.errors.ts';
import { refundMail } from './billing.mails.ts';

// An admin gives back a Success payment, fully or in part (docs/decisions/132-refunds.md):
// 1. the ledger reserves the refund (a Pending row with its idempotency key) under the payment's
//    row lock, checked against what was charged less pending and succeeded refunds: committed
//    before the provider is called, so two admins at once can never give back more than was paid;
// 2. and 3. are the one refund model of payments (askProviderAndSettle: the provider asked with
//    that key, then the row settled with its audit entry); a refund that went through mails the
//    donor with the corrected receipt.

export type RefundDeps = {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  log: Pick<BaseLogger, 'error' | 'info'>;
  appUrl: string;
};

/** POST /api/admin/payments/{paymentId}/refunds: the refund as it settled (201), or the reason it did not. */
export async function refundPayment(deps: RefundDeps, adminId: number, paymentId: number, input: RefundRequest): Promise<Refund> {
  const amount = asMinor(input.amountMinor);
  const reservation = await reserveRefund(deps.db, { paymentId, amount, reason: input.reason, adminId, now: deps.clock.now() });
  if (reservation.kind === 'not_found') throw billingErrors.refundPaymentNotFound({ paymentId });
  if (reservation.kind === 'not_refundable') throw paymentErrors.refundPaymentNotRefundable({ status: reservation.payment.payment_status });
  if (reservation.kind === 'too_much') {
    const p = reservation.payment;
    const money = (m: number) => formatMoney(asMinor(m), p.country);
    throw paymentErrors.refundPaymentTooMuch({ most: money(Math.max(0, p.refundable)), charged: money(p.amount), taken: money(p.amount - p.refundable) });
  }
  const { payment, refund } = reservation;

  const { settled, now } = await askProviderAndSettle(deps, {
    refund,
    chargeReference: payment.provider_reference!,
    amount,
    metadata: { payment_id: String(payment.id), refund_id: String(refund.id) },
    audit: { adminId, action: 'payment.refund', target: `payment ${paymentId}`, before: { amount: payment.amount, refunded: payment.refunded } },
    inDoubt: () => paymentErrors.refundInDoubt(),
  });

  if (settled.status === 'failed') {
    throw paymentErrors.refundRefused({ providerMessage: settled.failure_message ?? 'no reason given' });
  }
  await mailRefund(deps, payment, settled, now);
  deps.log.info({ refundId: settled.id, paymentId, adminId, amount }, 'payment refunded');
  // What is left after this one: the reservation already took this refund's amount off.
  return refundJson(settled, payment.refundable);
}

/** "Your refund of $x" with the pledge's corrected receipt. Never throws: the refund stands. */
async function mailRefund(deps: RefundDeps, payment: RefundablePayment, refund: RefundRow, now: Date): Promise<void> {
  try {
    const revision = await succeededRefundCount(deps.db, payment.id);
    await deps.mailer.send(
      payment.email,
      'payment-refund',
      refundMail({
        firstName: payment.first_name,
        country: payment.country,
        charity: payment.recipient_name,
        refund: refund.amount,
        paymentAmount: payment.amount,
        processingDate: payment.processing_date,
        receiptNumber: `${payment.receipt_number ?? `payment ${payment.id}`}-R${revision}`,
        refundedSoFar: asMinor(payment.refunded + refund.amount),
        refundedOn: todayInCountry(payment.country, now),
        summaryUrl: `${deps.appUrl}/summary`,
      }),
      [receiptToDraw(payment.pledge_id, payment.id, now)],
    );
  } catch (err) {
    deps.log.error({ err, refundId: refund.id }, 'could not record the refund mail');
  }
}

/** GET /api/admin/users/{id}/payments: the donor's payments with what was and can still be refunded. */
export async function paymentsForAdmin(db: Db, userId: number): Promise<AdminPayment[]> {
  const rows = await paymentsOfDonorWithRefunds(db, userId);
  return rows.map((p) => ({
    id: p.id,
    pledge_id: p.pledge_id,
    campaign_name: p.campaign_name,
    recipient_name: p.recipient_name,
    country: p.country,
    processing_date: p.processing_date,
    payment_status: p.payment_status,
    amount_minor: p.amount,
    receipt_number: p.receipt_number,
    refunded_minor: p.refunded,
    refundable_minor: p.refundable,
  }));
}
