import type { Minor } from '@uplift/core/money';
import type { Executor, Tx } from '../../db/client.ts';
import * as repo from './ledger.repository.ts';
import * as reads from './ledger-reads.repository.ts';
import { lockPaymentsAgainstCharging } from './ledger.locks.ts';

// The ledger's operations, as other modules use them. The ledger is the only writer of `payments`
// and `payment_attempts` (docs/decisions/110-module-map-and-ledger.md): a pledge's schedule is
// written here when it is confirmed, its remaining payments are cancelled here, billing claims,
// charges and records outcomes through here, and erasure and change card move or drop what
// remains. Every step that could race with a charge waits for the CHARGE lock first
// (docs/decisions/040-billing-exactly-once.md).

// The billing run's steps on its own session, and the donor's pay-now steps, used as they are.
export {
  applyPaymentEvent,
  claimBatch,
  dropStaleRetries,
  recordOutcome,
  recordProviderEvent,
  startDonorAttempt,
  type Claim,
  type ClaimCursor,
  type ClaimScope,
  type Given,
} from './ledger.repository.ts';
export { releasePayment, releasePayments, serialSession, tryChargeLocks, withPaymentHeld, type Session } from './ledger-session.repository.ts';
export { FIRST_PAYMENT_ITS_CARD_CANNOT_COVER, loadPayment, loadPayments, type DueDates, type PaymentToCharge } from './ledger-reads.repository.ts';
export {
  findRefundablePayment,
  paymentsOfDonorWithRefunds,
  reserveRefund,
  settleRefund,
  succeededRefundCount,
  type RefundablePayment,
  type RefundReservation,
  type RefundRow,
} from './ledger-refunds.repository.ts';

// A friend's gift once its money arrived: its settlement and receipt number (docs/decisions/150).
export {
  findRefundableGift,
  reserveGiftRefund,
  searchGifts,
  settleGiftReceived,
  succeededGiftRefundCount,
  type GiftRefundReservation,
  type RefundableGift,
  type SettledGift,
} from './ledger-gifts.repository.ts';

/** Writes a just-confirmed pledge's weekly payments, all Pending, taken from the given card. */
export const scheduleWeeklyPayments = repo.insertSchedule;

/**
 * Inside a transaction: waits until no charge of these pledges' remaining payments is under way,
 * then holds them until the transaction ends (advisory locks first, then rows: the order billing
 * uses, so the two cannot deadlock). Call again after locking rows when a confirmation may have
 * added payments meanwhile: taking a held lock again is harmless.
 */
export async function holdRemainingPayments(tx: Tx, pledges: number[] | { ofDonor: number }): Promise<void> {
  await lockPaymentsAgainstCharging(tx, await reads.chargeablePaymentIds(tx, pledges));
}

/** Cancels the pledge's remaining Pending payments (call holdRemainingPayments first); paid ones stand. */
export async function cancelRemainingPayments(tx: Tx, pledgeId: number): Promise<{ cancelledPayments: number; paidMinor: Minor }> {
  const cancelledPayments = await repo.cancelPendingPayments(tx, [pledgeId]);
  return { cancelledPayments, paidMinor: await reads.paidTotal(tx, pledgeId) };
}

/**
 * Account erasure (docs/decisions/082): every remaining Pending payment of the donor is Cancelled
 * and every Failed one loses its automatic retry (it stays Failed, as a failure after its last
 * retry does), after waiting for any charge under way. Returns how many payments will not be taken.
 */
export async function cancelRemainingOfDonor(tx: Tx, userId: number): Promise<number> {
  await holdRemainingPayments(tx, { ofDonor: userId });
  const cancelled = await repo.cancelPendingPayments(tx, { ofDonor: userId });
  return cancelled + (await repo.dropRetriesOfDonor(tx, userId));
}

/** Erasure: no payment keeps a reference to a card at the provider. */
export const forgetCardReferences = repo.forgetCardReferences;

/**
 * Change card (docs/decisions/047): every remaining Pending and Failed payment of the donor's
 * Confirmed pledges is taken from the new card, after waiting for any charge in flight. Returns
 * how many payments changed and the old cards no remaining payment needs any more.
 */
export async function moveRemainingToCard(tx: Tx, userId: number, providerMethodId: string): Promise<{ updated: number; unusedCards: string[] }> {
  const remaining = await reads.remainingPaymentsOfDonor(tx, userId);
  await lockPaymentsAgainstCharging(tx, remaining.map((p) => p.id));
  const updated = await repo.setCardOfPayments(tx, remaining.map((p) => p.id), providerMethodId);
  const previous = [...new Set(remaining.map((p) => p.method).filter((m): m is string => m !== null && m !== providerMethodId))];
  // A settled payment keeps its card in its history; an old card stays only if a Pending or
  // Failed payment still needs it, and none does now.
  const needed = await reads.cardsStillNeeded(tx, previous);
  return { updated, unusedCards: previous.filter((m) => !needed.has(m)) };
}

/** Whether some Pending payment has come due in its campaign's zone (the system page and alerts). */
export async function anyPaymentDue(db: Executor, due: reads.DueDates): Promise<boolean> {
  return reads.selectAnyPaymentDue(db, due);
}
/**
 * Skipping a week (docs/decisions/134-skip-a-week.md), inside the caller's transaction, after
 * holdRemainingPayments (the CHARGE locks) and the pledge's row lock, as cancel takes them: the
 * pledge's payments with their rows locked, so a billing run can neither charge a payment while it
 * is being moved nor claim it at its old date once it has moved (its claim skips locked rows). A
 * payment a run has already claimed comes back `claimed` and must not be moved.
 */
export const lockScheduleForSkip = reads.lockScheduleOfPledge;

/** Moves an unclaimed Pending payment (rows held by lockScheduleForSkip); false when it could not. */
export const moveScheduledPayment = repo.moveScheduledPayment;
export type { ScheduledPayment } from './ledger-reads.repository.ts';

/** Sets an unclaimed Pending payment's fee cover (rows held by lockScheduleForSkip); false when it could not. */
export const setFeeCoverOfPayment = repo.setFeeCoverOfPayment;
