import { remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { amountsMatch, pledgeTotalMinor, splitPayments } from '@uplift/core/calculator';
import { isJoinOpen } from '@uplift/core/countdown';
import { formatMoney, fromMinor, toMinor, type Minor } from '@uplift/core/money';
import type { CancelPledgeResponse, FeeCoverResponse, PledgeRequest, SkipWeekResponse } from '@uplift/core/schemas/pledge';
import { feeCoverMinor } from '@uplift/core/fees';
import { movedPaymentDate, type SkipRefusal, skipRefusal, undoSkipRefusal, weekDate } from '@uplift/core/skip';
import type { PledgeStatus } from '@uplift/core/statuses';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import { type Db, type Executor, setLocalLockTimeout } from '../../db/client.ts';
import { isLockTimeout, isUniqueViolation } from '../../db/pg-errors.ts';
import { refusedForeignRecord } from '../../errors.ts';
import {
  cancelRemainingPayments,
  findOwnEnabledMethodByReference,
  holdRemainingPayments,
  lockScheduleForSkip,
  moveScheduledPayment,
  paymentErrors,
  scheduleWeeklyPayments,
  setFeeCoverOfPayment,
} from '../payments/index.ts';
import type { Mailer } from '../mail/index.ts';
import { calendarAttachment } from './pledge-documents.service.ts';
import { pledgeCancelledMail } from './pledge-cancelled.mail.ts';
import { pledgeConfirmedMail } from './pledge-confirmed.mail.ts';
import { pledgeSkippedMail } from './pledge-skipped.mail.ts';
import { type CheckedPledge, checkOffered, checkPledgeInput, checkTotalBounds } from './pledge-input.ts';
import { pledgeErrors } from './pledges.errors.ts';
import * as repo from './pledges.repository.ts';
import type { PledgeRow } from './pledges.repository.ts';

// A pledge's whole life (product-rules §4, §7): created Pending (at registration or on its own), replaced
// while Pending, confirmed with a card, cancelled, or deleted before it was confirmed. Nothing
// else writes pledges (docs/decisions/006).

export type PledgeDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Pick<BaseLogger, 'error' | 'warn' | 'info'>;
  /** Where the app lives, for the links in mails. */
  appUrl: string;
};

/** The partial unique index that keeps one live pledge per donor and campaign. */
const ONE_LIVE_PER_CAMPAIGN = 'pledges_one_live_per_campaign';
/** How long a cancel waits for a payment that is being charged at this moment before giving up. */
const CANCEL_LOCK_TIMEOUT = '15s';

function figuresOf(checked: CheckedPledge): repo.PledgeFigures {
  return {
    campaign_id: checked.campaign_id,
    challenge_id: checked.challenge_id,
    recipient_id: checked.recipient_id,
    number_of_units: checked.number_of_units,
    cost_per_unit: checked.cost_per_unit,
    period: checked.period,
    confirmed_amount: checked.confirmed_amount,
  };
}

/**
 * Checks the figures and inserts a Pending pledge, when the user has no live one for that
 * campaign. `db` may be a transaction: registration creates the account and its pledge in one.
 */
export async function createPendingPledge(
  deps: { db: Executor; clock: Clock },
  userId: number,
  input: PledgeRequest,
): Promise<PledgeRow> {
  const now = deps.clock.now();
  const checked = await checkPledgeInput(deps.db, input, now);
  if (await repo.findLivePledgeForCampaign(deps.db, userId, checked.campaign_id)) throw pledgeErrors.exists();
  try {
    const id = await repo.insertPendingPledge(deps.db, userId, figuresOf(checked), now);
    return (await repo.findOwnPledge(deps.db, userId, id))!;
  } catch (err) {
    // The partial unique index settles a race between two tabs.
    if (isUniqueViolation(err, ONE_LIVE_PER_CAMPAIGN)) throw pledgeErrors.exists();
    throw err;
  }
}

