import { failureText } from '@uplift/core/payment-failures';
import type { PayNowResponse } from '@uplift/core/schemas/payment';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { refusedForeignRecord } from '../../errors.ts';
import type { Mailer } from '../mail/index.ts';
import { findOwnEnabledMethodByReference, loadPayment, type Outcome, outcomeOf, paymentErrors, type PaymentProvider, type PaymentToCharge, recordOutcome, type Session, startDonorAttempt, withPaymentHeld } from '../payments/index.ts';
import { billingErrors } from './billing.errors.ts';
import { chargeRequestOf } from './billing.service.ts';
import { mailOutcome } from './payment-outcome.ts';

// Paying a failed week now (docs/decisions/046-pay-now.md), with the same exactly-once
// rules as billing: the CLAIM and CHARGE locks are taken without waiting (a second click or a
// billing run working on it gets 409), a new attempt's idempotency key and attempt row are
// committed before the provider is called, and the outcome goes through recordOutcome.

export type PayNowDeps = {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  log: Pick<BaseLogger, 'error' | 'warn' | 'info'>;
  appUrl: string;
  /** The final week's receipt attaches the pledge's PDF receipt, as billing's does. */
  receipt: Config['receipt'];
  mailLinks: Config['mailLinks'];
};

function notFailed(payment: PaymentToCharge) {
  return payment.payment_status === 'Success' ? billingErrors.alreadyPaid() : billingErrors.notFailed();
}

async function ownPayment(session: Session, userId: number, paymentId: number): Promise<PaymentToCharge> {
  const payment = await loadPayment(session, paymentId);
  if (!payment) throw billingErrors.paymentNotFound();
  // Another donor's payment is answered as missing, and is a security event.
  if (payment.user_id !== userId) throw refusedForeignRecord(billingErrors.paymentNotFound());
  return payment;
}

async function startAttempt(deps: Pick<PayNowDeps, 'clock'>, session: Session, payment: PaymentToCharge, kind: 'pay_now' | 'confirm', methodId: string | null) {
  const key = await startDonorAttempt(session, payment.id, kind, methodId, deps.clock.now());
  if (!key) throw billingErrors.inProgress();
  return key;
}

const withPaymentLocks = <T>(deps: Pick<PayNowDeps, 'db'>, paymentId: number, fn: (session: Session) => Promise<T>) =>
  withPaymentHeld(deps.db, paymentId, () => billingErrors.inProgress(), fn);

async function settle(deps: PayNowDeps, session: Session, payment: PaymentToCharge, key: string, outcome: Outcome, clientSecret: string | null, methodId: string) {
  const recorded = await recordOutcome(session, payment.id, key, outcome, deps.clock.now());
  if (recorded && outcome.status === 'Success') await mailOutcome(deps, payment, outcome, recorded);
  return answer(outcome, clientSecret, methodId);
}

/** POST /api/payment/{id}/pay. */
export async function payNow(deps: PayNowDeps, userId: number, paymentId: number, methodReference: string | undefined): Promise<PayNowResponse> {
  return withPaymentLocks(deps, paymentId, async (session) => {
    const payment = await ownPayment(session, userId, paymentId);
    if (payment.payment_status !== 'Failed') throw notFailed(payment);
    if (payment.pledge_status !== 'Confirmed') throw billingErrors.pledgeCancelled();
    if (!payment.settled) throw billingErrors.inProgress();

    let methodId = payment.stripe_payment_method_id;
    if (methodReference !== undefined) {
      const method = await findOwnEnabledMethodByReference(deps.db, userId, methodReference);
      if (!method) throw paymentErrors.cardNotOnAccount();
      methodId = method.stripe_payment_method_id;
    }
    if (!payment.stripe_customer_id || !methodId) throw billingErrors.noCard();

    // The bank asked to confirm the earlier charge: the browser confirms that same charge.
    if (payment.failure_reason === 'authentication_required' && methodId === payment.stripe_payment_method_id && payment.provider_reference) {
      const earlier = await deps.payments.retrieveCharge(payment.provider_reference);
      if (earlier?.status === 'requires_action' && earlier.clientSecret) {
        return answer(outcomeOf(earlier), earlier.clientSecret, methodId);
      }
    }

    const key = await startAttempt(deps, session, payment, 'pay_now', methodReference === undefined ? null : methodId);
    const result = await deps.payments.charge({ ...chargeRequestOf(payment, key, methodId), onSession: true });
    return settle(deps, session, payment, key, outcomeOf(result), result.status === 'requires_action' ? result.clientSecret : null, methodId);
  });
}

/** POST /api/payment/{id}/confirm: after the browser's bank step, where the charge stands. */
export async function confirmPayNow(deps: PayNowDeps, userId: number, paymentId: number): Promise<PayNowResponse> {
  return withPaymentLocks(deps, paymentId, async (session) => {
    const payment = await ownPayment(session, userId, paymentId);
    if (payment.payment_status === 'Success') return answer({ status: 'Success', reference: payment.provider_reference ?? '' }, null, null);
    if (payment.payment_status !== 'Failed' || !payment.provider_reference) throw notFailed(payment);
    const now = await deps.payments.retrieveCharge(payment.provider_reference);
    if (!now) throw billingErrors.notFoundAtProvider();
    if (now.status === 'requires_action') return answer(outcomeOf(now), now.clientSecret, payment.stripe_payment_method_id);
    const key = await startAttempt(deps, session, payment, 'confirm', null);
    return settle(deps, session, payment, key, outcomeOf(now), null, payment.stripe_payment_method_id ?? '');
  });
}

function answer(outcome: Outcome, clientSecret: string | null, methodId: string | null): PayNowResponse {
  const method = methodId ? { payment_method_id: methodId } : {};
  switch (outcome.status) {
    case 'Success':
      return { payment_status: 'Success', outcome: 'succeeded', failure_reason: null, message: 'Thank you! This payment has gone through.' };
    case 'Processing':
      return { payment_status: 'Failed', outcome: 'processing', failure_reason: null, message: 'Your bank is still processing this payment. We will email you when it has gone through.' };
    case 'Failed':
      if (outcome.attempt === 'requires_action' && clientSecret) {
        return {
          payment_status: 'Failed',
          outcome: 'requires_action',
          client_secret: clientSecret,
          ...method,
          failure_reason: outcome.code,
          message: 'Your bank wants to confirm this payment with you.',
        };
      }
      return { payment_status: 'Failed', outcome: 'failed', failure_reason: outcome.code, message: failureText(outcome.code) };
    case 'Cancelled':
      return { payment_status: 'Cancelled', outcome: 'failed', failure_reason: null, message: 'This payment was cancelled.' };
  }
}
