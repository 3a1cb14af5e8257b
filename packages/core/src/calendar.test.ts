import { describe, expect, it } from 'vitest';
import {
  PAYMENTS_PER_PLEDGE,
  addDays,
  daysBetween,
  eachDay,
  formatDayMonthYear,
  formatDayShortMonth,
  formatLongDate,
  isIsoDate,
  parseIsoDate,
  paymentDates,
  remainingPaymentDates,
  startOfDayInstant,
  todayIn,
  todayInCountry,
  weekIndexOf,
} from './calendar.ts';

const at = (iso: string) => new Date(iso);
const AKL = 'Pacific/Auckland';
const LON = 'Europe/London';

describe('isIsoDate', () => {
  it('accepts real dates only', () => {
    expect(isIsoDate('2026-11-23')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    for (const s of ['2026-02-29', '2026-02-30', '1900-02-29', '2026-13-01', '2026-00-10', '2026-11-31', '2026-11-00',
      '2026-1-5', '26-11-23', '2026/11/23', '2026-11-23T00:00:00Z', ' 2026-11-23', '']) {
      expect(isIsoDate(s), s).toBe(false);
    }
    expect(isIsoDate(20261123)).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
  });

  it('parses into numbers or throws', () => {
    expect(parseIsoDate('2026-11-03')).toEqual({ year: 2026, month: 11, day: 3 });
    expect(() => parseIsoDate('2026-02-30')).toThrow(RangeError);
  });
});

describe('todayIn', () => {
  it('is already tomorrow in Auckland while still today in London', () => {
    const now = at('2026-11-22T11:30:00Z');
    expect(todayIn(AKL, now)).toBe('2026-11-23');
    expect(todayIn(LON, now)).toBe('2026-11-22');
    expect(todayInCountry('NZ', now)).toBe('2026-11-23');
    expect(todayInCountry('UK', now)).toBe('2026-11-22');
  });

  it('turns over at local midnight (NZDT +13 in November)', () => {
    expect(todayIn(AKL, at('2026-11-22T10:59:59.999Z'))).toBe('2026-11-22');
    expect(todayIn(AKL, at('2026-11-22T11:00:00Z'))).toBe('2026-11-23');
    expect(todayIn(LON, at('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(todayIn(LON, at('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });

  it('is the new day from the first seconds after local midnight (the seconds count forwards)', () => {
    expect(todayIn(AKL, at('2026-11-22T11:00:30Z'))).toBe('2026-11-23');
    expect(todayIn(LON, at('2026-11-23T00:00:30Z'))).toBe('2026-11-23');
  });

  it('follows winter and summer offsets', () => {
    // NZST +12 in July, BST +1 in July
    expect(todayIn(AKL, at('2026-07-01T11:59:00Z'))).toBe('2026-07-01');
    expect(todayIn(AKL, at('2026-07-01T12:00:00Z'))).toBe('2026-07-02');
    expect(todayIn(LON, at('2026-07-01T22:59:00Z'))).toBe('2026-07-01');
    expect(todayIn(LON, at('2026-07-01T23:00:00Z'))).toBe('2026-07-02');
  });

  it('crosses the year', () => {
    expect(todayIn(AKL, at('2026-12-31T11:00:00Z'))).toBe('2027-01-01');
    expect(todayIn(LON, at('2026-12-31T11:00:00Z'))).toBe('2026-12-31');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, years, leap days and DST changes', () => {
    expect(addDays('2026-11-23', 7)).toBe('2026-11-30');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-04-04', 1)).toBe('2026-04-05'); // NZ clocks go back on 5 April
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30'); // UK clocks go forward on 29 March
    expect(addDays('2026-11-23', 0)).toBe('2026-11-23');
    expect(() => addDays('2026-11-23', 1.5)).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('counts whole days between dates', () => {
    expect(daysBetween('2026-11-23', '2026-11-30')).toBe(7);
    expect(daysBetween('2026-11-30', '2026-11-23')).toBe(-7);
    expect(daysBetween('2026-11-23', '2026-11-23')).toBe(0);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
  });
});

describe('startOfDayInstant', () => {
  it('is local midnight in each zone', () => {
    expect(startOfDayInstant('2026-11-23', AKL).toISOString()).toBe('2026-11-22T11:00:00.000Z'); // NZDT +13
    expect(startOfDayInstant('2026-06-15', AKL).toISOString()).toBe('2026-06-14T12:00:00.000Z'); // NZST +12
    expect(startOfDayInstant('2026-11-23', LON).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // GMT
    expect(startOfDayInstant('2026-06-15', LON).toISOString()).toBe('2026-06-14T23:00:00.000Z'); // BST
  });

  const HOUR = 3600_000;
  const dayLength = (date: string, tz: string) =>
    (startOfDayInstant(addDays(date, 1), tz).getTime() - startOfDayInstant(date, tz).getTime()) / HOUR;

  it('is right across NZ DST changes (ends first Sunday of April, starts last Sunday of September)', () => {
    expect(startOfDayInstant('2026-04-05', AKL).toISOString()).toBe('2026-04-04T11:00:00.000Z');
    expect(startOfDayInstant('2026-04-06', AKL).toISOString()).toBe('2026-04-05T12:00:00.000Z');
    expect(dayLength('2026-04-05', AKL)).toBe(25);
    expect(startOfDayInstant('2026-09-27', AKL).toISOString()).toBe('2026-09-26T12:00:00.000Z');
    expect(startOfDayInstant('2026-09-28', AKL).toISOString()).toBe('2026-09-27T11:00:00.000Z');
    expect(dayLength('2026-09-27', AKL)).toBe(23);
    expect(dayLength('2026-09-26', AKL)).toBe(24);
  });

  it('is right across UK DST changes (last Sunday of March and of October)', () => {
    expect(startOfDayInstant('2026-03-29', LON).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDayInstant('2026-03-30', LON).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(dayLength('2026-03-29', LON)).toBe(23);
    expect(startOfDayInstant('2026-10-25', LON).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(startOfDayInstant('2026-10-26', LON).toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect(dayLength('2026-10-25', LON)).toBe(25);
  });

  it('agrees with todayIn', () => {
    for (const tz of [AKL, LON]) {
      for (const date of ['2026-04-05', '2026-09-27', '2026-03-29', '2026-10-25', '2026-11-23']) {
        const start = startOfDayInstant(date, tz);
        expect(todayIn(tz, start)).toBe(date);
        expect(todayIn(tz, new Date(start.getTime() - 1))).toBe(addDays(date, -1));
      }
    }
  });
});

describe('payment dates', () => {
  it('are the billing start and weekly after it', () => {
    expect(PAYMENTS_PER_PLEDGE).toBe(4);
    expect(paymentDates('2026-11-23')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14']);
    expect(paymentDates('2026-12-20')).toEqual(['2026-12-20', '2026-12-27', '2027-01-03', '2027-01-10']);
  });

  it('count today as remaining', () => {
    const start = '2026-11-23';
    expect(remainingPaymentDates(start, '2026-11-22')).toHaveLength(4);
    expect(remainingPaymentDates(start, '2026-11-23')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14']);
    expect(remainingPaymentDates(start, '2026-11-24')).toEqual(['2026-11-30', '2026-12-07', '2026-12-14']);
    expect(remainingPaymentDates(start, '2026-11-30')).toEqual(['2026-11-30', '2026-12-07', '2026-12-14']);
    expect(remainingPaymentDates(start, '2026-12-14')).toEqual(['2026-12-14']);
    expect(remainingPaymentDates(start, '2026-12-15')).toEqual([]);
    expect(() => remainingPaymentDates(start, '2026-11-31')).toThrow(RangeError);
  });

  it('place today in the four-week calendar', () => {
    const start = '2026-11-23';
    expect(weekIndexOf(start, '2026-11-22')).toBe(-1);
    expect(weekIndexOf(start, '2026-11-23')).toBe(0);
    expect(weekIndexOf(start, '2026-11-29')).toBe(0);
    expect(weekIndexOf(start, '2026-11-30')).toBe(1);
    expect(weekIndexOf(start, '2026-12-07')).toBe(2);
    expect(weekIndexOf(start, '2026-12-20')).toBe(3);
    expect(weekIndexOf(start, '2026-12-21')).toBe(4);
    expect(weekIndexOf(start, '2027-03-01')).toBe(4);
  });
});

describe('date formats', () => {
  it('day/month/year', () => {
    expect(formatDayMonthYear('2026-11-23')).toBe('23/11/2026');
    expect(formatDayMonthYear('2026-03-05')).toBe('05/03/2026');
  });

  it('a chart day is day and short month', () => {
    expect(formatDayShortMonth('2026-11-23')).toBe('23 Nov');
    expect(formatDayShortMonth('2027-01-05')).toBe('5 Jan');
  });

  it('every day between two dates, both included, across a month and a year', () => {
    expect(eachDay('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(eachDay('2026-11-23', '2026-11-23')).toEqual(['2026-11-23']);
    expect(eachDay('2026-11-24', '2026-11-23')).toEqual([]);
    // Days are dates, not instants: the weekend the UK's clocks change (28 March 2027) has no gap.
    expect(eachDay('2027-03-27', '2027-03-29')).toHaveLength(3);
  });

  it('long dates come from the date itself, whatever the zone', () => {
    expect(formatLongDate('2026-11-23')).toBe('Monday 23 November 2026');
    expect(formatLongDate('2026-04-05')).toBe('Sunday 5 April 2026');
    expect(formatLongDate('2024-02-29')).toBe('Thursday 29 February 2024');
  });
});