export type ConfirmResult = {
  pledge: PledgeRow;
  payments: { processing_date: string; amountMinor: Minor; feeCoverMinor: Minor }[];
};

/** Records a mail about a pledge; the pledge stands either way, so a failure is only logged. */
async function mailSafely(log: PledgeDeps['log'], pledgeId: number, kind: string, send: () => Promise<unknown>) {
  try {
    await send();
  } catch (err) {
    log.error({ err, pledgeId }, `could not record the ${kind} mail`);
  }
}

/** GET /api/pledge/closest(/Confirmed): the user's closest pledge, or 404 'No pledges!'. */
export async function closestPledge(deps: Pick<PledgeDeps, 'db' | 'clock'>, userId: number, status?: PledgeStatus): Promise<PledgeRow> {
  const pledge = await repo.findClosestPledge(deps.db, userId, deps.clock.now(), { status });
  if (!pledge) throw pledgeErrors.none();
  return pledge;
}

/** GET /api/pledge/:id: the user's own pledge and its payments; another's is answered as missing. */
export async function ownPledgeWithPayments(deps: Pick<PledgeDeps, 'db'>, userId: number, id: number) {
  const pledge = await repo.findOwnPledge(deps.db, userId, id);
  if (!pledge) {
    // Another's pledge gets the same answer as a missing one, and is a security event.
    const owner = await repo.ownerOfPledge(deps.db, id);
    throw owner === undefined ? pledgeErrors.notFound() : refusedForeignRecord(pledgeErrors.notFound());
  }
  return { pledge, payments: await repo.listPledgePayments(deps.db, pledge.id) };
}

/**
 * PUT /api/pledge/pending: in one transaction, the donor's Pending pledge takes these figures
 * (whatever campaign it was for), or one is created. Other Pending pledges go, so exactly one
 * remains. A Confirmed pledge for the campaign answers 409, as POST does.
 */
export async function replacePendingPledge(deps: Pick<PledgeDeps, 'db' | 'clock'>, userId: number, input: PledgeRequest): Promise<PledgeRow> {
  const { db } = deps;
  const now = deps.clock.now();
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const checked = await checkPledgeInput(tx, input, now);
      // One donor's replaces run one after another; their Pending rows are then held.
      await repo.lockDonor(tx, userId);
      const pending = await repo.lockPendingPledges(tx, userId);
      const live = await repo.findLivePledgeForCampaign(tx, userId, checked.campaign_id);
      if (live && live.pledge_status !== 'Pending') throw pledgeErrors.exists();
      // Keep the row of this campaign if there is one (the unique index allows no second).
      const keep = pending.find((p) => p.campaign_id === checked.campaign_id) ?? pending[0];
      await repo.deletePendingPledges(
        tx,
        userId,
        pending.filter((p) => p !== keep).map((p) => p.id),
      );
      if (keep && (await repo.updatePendingPledge(tx, keep.id, figuresOf(checked), now))) return keep.id;
      return repo.insertPendingPledge(tx, userId, figuresOf(checked), now);
    });
  } catch (err) {
    if (isUniqueViolation(err, ONE_LIVE_PER_CAMPAIGN)) throw pledgeErrors.exists();
    throw err;
  }
  return (await repo.findOwnPledge(db, userId, id))!;
}

/** DELETE /api/pledge/delete: removes the user's Pending pledges (they have no payments yet). */
export async function discardPendingPledges(deps: Pick<PledgeDeps, 'db'>, userId: number): Promise<number> {
  const deleted = await repo.deletePendingPledges(deps.db, userId);
  if (deleted === 0) throw pledgeErrors.noPending();
  return deleted;
}

/**
 * PUT /api/pledge/confirmed: checks the card is the user's, recomputes the total from the
 * pledge's own figures and today's remaining payment dates, then in one transaction moves the
 * pledge to Confirmed and creates one Pending payment per remaining date. Mails the schedule.
 *
 * `confirmedAmount` (optional, decimal) is the total the donor was shown; when given it must
 * match the server's figure. When absent, the stored total must still be right: if a payment
 * date has passed since the pledge was made, the donor is asked to look again (409).
 */
