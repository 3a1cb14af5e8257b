import { formatMoney, type Minor } from '@uplift/core/money';
import type { Payment } from '@uplift/core/schemas/payment';
import { describe, expect, it } from 'vitest';
import {
  buildCalendar,
  daysToGo,
  daysToGoText,
  describeDay,
  markLabel,
  markText,
  givenSoFarMinor,
  refundText,
  lastPaymentDate,
  nextPayment,
  paymentState,
  remainingPayments,
  shortDate,
  skipOption,
} from './summary';

const pay = (id: number, date: string, status: Payment['payment_status'], amount = 17.5): Payment => ({
  id,
  pledge_id: 1,
  payment_status: status,
  processing_date: date,
  amount,
  refunded: 0,
  failure_reason: null,
  next_retry_date: null,
  skipped_from: null,
  fee_cover: 0,
  action: null,
  payment_method_id: null,
  stripe_payment_method_id: null,
});

const schedule = [
  pay(1, '2026-11-23', 'Success'),
  pay(2, '2026-11-30', 'Failed'),
  pay(3, '2026-12-07', 'Pending'),
  pay(4, '2026-12-14', 'Pending', 17.51),
];

describe('summary figures', () => {
  it('counts only Success payments as given so far, exactly in cents', () => {
    expect(givenSoFarMinor(schedule)).toBe(1750);
    expect(givenSoFarMinor([pay(1, '2026-11-23', 'Success', 0.1), pay(2, '2026-11-30', 'Success', 0.2)])).toBe(30);
    expect(givenSoFarMinor([])).toBe(0);
  });

  it('finds the remaining and the next payment', () => {
    expect(remainingPayments(schedule).map((p) => p.id)).toEqual([3, 4]);
    expect(nextPayment(schedule)?.id).toBe(3);
    expect(nextPayment([pay(1, '2026-11-23', 'Success')])).toBeUndefined();
  });

  it('gives the last weekly payment date', () => {
    expect(lastPaymentDate('2026-11-23', schedule)).toBe('2026-12-14');
    expect(lastPaymentDate('2026-11-23', [])).toBe('2026-12-14');
  });

  it('counts days to go to the end, never below zero', () => {
    expect(daysToGo('2026-12-20', '2026-11-23')).toBe(27);
    expect(daysToGoText(27)).toBe('27 days to go');
    expect(daysToGoText(1)).toBe('1 day to go');
    expect(daysToGo('2026-12-20', '2026-12-25')).toBe(0);
    expect(daysToGoText(0)).toBe('The challenge has finished');
  });

  it('reads payment states against today', () => {
    expect(paymentState(schedule[0]!, '2026-12-07')).toBe('paid');
    expect(paymentState(schedule[1]!, '2026-12-07')).toBe('failed');
    expect(paymentState(schedule[2]!, '2026-12-07')).toBe('due-today');
    expect(paymentState(schedule[2]!, '2026-12-06')).toBe('upcoming');
    expect(paymentState(schedule[2]!, '2026-12-08')).toBe('processing');
    expect(shortDate('2026-12-07')).toBe('7 Dec');
  });
});

describe('four-week calendar', () => {
  it('has weeks 1 to 4 of seven days from the billing start, with the payment day marked', () => {
    const weeks = buildCalendar('2026-11-23', '2026-12-01', schedule);
    expect(weeks.map((w) => w.number)).toEqual([1, 2, 3, 4]);
    expect(weeks.map((w) => [w.start, w.end])).toEqual([
      ['2026-11-23', '2026-11-29'],
      ['2026-11-30', '2026-12-06'],
      ['2026-12-07', '2026-12-13'],
      ['2026-12-14', '2026-12-20'],
    ]);
    expect(weeks.every((w) => w.days.length === 7)).toBe(true);
    expect(weeks.map((w) => w.payment?.id)).toEqual([1, 2, 3, 4]);
    expect(weeks[1]!.days[0]!.payment?.payment_status).toBe('Failed');
    expect(weeks[1]!.days[1]!.payment).toBeUndefined();
  });

  it('highlights the current week and knows passed days', () => {
    const weeks = buildCalendar('2026-11-23', '2026-12-01', schedule);
    expect(weeks.map((w) => w.isCurrent)).toEqual([false, true, false, false]);
    expect(weeks.map((w) => w.isPast)).toEqual([true, false, false, false]);
    const week2 = weeks[1]!.days;
    expect(week2.map((d) => d.isPast)).toEqual([true, false, false, false, false, false, false]);
    expect(week2[1]!.isToday).toBe(true);
    expect(buildCalendar('2026-11-23', '2026-11-20', schedule).some((w) => w.isCurrent)).toBe(false);
    expect(buildCalendar('2026-11-23', '2026-12-25', schedule).every((w) => w.isPast && !w.isCurrent)).toBe(true);
  });

  it('leaves out payments of weeks the donor joined after', () => {
    const weeks = buildCalendar('2026-11-23', '2026-11-30', schedule.slice(2));
    expect(weeks.map((w) => Boolean(w.payment))).toEqual([false, false, true, true]);
  });

  it('describes a day for screen readers', () => {
    const weeks = buildCalendar('2026-11-23', '2026-11-23', schedule);
    expect(describeDay(weeks[0]!.days[0]!)).toBe('Monday 23 November 2026 (today)');
    expect(describeDay(weeks[0]!.days[1]!)).toBe('Tuesday 24 November 2026');
  });

  it("marks a payment day with the donor's own currency and names the mark", () => {
    const due = { ...schedule[1]!, payment_status: 'Pending' as const };
    const uk = (minor: Minor) => formatMoney(minor, 'UK');
    expect(markLabel(due, due.processing_date, uk)).toBe('payment day: £17.50 due today');
    expect(markLabel(due, '2026-11-23', uk)).toBe('payment day: £17.50 due');
    expect(markLabel(schedule[0]!, '2026-11-23', (m) => formatMoney(m, 'NZ'))).toBe('payment day: $17.50 paid');
    expect(markText('upcoming', '£')).toBe('£');
    expect(markText('due-today', '$')).toBe('$');
    expect(markText('paid', '£')).toBe('✓');
  });
});

