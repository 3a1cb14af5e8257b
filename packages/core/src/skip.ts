import { addDays, type IsoDate, PAYMENT_INTERVAL_DAYS, PAYMENTS_PER_PLEDGE, startOfDayInstant } from './calendar.ts';
import { COUNTRIES, type CountryCode } from './countries.ts';

// Skipping one weekly payment (product-rules §7 "Skipping a week"; docs/decisions/134-skip-a-week.md).
// A donor may skip one future payment of a pledge. It moves to one week after the pledge's last
// payment, so the pledge still gives its whole amount. A skip, and its undo, are allowed until
// 24 hours before the skipped payment is due: the start of its day in the campaign's time zone.

/** How long before a payment is due the skip (or its undo) closes. */
export const SKIP_NOTICE_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

/** The last instant (exclusive) at which the payment due on `date` may be skipped, or un-skipped. */
export function skipCutoff(date: IsoDate, country: CountryCode): Date {
  return new Date(startOfDayInstant(date, COUNTRIES[country].timeZone).getTime() - SKIP_NOTICE_HOURS * HOUR_MS);
}

/** True while the payment due on `date` can still be skipped (or its skip undone) at `now`. */
export function beforeSkipCutoff(date: IsoDate, country: CountryCode, now: Date): boolean {
  return now.getTime() < skipCutoff(date, country).getTime();
}

/** The date of the campaign's week `week` (1 to 4): billing start + 7 × (week − 1). */
export function weekDate(billingStart: IsoDate, week: number): IsoDate {
  if (!Number.isInteger(week) || week < 1 || week > PAYMENTS_PER_PLEDGE) throw new RangeError(`Not a week of the campaign: ${week}`);
  return addDays(billingStart, (week - 1) * PAYMENT_INTERVAL_DAYS);
}

/** Where a skipped payment goes: one week after the last of the pledge's payment dates. */
export function movedPaymentDate(scheduleDates: readonly IsoDate[]): IsoDate {
  if (scheduleDates.length === 0) throw new RangeError('A pledge without payments has nothing to skip');
  const last = scheduleDates.reduce((a, b) => (b > a ? b : a));
  return addDays(last, PAYMENT_INTERVAL_DAYS);
}

/** Why a skip (or an undo) is refused; each has its message in SKIP_REFUSAL_MESSAGES. */
export type SkipRefusal = 'pledge_not_confirmed' | 'no_payment_that_week' | 'already_skipped' | 'already_charged' | 'too_late' | 'not_skipped';

export const SKIP_REFUSAL_MESSAGES: Record<SkipRefusal, string> = {
  pledge_not_confirmed: 'Only a confirmed pledge can skip a week: this pledge is not confirmed or has been cancelled.',
  no_payment_that_week: 'Your pledge has no payment that week to skip.',
  already_skipped: 'You have already skipped a week of this pledge. Only one week can be skipped.',
  already_charged: 'That payment has already been charged, or is being charged right now, so it can no longer be skipped.',
  too_late: `It is too late to change that week: a payment can be skipped, or the skip undone, until ${SKIP_NOTICE_HOURS} hours before it is due.`,
  not_skipped: 'No week of this pledge is skipped.',
};

/** The payment a decision looks at: still Pending, and not yet claimed by a billing run. */
export type SkipCandidate = { status: 'Pending' | 'Success' | 'Failed' | 'Cancelled'; claimed: boolean; date: IsoDate };

/**
 * Whether the payment due in the chosen week may be skipped now (null: yes). `payment` is the
 * pledge's payment on that week's date, if any; `hasSkip` says whether the pledge has a skip already.
 */
export function skipRefusal(input: {
  pledgeStatus: 'Pending' | 'Confirmed' | 'Cancelled';
  payment: SkipCandidate | undefined;
  hasSkip: boolean;
  country: CountryCode;
  now: Date;
}): SkipRefusal | null {
  if (input.pledgeStatus !== 'Confirmed') return 'pledge_not_confirmed';
  if (input.hasSkip) return 'already_skipped';
  if (!input.payment || input.payment.status === 'Cancelled') return 'no_payment_that_week';
  if (input.payment.status !== 'Pending' || input.payment.claimed) return 'already_charged';
  if (!beforeSkipCutoff(input.payment.date, input.country, input.now)) return 'too_late';
  return null;
}

/**
 * Whether the pledge's skip may be undone now (null: yes). `skipped` is the moved payment with
 * the date it was skipped from; the cut-off is that original date's.
 */
export function undoSkipRefusal(input: {
  pledgeStatus: 'Pending' | 'Confirmed' | 'Cancelled';
  skipped: (SkipCandidate & { skippedFrom: IsoDate }) | undefined;
  country: CountryCode;
  now: Date;
}): SkipRefusal | null {
  if (input.pledgeStatus !== 'Confirmed') return 'pledge_not_confirmed';
  if (!input.skipped) return 'not_skipped';
  if (input.skipped.status !== 'Pending' || input.skipped.claimed) return 'already_charged';
  if (!beforeSkipCutoff(input.skipped.skippedFrom, input.country, input.now)) return 'too_late';
  return null;
}
