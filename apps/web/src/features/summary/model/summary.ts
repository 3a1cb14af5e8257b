import {
  addDays,
  daysBetween,
  formatLongDate,
  MONTH_NAMES,
  parseIsoDate,
  paymentDates,
  PAYMENT_INTERVAL_DAYS,
  weekIndexOf,
  type IsoDate,
} from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { chargedMinor } from '@uplift/core/fees';
import { asMinor, sumMinor, toMinor, type Minor } from '@uplift/core/money';
import type { Payment } from '@uplift/core/schemas/payment';
import { beforeSkipCutoff, skipRefusal } from '@uplift/core/skip';

// What the summary page shows, worked out from the API's answers. Dates are the campaign
// country's calendar dates; "today" is today in that country.

/** Minor units of an API amount (decimal, at most two places). */
export const minorOf = (amount: number): Minor => toMinor(amount);

/**
 * What a payment charges the card: its gift and, when the donor covers the card fee, the extra
 * (product-rules §15 "What each screen shows": the amount shown is the amount charged).
 */
export const chargedOf = (payment: Pick<Payment, 'amount' | 'fee_cover'>): Minor => chargedMinor(minorOf(payment.amount), minorOf(payment.fee_cover));

/** Impact so far: the payments that went through (product-rules §4: Success counts toward impact), less what was refunded (§19). */
export function givenSoFarMinor(payments: Payment[]): Minor {
  return sumMinor(payments.filter((p) => p.payment_status === 'Success').map((p) => asMinor(minorOf(p.amount) - (p.refunded > 0 ? minorOf(p.refunded) : 0))));
}

/**
 * A paid week that was refunded (product-rules §19): "Refunded $17.50" when all of it came back,
 * "Partly refunded: $5.00 back" when some did; null when none did.
 */
export function refundText(payment: Payment, money: (minor: Minor) => string): string | null {
  if (payment.payment_status !== 'Success' || !(payment.refunded > 0)) return null;
  const refunded = minorOf(payment.refunded);
  return refunded >= minorOf(payment.amount) ? `Refunded ${money(refunded)}` : `Partly refunded: ${money(refunded)} back`;
}

/** Payments still to be taken (Pending counts as remaining, product-rules §4). */
export function remainingPayments(payments: Payment[]): Payment[] {
  return payments.filter((p) => p.payment_status === 'Pending');
}

/** The next payment to be taken: the earliest Pending one. */
export function nextPayment(payments: Payment[]): Payment | undefined {
  return [...remainingPayments(payments)].sort((a, b) => a.processing_date.localeCompare(b.processing_date))[0];
}

/** The date of the last weekly payment: the last of the pledge's payments, else of the campaign's four. */
export function lastPaymentDate(billingStart: IsoDate, payments: Payment[]): IsoDate {
  const dates = payments.map((p) => p.processing_date).sort();
  return dates.at(-1) ?? paymentDates(billingStart)[3];
}

/** Whole days from today to the campaign's end date; 0 once it has ended. */
export function daysToGo(endDate: IsoDate, today: IsoDate): number {
  return Math.max(0, daysBetween(today, endDate));
}

export function daysToGoText(days: number): string {
  if (days === 0) return 'The challenge has finished';
  return `${days} ${days === 1 ? 'day' : 'days'} to go`;
}

/** '23 Nov'. */
export function shortDate(date: IsoDate): string {
  const { month, day } = parseIsoDate(date);
  return `${day} ${MONTH_NAMES[month - 1]!.slice(0, 3)}`;
}

export type PaymentState = 'paid' | 'failed' | 'cancelled' | 'due-today' | 'upcoming' | 'processing';

/** How a payment reads on the page: a Pending one whose day has passed is being processed. */
export function paymentState(payment: Payment, today: IsoDate): PaymentState {
  switch (payment.payment_status) {
    case 'Success':
      return 'paid';
    case 'Failed':
      return 'failed';
    case 'Cancelled':
      return 'cancelled';
    default:
      if (payment.processing_date === today) return 'due-today';
      return payment.processing_date < today ? 'processing' : 'upcoming';
  }
}

export const PAYMENT_STATE_LABEL: Record<PaymentState, string> = {
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'due-today': 'Due today',
  upcoming: 'Upcoming',
  processing: 'Processing',
};

export type CalendarDay = { date: IsoDate; isToday: boolean; isPast: boolean; payment?: Payment };