export async function confirmPledge(
  deps: PledgeDeps,
  userId: number,
  input: { paymentMethodReference: string; confirmedAmount?: number; coverFee?: boolean },
): Promise<ConfirmResult> {
  const { db, clock, mailer, log, appUrl } = deps;
  const now = clock.now();
  const method = await findOwnEnabledMethodByReference(db, userId, input.paymentMethodReference);
  if (!method) throw paymentErrors.cardToConfirmNotOnAccount();

  const result = await db.transaction(async (tx) => {
    const pledge = await repo.lockNewestPendingPledge(tx, userId);
    if (!pledge) {
      if (await repo.hasConfirmedPledge(tx, userId)) throw pledgeErrors.alreadyConfirmed();
      throw pledgeErrors.noPendingToConfirm();
    }

    const campaign = (await repo.findCampaignOfPledge(tx, pledge.campaign_id))!;
    const country = campaign.country;
    if (!isJoinOpen({ is_active: campaign.is_active, end_date: campaign.end_date, country }, now)) {
      throw pledgeErrors.campaignClosed();
    }
    await checkOffered(tx, campaign, pledge.challenge_id, pledge.recipient_id);
    const dates = remainingPaymentDates(campaign.billing_start_date, todayInCountry(country, now));
    if (dates.length === 0) throw pledgeErrors.noPaymentsLeft();

    const total = pledgeTotalMinor({
      numberOfUnits: pledge.number_of_units,
      costPerUnitMinor: pledge.cost_per_unit,
      period: pledge.period,
      remainingWeeks: dates.length,
    });
    checkTotalBounds(total, country);
    if (input.confirmedAmount !== undefined) {
      if (!amountsMatch(toMinor(input.confirmedAmount), total)) throw pledgeErrors.confirmedAmountMismatch();
    } else if (!amountsMatch(pledge.confirmed_amount, total)) {
      throw pledgeErrors.amountChanged({ total: formatMoney(total, country) });
    }

    if (!(await repo.markConfirmed(tx, pledge.id, { confirmedAmountMinor: total, paymentMethodId: method.id, now }))) {
      throw pledgeErrors.alreadyConfirmed();
    }
    const amounts = splitPayments(total, dates.length);
    // Covering the card fee (docs/decisions/135): each payment's own extra, on top of the gift.
    const schedule = dates.map((date, i) => ({
      processing_date: date,
      amountMinor: amounts[i]!,
      feeCoverMinor: input.coverFee ? feeCoverMinor(amounts[i]!, country) : (0 as Minor),
    }));
    await scheduleWeeklyPayments(tx, pledge.id, method.stripe_payment_method_id, schedule);
    const confirmed: PledgeRow = { ...pledge, pledge_status: 'Confirmed', confirmed_amount: total, payment_method_id: method.id };
    return { pledge: confirmed, payments: schedule, campaignName: campaign.campaign_name };
  });

  const { pledge, payments, campaignName } = result;
  await mailSafely(log, pledge.id, 'pledge-confirmed', async () => {
    const facts = await repo.findPledgeMailFacts(db, pledge.id);
    if (!facts) return;
    // "Add to calendar": the remaining payments as an .ics file (modules/account).
    const ics = await calendarAttachment(db, pledge.user_id, pledge.id, appUrl, clock.now());
    await mailer.send(
      facts.email,
      'pledge-confirmed',
      pledgeConfirmedMail({
        firstName: facts.firstName,
        country: pledge.country,
        totalMinor: pledge.confirmed_amount,
        campaignName,
        challengeName: facts.challengeName,
        recipientName: facts.recipientName,
        card: method,
        schedule: payments.map((p) => ({ date: p.processing_date, amountMinor: p.amountMinor, feeCoverMinor: p.feeCoverMinor })),
        appUrl,
      }),
      ics ? [ics] : undefined,
    );
  });
  return { pledge, payments };
}

