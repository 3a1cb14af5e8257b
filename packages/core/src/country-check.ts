import { addDays, formatLongDate, isIsoDate, MONTH_NAMES, type IsoDate } from './calendar.ts';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from './countries.ts';

// The country sweep's one checker (docs/decisions/090-country-data-flow.md): given the text a
// donor of one country is shown (a screen, a mail, a file's text), the slips in it — the other
// country's money or words, amounts without two decimals, and dates that are not the campaign
// country's. Every output of the app is read by the sweep and handed to this one function.

export type CountryView = {
  country: CountryCode;
  /** Today in the campaign country ("(today)" must be this date). */
  today: IsoDate;
  /** The dates this output may show; left out, any date may appear (the other rules still apply). */
  dates?: readonly IsoDate[];
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = MONTH_NAMES.join('|');
const SHORT_MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3)).join('|');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const monthOf = (name: string) => MONTH_NAMES.findIndex((m) => m.startsWith(name)) + 1;

/** 'Monday 23 November 2026', '23 November 2026', '23/11/2026', '2026-11-23' and '23 Nov' (year from today). */
export function datesIn(text: string, today: IsoDate): { shown: string; date: IsoDate | undefined; weekday?: string }[] {
  const found: { shown: string; date: IsoDate | undefined; weekday?: string }[] = [];
  const long = new RegExp(`\\b(?:(${WEEKDAYS.join('|')}),? )?(\\d{1,2}) (${MONTHS}) (\\d{4})\\b`, 'g');
  for (const m of text.matchAll(long)) {
    const date = iso(Number(m[4]), monthOf(m[3]!), Number(m[2]));
    found.push({ shown: m[0], date: isIsoDate(date) ? date : undefined, weekday: m[1] });
  }
  for (const m of text.matchAll(/\b(\d{2})\/(\d{2})\/(\d{4})\b/g)) {
    const date = iso(Number(m[3]), Number(m[2]), Number(m[1]));
    found.push({ shown: m[0], date: isIsoDate(date) ? date : undefined });
  }
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    found.push({ shown: m[0], date: isIsoDate(m[0]) ? m[0] : undefined });
  }
  const year = Number(today.slice(0, 4));
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2}) (${SHORT_MONTHS})\\b(?!\\w)`, 'g'))) {
    // A day and month without a year: the year that puts it nearest today.
    const candidates = [year - 1, year, year + 1].map((y) => iso(y, monthOf(m[2]!), Number(m[1]))).filter(isIsoDate);
    const nearest = candidates.sort((a, b) => Math.abs(Date.parse(a) - Date.parse(today)) - Math.abs(Date.parse(b) - Date.parse(today)))[0];
    found.push({ shown: m[0], date: nearest });
  }
  return found;
}

/** Every slip in `text` for a donor of `view.country`; empty when the output is right. */
export function countrySlips(text: string, view: CountryView): string[] {
  const own = COUNTRIES[view.country];
  const slips: string[] = [];

  for (const code of COUNTRY_CODES.filter((c) => c !== view.country)) {
    const other = COUNTRIES[code];
    if (other.symbol !== own.symbol && text.includes(other.symbol)) slips.push(`shows ${other.symbol}, ${other.name}'s currency symbol`);
    if (new RegExp(`\\b${other.currency}\\b`).test(text)) slips.push(`shows ${other.currency}, ${other.name}'s currency`);
    if (text.includes(other.timeZone)) slips.push(`shows ${other.timeZone}, ${other.name}'s time zone`);
    const greeting = new RegExp(`\\b${escape(other.greeting)} [A-Z][\\w'-]*[,!]`).exec(text);
    if (greeting) slips.push(`greets as in ${other.name}: "${greeting[0]}"`);
  }

  // Amounts: the symbol, or the currency code after the number, always with two decimals.
  for (const m of text.matchAll(new RegExp(`${escape(own.symbol)}\\s?(\\d+(?:,\\d{3})*)(\\.\\d+)?`, 'g'))) {
    if (!m[2] || m[2].length !== 3) slips.push(`amount without two decimals: "${m[0]}"`);
  }
  for (const m of text.matchAll(new RegExp(`(\\d+(?:,\\d{3})*)(\\.\\d+)?\\s?${own.currency}\\b`, 'g'))) {
    if (!m[2] || m[2].length !== 3) slips.push(`amount without two decimals: "${m[0]}"`);
  }

  // Dates: real, in day-month order, with the right weekday, one of the output's dates, and
  // "(today)" only on the country's today.
  const us = new RegExp(`\\b(${MONTHS}) \\d{1,2},? \\d{4}\\b`).exec(text);
  if (us) slips.push(`date in month-day order: "${us[0]}"`);
  const allowed = view.dates ? new Set(view.dates) : undefined;
  for (const { shown, date, weekday } of datesIn(text, view.today)) {
    if (!date) {
      slips.push(`not a real day-month-year date: "${shown}"`);
      continue;
    }
    if (weekday && formatLongDate(date) !== shown.replace(',', '')) slips.push(`wrong weekday: "${shown}" (${formatLongDate(date)})`);
    if (allowed && !allowed.has(date)) slips.push(`shows ${shown}, not one of this output's ${own.name} dates`);
  }
  for (const m of text.matchAll(new RegExp(`((?:${WEEKDAYS.join('|')}) \\d{1,2} (?:${MONTHS}) \\d{4}) \\(today\\)`, 'g'))) {
    if (m[1] !== formatLongDate(view.today)) slips.push(`"${m[0]}", but today in ${own.name} is ${formatLongDate(view.today)}`);
  }
  return slips;
}

/** The days of the four-week calendar from a billing start, for CountryView.dates. */
export function calendarDays(billingStart: IsoDate, weeks = 4): IsoDate[] {
  return Array.from({ length: weeks * 7 }, (_, i) => addDays(billingStart, i));
}