describe('refunds (product-rules §19)', () => {
  const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
  it('says a paid week was refunded in full or in part, and counts what was given net', () => {
    const full = { ...pay(1, '2026-11-23', 'Success'), refunded: 17.5 };
    const part = { ...pay(2, '2026-11-30', 'Success'), refunded: 5 };
    const none = pay(3, '2026-12-07', 'Success');
    expect(refundText(full, money)).toBe('Refunded $17.50');
    expect(refundText(part, money)).toBe('Partly refunded: $5.00 back');
    expect(refundText(none, money)).toBeNull();
    expect(refundText({ ...pay(4, '2026-12-14', 'Pending'), refunded: 0 }, money)).toBeNull();
    expect(givenSoFarMinor([full, part, none])).toBe(1250 + 1750);
  });
});

describe('a skipped week (decision 134)', () => {
  const moved = [
    pay(1, '2026-11-23', 'Success'),
    pay(3, '2026-12-07', 'Pending'),
    pay(4, '2026-12-14', 'Pending'),
    { ...pay(2, '2026-12-21', 'Pending'), skipped_from: '2026-11-30' },
  ];

  it('adds the week of the moved payment after the fourth and marks the skipped week', () => {
    const weeks = buildCalendar('2026-11-23', '2026-11-24', moved);
    expect(weeks.map((w) => [w.number, w.start, w.payment?.id, w.skipped?.id])).toEqual([
      [1, '2026-11-23', 1, undefined],
      [2, '2026-11-30', undefined, 2],
      [3, '2026-12-07', 3, undefined],
      [4, '2026-12-14', 4, undefined],
      [5, '2026-12-21', 2, undefined],
    ]);
    expect(lastPaymentDate('2026-11-23', moved)).toBe('2026-12-21');
  });

  it('offers Skip on weeks still open before any skip, Undo on the skipped week until its cut-off', () => {
    const ctx = { pledgeStatus: 'Confirmed' as const, payments: schedule, country: 'NZ' as const, now: new Date('2026-11-24T00:00:00Z') };
    const plain = buildCalendar('2026-11-23', '2026-11-24', schedule);
    // Week 1 was today; week 2 is Failed; weeks 3 and 4 are Pending and open.
    expect(plain.map((w) => skipOption(w, ctx))).toEqual([undefined, undefined, 'skip', 'skip']);
    expect(plain.map((w) => skipOption(w, { ...ctx, pledgeStatus: 'Cancelled' }))).toEqual([undefined, undefined, undefined, undefined]);

    const weeks = buildCalendar('2026-11-23', '2026-11-24', moved);
    const withSkip = { ...ctx, payments: moved };
    expect(weeks.map((w) => skipOption(w, withSkip))).toEqual([undefined, 'undo', undefined, undefined, undefined]);
    // Week 2 (30 Nov in Auckland) closes at 28 Nov 11:00 UTC.
    expect(skipOption(weeks[1]!, { ...withSkip, now: new Date('2026-11-28T10:59:59Z') })).toBe('undo');
    expect(skipOption(weeks[1]!, { ...withSkip, now: new Date('2026-11-28T11:00:00Z') })).toBeUndefined();
  });
});