/**
 * PUT /api/pledge/cancel: the closest pledge and its remaining Pending payments become Cancelled
 * in one transaction. It first takes each payment's CHARGE lock, so it waits for a charge that is
 * under way (that payment then stands) and no charge can start while it runs (docs/decisions/040).
 */
export async function cancelPledge(deps: PledgeDeps, userId: number): Promise<CancelPledgeResponse> {
  const { db, clock, mailer, log, appUrl } = deps;
  const pledge = await closestPledge(deps, userId);
  if (pledge.pledge_status === 'Cancelled') throw pledgeErrors.alreadyCancelled();
  const now = clock.now();

  let result: { cancelledPayments: number; paidMinor: Minor };
  try {
    result = await db.transaction(async (tx) => {
      await setLocalLockTimeout(tx, CANCEL_LOCK_TIMEOUT);
      // Advisory locks first, then rows: the order the billing job uses, so the two cannot deadlock.
      await holdRemainingPayments(tx, [pledge.id]);
      const locked = await repo.lockPledge(tx, pledge.id);
      if (!locked || locked.pledge_status === 'Cancelled') throw pledgeErrors.alreadyCancelled();
      // A confirmation that committed while we waited for the row may have added payments: lock
      // those too (taking a held advisory lock again is harmless).
      await holdRemainingPayments(tx, [pledge.id]);
      await repo.markCancelled(tx, pledge.id, now);
      return cancelRemainingPayments(tx, pledge.id);
    });
  } catch (err) {
    if (isLockTimeout(err)) throw pledgeErrors.paymentInProgress();
    throw err;
  }

  await mailSafely(log, pledge.id, 'pledge-cancelled', async () => {
    const facts = await repo.findPledgeMailFacts(db, pledge.id);
    if (!facts) return;
    await mailer.send(
      facts.email,
      'pledge-cancelled',
      pledgeCancelledMail({
        firstName: facts.firstName,
        country: facts.country,
        charity: facts.recipientName,
        cancelledPayments: result.cancelledPayments,
        paidMinor: result.paidMinor,
        appUrl,
      }),
    );
  });

  return {
    message: 'Your pledge has been cancelled',
    pledge_id: pledge.id,
    pledge_status: 'Cancelled',
    cancelled_payments: result.cancelledPayments,
    paid_amount: fromMinor(result.paidMinor),
  };
}

// Skipping a week (product-rules §7 "Skipping a week"; docs/decisions/134-skip-a-week.md)

const SKIP_ERRORS: Record<SkipRefusal, () => Error> = {
  pledge_not_confirmed: () => pledgeErrors.skipNotConfirmed(),
  no_payment_that_week: () => pledgeErrors.skipNoPayment(),
  already_skipped: () => pledgeErrors.skipAlreadySkipped(),
  already_charged: () => pledgeErrors.skipAlreadyCharged(),
  too_late: () => pledgeErrors.skipTooLate(),
  not_skipped: () => pledgeErrors.skipNone(),
};

/** The donor's own pledge, or the answer for a missing one (another's is a security event too). */
async function ownPledgeOrRefuse(db: Executor, userId: number, pledgeId: number): Promise<PledgeRow> {
  const pledge = await repo.findOwnPledge(db, userId, pledgeId);
  if (pledge) return pledge;
  const owner = await repo.ownerOfPledge(db, pledgeId);
  throw owner === undefined ? pledgeErrors.notFound() : refusedForeignRecord(pledgeErrors.notFound());
}

type Moved = { skippedFrom: string; movedTo: string; amountMinor: Minor };

/**
 * Moves one payment of the donor's pledge in a transaction that holds its CHARGE locks, the pledge
 * row and the payment rows, in the order cancel takes them, so a billing run can never both charge
 * the payment and see it moved (docs/decisions/040, 134). `decide` reads the locked schedule and
 * either refuses or names the payment and its new date.
 */
