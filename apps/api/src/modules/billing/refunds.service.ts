import { todayInCountry } from '@uplift/core/calendar';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { AdminPayment, Refund, RefundRequest } from '@uplift/core/schemas/refund';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { recordAdminAction } from '../audit/index.ts';
import type { Mailer } from '../mail/index.ts';
import {
  paymentsOfDonorWithRefunds,
  reserveRefund,
  settleRefund,
  succeededRefundCount,
  type PaymentProvider,
  type RefundablePayment,
  type RefundResult,
  type RefundRow,
} from '../payments/index.ts';
import { receiptToDraw } from '../pledges/index.ts';
import { billingErrors } from './billing.errors.ts';
import { refundMail } from './billing.mails.ts';

// An admin gives back a Success payment, fully or in part (docs/decisions/132-refunds.md):
// 1. the ledger reserves the refund (a Pending row with its idempotency key) under the payment's
//    row lock, checked against what was charged less pending and succeeded refunds: committed
//    before the provider is called, so two admins at once can never give back more than was paid;
// 2. the provider is asked, outside any transaction, with that key;
// 3. its answer settles the row (Succeeded or Failed) and the admin audit records it, in one
//    transaction; a refund that went through mails the donor with the corrected receipt.

export type RefundDeps = {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  log: Pick<BaseLogger, 'error' | 'info'>;
  appUrl: string;
};

function refundJson(row: RefundRow, refundable: number): Refund {
  return {
    id: row.id,
    payment_id: row.payment_id,
    gift_id: row.gift_id,
    amount_minor: row.amount,
    reason: row.reason,
    status: row.status,
    provider_reference: row.provider_reference,
    failure_message: row.failure_message,
    admin_user_id: row.admin_user_id,
    created_at: row.created_at.toISOString(),
    settled_at: row.settled_at ? row.settled_at.toISOString() : null,
    refundable_minor: refundable,
  };
}

/** POST /api/admin/payments/{paymentId}/refunds: the refund as it settled (201), or the reason it did not. */
export async function refundPayment(deps: RefundDeps, adminId: number, paymentId: number, input: RefundRequest): Promise<Refund> {
  const amount = asMinor(input.amountMinor);
  const reservation = await reserveRefund(deps.db, { paymentId, amount, reason: input.reason, adminId, now: deps.clock.now() });
  if (reservation.kind === 'not_found') throw billingErrors.refundPaymentNotFound({ paymentId });
  if (reservation.kind === 'not_refundable') throw billingErrors.refundNotPaid({ status: reservation.payment.payment_status });
  if (reservation.kind === 'too_much') {
    const p = reservation.payment;
    const money = (m: number) => formatMoney(asMinor(m), p.country);
    throw billingErrors.refundTooMuch({ most: money(Math.max(0, p.refundable)), charged: money(p.amount), taken: money(p.amount - p.refundable) });
  }
  const { payment, refund } = reservation;

  let result: RefundResult;
  try {
    result = await deps.payments.refund({
      chargeReference: payment.provider_reference!,
      amountMinor: amount,
      idempotencyKey: refund.idempotency_key,
      metadata: { payment_id: String(payment.id), refund_id: String(refund.id) },
    });
  } catch (err) {
    // No answer: the money may or may not have moved. The row stays Pending, so its amount stays
    // reserved; asking again with the same key can never refund twice.
    deps.log.error({ err, refundId: refund.id, paymentId }, 'refund: the provider did not answer; left pending');
    throw billingErrors.refundInDoubt();
  }

  const now = deps.clock.now();
  const settled = await deps.db.transaction(async (tx) => {
    const row = await settleRefund(
      tx,
      refund.id,
      result.status === 'succeeded'
        ? { status: 'succeeded', reference: result.reference, message: null }
        : { status: 'failed', reference: result.reference, message: result.message },
      now,
    );
    const after = row ?? refund;
    await recordAdminAction(tx, {
      adminId,
      action: 'payment.refund',
      target: `payment ${paymentId}`,
      before: { amount: payment.amount, refunded: payment.refunded },
      after: { refund_id: after.id, amount: after.amount, reason: after.reason, status: after.status, failure_message: after.failure_message },
      at: now,
    });
    return after;
  });

  if (settled.status === 'failed') {
    throw billingErrors.refundRefused({ providerMessage: settled.failure_message ?? 'no reason given' });
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
