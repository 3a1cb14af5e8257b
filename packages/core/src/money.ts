import { COUNTRIES, type CountryCode } from './countries.ts';

// Money is an integer of minor units (cents / pence). Decimal amounts are turned into
// minor units by reading their digits, never by multiplying floats, so 1.15 is 115, not 114.

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A decimal amount with at most two places, as a number or a string, to exact minor units.
 * Throws RangeError for more than two places, non-finite values, or values too large to be exact.
 */
export function toMinor(value: number | string): number {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`Not a finite amount: ${value}`);
  }
  // String(number) is the shortest text that reads back as the same number: 3.5 -> "3.5",
  // 0.1 + 0.2 -> "0.30000000000000004" (refused: it really has more than two places).
  const text = typeof value === 'number' ? String(value) : value;
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not an amount with at most two decimal places: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount too large: ${text}`);
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** Minor units to a decimal number for the API: 1250 -> 12.5. */
export function fromMinor(minor: number): number {
  return minor / 100;
}

/**
 * Rounds half away from zero (half-up for the non-negative amounts we handle).
 * Math.round alone rounds -2.5 to -2.
 */
export function roundHalfUp(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** '$1,234.50', '£7.00'; with `code: true` '$12.50 NZD'. Fractions of a cent are rounded. */
export function formatMoney(minor: number, country: CountryCode, opts: { code?: boolean } = {}): string {
  const { symbol, currency } = COUNTRIES[country];
  const rounded = roundHalfUp(minor);
  const abs = Math.abs(rounded);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  const text = `${rounded < 0 ? '-' : ''}${symbol}${whole}.${cents}`;
  return opts.code ? `${text} ${currency}` : text;
}

const AMOUNT_INPUT = /^\d+(\.\d{1,2})?$/;

/** What an amount field accepts: digits, optionally a point and one or two digits ('3', '3.5', '3.50'). */
export function isAmountInput(s: string): boolean {
  return AMOUNT_INPUT.test(s);
}

/** An amount field's text to minor units, or null when it is not a valid (or is an absurdly large) amount. */
export function parseAmountInput(s: string): number | null {
  if (!isAmountInput(s)) return null;
  try {
    return toMinor(s);
  } catch {
    return null;
  }
}