async function movePayment(
  deps: PledgeDeps,
  userId: number,
  pledgeId: number,
  decide: (
    pledgeStatus: PledgeRow['pledge_status'],
    schedule: Awaited<ReturnType<typeof lockScheduleForSkip>>,
    campaign: { billing_start_date: string; country: PledgeRow['country'] },
  ) => { paymentId: number; to: string; skippedFrom: string | null; moved: Moved },
): Promise<{ pledge: PledgeRow; moved: Moved }> {
  const { db } = deps;
  const pledge = await ownPledgeOrRefuse(db, userId, pledgeId);
  const campaign = (await repo.findCampaignOfPledge(db, pledge.campaign_id))!;
  try {
    const moved = await db.transaction(async (tx) => {
      await setLocalLockTimeout(tx, CANCEL_LOCK_TIMEOUT);
      await holdRemainingPayments(tx, [pledge.id]);
      const locked = await repo.lockPledge(tx, pledge.id);
      const schedule = await lockScheduleForSkip(tx, pledge.id);
      const decision = decide(locked!.pledge_status, schedule, campaign);
      if (!(await moveScheduledPayment(tx, decision.paymentId, decision.to, decision.skippedFrom))) throw pledgeErrors.skipAlreadyCharged();
      return decision.moved;
    });
    return { pledge, moved };
  } catch (err) {
    if (isLockTimeout(err)) throw pledgeErrors.paymentInProgress();
    throw err;
  }
}

/**
 * POST /api/pledge/:id/skip: the payment of campaign week `week` moves to one week after the
 * pledge's last payment (one skip per pledge, until 24 hours before it is due in the campaign's
 * zone). Mails the new dates with the .ics.
 */
export async function skipWeek(deps: PledgeDeps, userId: number, pledgeId: number, week: number): Promise<SkipWeekResponse> {
  const now = deps.clock.now();
  const { pledge, moved } = await movePayment(deps, userId, pledgeId, (pledgeStatus, schedule, campaign) => {
    const date = weekDate(campaign.billing_start_date, week);
    const payment = schedule.find((p) => p.processing_date === date);
    const refusal = skipRefusal({
      pledgeStatus,
      payment: payment && { status: payment.payment_status, claimed: payment.claimed, date },
      hasSkip: schedule.some((p) => p.skipped_from !== null),
      country: campaign.country,
      now,
    });
    if (refusal) throw SKIP_ERRORS[refusal]();
    const to = movedPaymentDate(schedule.map((p) => p.processing_date));
    return { paymentId: payment!.id, to, skippedFrom: date, moved: { skippedFrom: date, movedTo: to, amountMinor: payment!.amount } };
  });
  await mailMoved(deps, pledge, moved, false);
  return skipAnswer(deps, pledge.id, `Week ${week} is skipped: that payment will be taken on ${moved.movedTo} instead.`, moved);
}

/** DELETE /api/pledge/:id/skip: the skipped payment goes back to its own week, until the same cut-off. */
export async function undoSkip(deps: PledgeDeps, userId: number, pledgeId: number): Promise<SkipWeekResponse> {
  const now = deps.clock.now();
  const { pledge, moved } = await movePayment(deps, userId, pledgeId, (pledgeStatus, schedule, campaign) => {
    const skipped = schedule.find((p) => p.skipped_from !== null);
    const refusal = undoSkipRefusal({
      pledgeStatus,
      skipped: skipped && { status: skipped.payment_status, claimed: skipped.claimed, date: skipped.processing_date, skippedFrom: skipped.skipped_from! },
      country: campaign.country,
      now,
    });
    if (refusal) throw SKIP_ERRORS[refusal]();
    const back = skipped!.skipped_from!;
    return { paymentId: skipped!.id, to: back, skippedFrom: null, moved: { skippedFrom: back, movedTo: back, amountMinor: skipped!.amount } };
  });
  await mailMoved(deps, pledge, moved, true);
  return { ...(await skipAnswer(deps, pledge.id, `Your skip is undone: that payment is back on ${moved.skippedFrom}.`, moved)), skipped_from: null, moved_to: null };
}

