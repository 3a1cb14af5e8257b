import { COUNTRIES, type CountryCode } from './countries.ts';

// Money is an integer of minor units (cents / pence), typed `Minor`. Decimal amounts are turned
// into minor units by reading their digits, never by multiplying floats, so 1.15 is 115, not 114.
// The API speaks decimals (product-rules §11): toMinor
// reads them, fromMinor writes them. See docs/decisions/120-minor-units-type.md.

declare const minorUnits: unique symbol;

/**
 * A whole number of minor units (cents, pence). Only core makes one: toMinor and
 * parseAmountInput read decimals, asMinor checks an integer, toNearestMinor rounds a computed
 * figure, and core's sums and calculations return them. (A calculation given something that is
 * not an amount returns NaN, as number arithmetic does; pledgeTotalError refuses it.)
 */
export type Minor = number & { readonly [minorUnits]: true };

/**
 * Whether a program must hand core a `Minor`, not any number, where it wants minor units. The web
 * app declares `strict: true` (apps/web/src/money-types.d.ts), so a decimal from the API cannot
 * reach formatMoney or the calculator without going through toMinor. The API still passes its
 * integer database columns as plain numbers (docs/decisions/120-minor-units-type.md).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface MinorUnitsPolicy {}

/** Minor units as core's functions take them: `Minor` under the strict policy, else any number. */
export type MinorArg = MinorUnitsPolicy extends { strict: true } ? Minor : number;

/** A whole number of minor units as `Minor`. Throws RangeError for a fraction, NaN, infinity or an unsafe integer. */
export function asMinor(n: number): Minor {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of minor units: ${n}`);
  return (n || 0) as Minor; // -0 is 0
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A decimal amount with at most two places, as a number or a string, to exact minor units.
 * Throws RangeError for more than two places, non-finite values, or values too large to be exact.
 */
export function toMinor(value: number | string): Minor {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`Not a finite amount: ${value}`);
  }
  // String(number) is the shortest text that reads back as the same number: 3.5 -> "3.5",
  // 0.1 + 0.2 -> "0.30000000000000004" (refused: it really has more than two places).
  const text = typeof value === 'number' ? String(value) : value;
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not an amount with at most two decimal places: ${text}`);
  // The pattern's digits group always matches: the whole part is there whenever match is.
  const [, sign, , fraction = ''] = match;
  const whole = match[2]!;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount too large: ${text}`);
  return (sign === '-' && minor !== 0 ? -minor : minor) as Minor;
}

/** Minor units as decimal text with two places, for a file cell: 1750 -> '17.50', -5 -> '-0.05'. */
export function decimalText(minor: MinorArg): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minor units to a decimal number for the API: 1250 -> 12.5. */
export function fromMinor(minor: MinorArg): number {
  return minor / 100;
}

/**
 * Rounds half away from zero (half-up for the non-negative amounts we handle).
 * Math.round alone rounds -2.5 to -2.
 */
export function roundHalfUp(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/**
 * A computed decimal (a chart's scale, a figure that went through floating point) to the nearest
 * minor unit, halves away from zero: 0.1 + 0.2 -> 30, 1.005 -> 101, -0.125 -> -13. For what is
 * shown, never for what is charged: toMinor refuses such an amount instead.
 */
export function toNearestMinor(amount: number): Minor {
  // × 100 can land a hair beside a half (1.005 × 100 = 100.49999999999999): 15 significant
  // digits, all a double holds exactly, put it back on it.
  return asMinor(roundHalfUp(Number((amount * 100).toPrecision(15))));
}

/** The exact sum of amounts. */
export function sumMinor(amounts: readonly MinorArg[]): Minor {
  return amounts.reduce<number>((sum, minor) => sum + minor, 0) as Minor;
}

/** '$1,234.50', '£7.00'; with `code: true` '$12.50 NZD'. Fractions of a cent are rounded. */
export function formatMoney(minor: MinorArg, country: CountryCode, opts: { code?: boolean } = {}): string {
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
export function parseAmountInput(s: string): Minor | null {
  if (!isAmountInput(s)) return null;
  try {
    return toMinor(s);
  } catch {
    return null;
  }
}
