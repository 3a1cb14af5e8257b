import { COUNTRIES, type CountryCode } from './countries.ts';

// Campaign dates are calendar dates ('YYYY-MM-DD') in the campaign country's time zone,
// not instants (product-rules §11). Calendar arithmetic is done on the date's own numbers in UTC,
// where every day is 24 hours, so daylight saving never shifts a date.

export type IsoDate = string;

export const PAYMENTS_PER_PLEDGE = 4;
export const PAYMENT_INTERVAL_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Midnight UTC of a calendar date, in ms; setUTCFullYear keeps years below 100 literal. */
function utcMs(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

function fromUtcMs(ms: number): IsoDate {
  const d = new Date(ms);
  const y = String(d.getUTCFullYear()).padStart(4, '0');
  const m = String(d.getUTCMonth() + 1).padStart(2, '0');
  const day = String(d.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
}

/** A real calendar date in the form YYYY-MM-DD (2026-02-30 and 2026-2-3 are refused). */
export function isIsoDate(s: unknown): s is IsoDate {
  if (typeof s !== 'string') return false;
  const match = ISO_DATE.exec(s);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return fromUtcMs(utcMs(y, m, d)) === s;
}

export function parseIsoDate(date: IsoDate): { year: number; month: number; day: number } {
  if (!isIsoDate(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { year: y, month: m, day: d };
}

function toUtcMs(date: IsoDate): number {
  const { year, month, day } = parseIsoDate(date);
  return utcMs(year, month, day);
}

export function todayInCountry(country: CountryCode, now: Date): IsoDate {
  return todayIn(COUNTRIES[country].timeZone, now);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

// One formatter per zone: building Intl.DateTimeFormat is slow.
const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** The zone's wall-clock time at an instant, as ms of the same reading taken in UTC. */
function wallClockMs(timeZone: string, instant: number): number {
  let fmt = wallClocks.get(timeZone);
  if (!fmt) {
    const numeric = 'numeric' as const;
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: numeric, month: numeric, day: numeric, hour: numeric, minute: numeric, second: numeric });
    wallClocks.set(timeZone, fmt);
  }
  const parts = fmt.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return utcMs(part('year'), part('month'), part('day')) + ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000;
}

/** Today's date in a time zone at the instant `now`. */
export function todayIn(timeZone: string, now: Date): IsoDate {
  return fromUtcMs(Math.floor(wallClockMs(timeZone, now.getTime()) / DAY_MS) * DAY_MS);
}

/**
 * The instant at which `date` begins (00:00 local) in `timeZone`, DST included: the zone's offset
 * is read at a first guess and again at the answer, which differ only across a clock change.
 * (Built on Intl rather than a time-zone library: it runs in the landing page's first load.)
 * Both countries change their clocks in the small hours, so their midnight always exists.
 */
export function startOfDayInstant(date: IsoDate, timeZone: string): Date {
  const wall = toUtcMs(date);
  const guess = wall - (wallClockMs(timeZone, wall) - wall);
  return new Date(wall - (wallClockMs(timeZone, guess) - guess));
}

/** The four payment dates of a pledge: billing start + 0, 7, 14, 21 days. */
export function paymentDates(billingStart: IsoDate): [IsoDate, IsoDate, IsoDate, IsoDate] {
  return [0, 1, 2, 3].map((week) => addDays(billingStart, week * PAYMENT_INTERVAL_DAYS)) as [
    IsoDate, IsoDate, IsoDate, IsoDate,
  ];
}

/** Payment dates not yet passed; a payment due today still counts as remaining. */
export function remainingPaymentDates(billingStart: IsoDate, today: IsoDate): IsoDate[] {
  if (!isIsoDate(today)) throw new RangeError(`Not a date (YYYY-MM-DD): ${today}`);
  // ISO dates of the same shape compare correctly as strings.
  return paymentDates(billingStart).filter((date) => date >= today);
}

/**
 * Which week of the four-week calendar contains `today`: 0..3, or -1 before billing starts
 * and 4 once the four weeks are over.
 */
export function weekIndexOf(billingStart: IsoDate, today: IsoDate): number {
  const days = daysBetween(billingStart, today);
  if (days < 0) return -1;
  return Math.min(Math.floor(days / PAYMENT_INTERVAL_DAYS), PAYMENTS_PER_PLEDGE);
}

/** '23/11/2026' (day and month always two digits). */
export function formatDayMonthYear(date: IsoDate): string {
  const { year, month, day } = parseIsoDate(date);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/** '23 Nov': a chart's day label, read from the date itself. */
export function formatDayShortMonth(date: IsoDate): string {
  const { month, day } = parseIsoDate(date);
  return `${day} ${MONTH_NAMES[month - 1]!.slice(0, 3)}`;
}

/**
 * Every day from `from` to `to` (both included), in order: a chart's days, so a day with nothing
 * in it still has its place on the axis.
 */
export function eachDay(from: IsoDate, to: IsoDate): IsoDate[] {
  const count = daysBetween(from, to);
  return Array.from({ length: Math.max(count + 1, 0) }, (_, i) => addDays(from, i));
}

/** 'Monday 23 November 2026': read from the date itself, so no zone can shift it a day. */
export function formatLongDate(date: IsoDate): string {
  const { year, month, day } = parseIsoDate(date);
  const weekday = WEEKDAY_NAMES[new Date(utcMs(year, month, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}