async function skipAnswer(deps: PledgeDeps, pledgeId: number, message: string, moved: Moved): Promise<SkipWeekResponse> {
  return { message, pledge_id: pledgeId, skipped_from: moved.skippedFrom, moved_to: moved.movedTo, payments: await repo.listPledgePayments(deps.db, pledgeId) };
}

async function mailMoved(deps: PledgeDeps, pledge: PledgeRow, moved: Moved, undone: boolean): Promise<void> {
  const { db, mailer, log, appUrl, clock } = deps;
  await mailSafely(log, pledge.id, 'pledge-skipped', async () => {
    const facts = await repo.findPledgeMailFacts(db, pledge.id);
    if (!facts) return;
    const schedule = await repo.paymentsOfPledge(db, pledge.id);
    const ics = await calendarAttachment(db, pledge.user_id, pledge.id, appUrl, clock.now());
    await mailer.send(
      facts.email,
      'pledge-skipped',
      pledgeSkippedMail({
        firstName: facts.firstName,
        country: facts.country,
        charity: facts.recipientName,
        skippedFrom: moved.skippedFrom,
        movedTo: moved.movedTo,
        undone,
        amountMinor: moved.amountMinor,
        // What each date will charge: the gift and, when covered, its card-fee extra (docs/decisions/135).
        schedule: schedule.map((p) => ({ date: p.processing_date, amountMinor: (p.amount + p.fee_cover) as Minor, status: p.payment_status })),
        appUrl,
      }),
      ics ? [ics] : undefined,
    );
  });
}

// Covering the card fee (product-rules §15 "Covering the card fee"; docs/decisions/135-cover-the-card-fee.md)

/**
 * PUT /api/pledge/:id/fee-cover: from the next payment on, every remaining payment carries the
 * weekly extra that covers its card fee (or none). Payments a billing run has claimed keep theirs;
 * it takes the locks a skip takes, so it never changes a payment being charged.
 */
export async function changeFeeCover(deps: PledgeDeps, userId: number, pledgeId: number, cover: boolean): Promise<FeeCoverResponse> {
  const { db } = deps;
  const pledge = await ownPledgeOrRefuse(db, userId, pledgeId);
  try {
    const changed = await db.transaction(async (tx) => {
      await setLocalLockTimeout(tx, CANCEL_LOCK_TIMEOUT);
      await holdRemainingPayments(tx, [pledge.id]);
      const locked = await repo.lockPledge(tx, pledge.id);
      if (locked?.pledge_status !== 'Confirmed') throw pledgeErrors.feeCoverNotConfirmed();
      const open = (await lockScheduleForSkip(tx, pledge.id)).filter((p) => p.payment_status === 'Pending' && !p.claimed);
      if (open.length === 0) throw pledgeErrors.feeCoverNoPaymentsLeft();
      for (const p of open) await setFeeCoverOfPayment(tx, p.id, cover ? feeCoverMinor(p.amount, pledge.country) : (0 as Minor));
      return open.length;
    });
    return {
      message: cover ? 'From your next payment on, you cover the card fee: the charity receives your whole weekly amount.' : 'From your next payment on, the card fee comes out of your gift as before.',
      pledge_id: pledge.id,
      cover_fee: cover,
      payments_changed: changed,
    };
  } catch (err) {
    if (isLockTimeout(err)) throw pledgeErrors.paymentInProgress();
    throw err;
  }
}

/** Change card: the donor's Confirmed pledges say they are paid with this saved card (in the caller's transaction). */
export const setCardOfConfirmedPledges = repo.setPaymentMethodOfConfirmed;

// Queries other modules use, published as they are.
export { findClosestPledge } from './pledges.repository.ts';