export type CalendarWeek = {
  /** 1 to 4, and 5 (or more) for a skipped week's payment moved past the fourth week. */
  number: number;
  start: IsoDate;
  end: IsoDate;
  days: CalendarDay[];
  isCurrent: boolean;
  isPast: boolean;
  payment?: Payment;
  /** The payment that was due this week and was skipped: it now falls on its processing_date. */
  skipped?: Payment;
};

/**
 * The four-week calendar (product-rules §2): weeks from the billing start, each with its payment
 * day. A skipped week (decision 134) points at its moved payment, which falls in a week after the
 * fourth: that week is added so the moved date shows on the calendar.
 */
export function buildCalendar(billingStart: IsoDate, today: IsoDate, payments: Payment[]): CalendarWeek[] {
  const byDate = new Map(payments.map((p) => [p.processing_date, p]));
  const current = weekIndexOf(billingStart, today);
  const starts: IsoDate[] = paymentDates(billingStart);
  const lastDay = addDays(starts.at(-1)!, PAYMENT_INTERVAL_DAYS - 1);
  for (const p of payments) {
    if (p.processing_date <= lastDay) continue;
    const start = addDays(billingStart, Math.floor(daysBetween(billingStart, p.processing_date) / PAYMENT_INTERVAL_DAYS) * PAYMENT_INTERVAL_DAYS);
    if (!starts.includes(start)) starts.push(start);
  }
  starts.sort();
  return starts.map((start, index) => {
    const days = Array.from({ length: PAYMENT_INTERVAL_DAYS }, (_, i): CalendarDay => {
      const date = addDays(start, i);
      return { date, isToday: date === today, isPast: date < today, payment: byDate.get(date) };
    });
    const end = days.at(-1)!.date;
    const payment = days.map((d) => d.payment).find(Boolean);
    const skipped = payments.find((p) => p.skipped_from === start);
    return { number: index + 1, start, end, days, isCurrent: current === index, isPast: end < today, payment, skipped };
  });
}

/** What the donor can do about skipping (decision 134): skip this week, undo its skip, or nothing. */
export type SkipOption = 'skip' | 'undo' | undefined;

/**
 * Whether a calendar week offers "Skip" or "Undo": the same rules the API applies (core's
 * skipRefusal), on what the page knows; the API has the last word (a run may have claimed it).
 */
export function skipOption(
  week: CalendarWeek,
  ctx: { pledgeStatus: 'Pending' | 'Confirmed' | 'Cancelled'; payments: Payment[]; country: CountryCode; now: Date },
): SkipOption {
  if (ctx.pledgeStatus !== 'Confirmed') return undefined;
  if (week.skipped) return week.skipped.payment_status === 'Pending' && beforeSkipCutoff(week.start, ctx.country, ctx.now) ? 'undo' : undefined;
  const payment = week.payment;
  if (!payment || payment.processing_date !== week.start || payment.skipped_from) return undefined;
  const refusal = skipRefusal({
    pledgeStatus: ctx.pledgeStatus,
    payment: { status: payment.payment_status, claimed: false, date: payment.processing_date },
    hasSkip: ctx.payments.some((p) => Boolean(p.skipped_from)),
    country: ctx.country,
    now: ctx.now,
  });
  return refusal === null ? 'skip' : undefined;
}

/** 'Monday 23 November 2026 (today)': the day, for a screen reader (its payment is the mark's name). */
export function describeDay(day: CalendarDay): string {
  return `${formatLongDate(day.date)}${day.isToday ? ' (today)' : ''}`;
}

const MARK_WORD: Record<PaymentState, string> = {
  paid: 'paid',
  failed: 'failed',
  cancelled: 'cancelled',
  'due-today': 'due today',
  upcoming: 'due',
  processing: 'processing',
};

/** The calendar mark's accessible name: 'payment day: £17.50 due'. */
export function markLabel(payment: Payment, today: IsoDate, money: (minor: Minor) => string): string {
  return `payment day: ${money(chargedOf(payment))} ${MARK_WORD[paymentState(payment, today)]}`;
}

/** What a payment day shows: its state's sign, or for a payment still to come the donor's currency symbol. */
export function markText(state: PaymentState, currencySymbol: string): string {
  const signs: Record<PaymentState, string> = { paid: '✓', failed: '✕', cancelled: '–', 'due-today': currencySymbol, upcoming: currencySymbol, processing: '…' };
  return signs[state];
}
