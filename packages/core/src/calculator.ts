import { BRAND } from './brand.ts';
import { COUNTRIES, type Country, type CountryCode } from './countries.ts';
import { MSG } from './messages.ts';
import { formatMoney, roundHalfUp, type Minor, type MinorArg } from './money.ts';

// The pledge calculator (product-rules §14), shared by the wizard, the slideshow and
// the server's validation so both sides always agree to the cent.
// All amounts are minor units. Totals are rounded once, at the end. An amount the donor typed
// that is not an amount (parseAmountInput's null) may be passed as null: the result is then NaN,
// which pledgeTotalError refuses.

export type Period = 'weekly' | 'monthly';
export const PERIODS = ['weekly', 'monthly'] as const satisfies readonly Period[];

/** Months are counted as four weeks: monthly amount = weekly amount ÷ 4 (product-rules §9). */
export const WEEKS_PER_MONTH = 4;

/**
 * A small decimal price (one that may hold a fraction of a cent, as a cost per km does) in
 * minor units with the country's sign, exactly: 0.375 -> '37.5c' (NZ), '37.5p' (UK); 0.05 -> '5c'.
 * (Here rather than in money.ts, which the landing page's first load carries: only the
 * calculator's rates need it.)
 */
export function formatInMinorUnits(amount: number, country: CountryCode): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(amount));
  if (!match) throw new RangeError(`Not a price: ${amount}`);
  // The pattern's first group always matches: the whole part is there whenever match is.
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  const digits = fraction.padEnd(2, '0');
  const rest = digits.slice(2);
  return `${Number(whole + digits.slice(0, 2))}${rest && `.${rest}`}${COUNTRIES[country].minorSymbol}`;
}

/** Minimum pledge total: 10 in local currency. */
export const MIN_PLEDGE_MINOR = 1000 as Minor;

/**
 * A sane ceiling on one pledge (10,000 in local currency): far above a month of any habit. The
 * wizard stops at it and the server refuses a pledge above it ('pledge.above_maximum').
 */
export const MAX_PLEDGE_MINOR = 1_000_000 as Minor;

/** 'Pledges above $10,000.00 need a conversation first: please email …'. */
export function pledgeAboveMaximumMessage(country: CountryCode): string {
  return MSG.pledgeAboveMaximum(formatMoney(MAX_PLEDGE_MINOR, country), BRAND.contactEmail);
}

/** Frequency field: a whole number, digits only; anything else counts as 0 (product-rules §5). */
export function parseFrequency(s: string): number {
  if (!/^\d+$/.test(s)) return 0;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : 0;
}

/** Half-up rounding of numerator ÷ denominator, exact for non-negative safe integers. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The amount of one period (a week or a month): units × cost, exact. */
export function periodAmountMinor(input: { numberOfUnits: number; costPerUnitMinor: MinorArg }): Minor {
  return (input.numberOfUnits * input.costPerUnitMinor) as Minor;
}

/**
 * Weekly amount in minor units, to show: units × cost, or units × cost ÷ 4 for a monthly habit,
 * rounded half-up to the cent (3 × 333 ÷ 4 = 249.75 shows as 250). Never fed back into a total:
 * pledgeTotalMinor rounds once, at the end.
 */
export function weeklyAmountMinor(input: { numberOfUnits: number; costPerUnitMinor: MinorArg; period: Period }): Minor {
  const perPeriod = periodAmountMinor(input);
  return (input.period === 'monthly' ? roundHalfUp(perPeriod / WEEKS_PER_MONTH) : perPeriod) as Minor;
}

/**
 * What a total comes to a week over `weeks` weeks, rounded half-up to the cent, to show ("That is
 * $17.50 a week"); the payments themselves come from splitPayments. 0 with no weeks.
 */
export function weeklyShareMinor(totalMinor: MinorArg, weeks: number): Minor {
  return (weeks > 0 ? roundHalfUp(totalMinor / weeks) : 0) as Minor;
}

/**
 * Pledge total in whole minor units: units × cost × remaining weeks (÷ 4 when monthly), rounded
 * half-up once at the end. NaN when an input is not a finite number, so that pledgeTotalError
 * blocks it. The server recomputes this from the stored figures.
 */
export function pledgeTotalMinor(input: {
  numberOfUnits: number;
  costPerUnitMinor: MinorArg | null;
  period: Period;
  remainingWeeks: number;
}): Minor {
  const { numberOfUnits, costPerUnitMinor, period, remainingWeeks } = input;
  if (costPerUnitMinor === null || ![numberOfUnits, costPerUnitMinor, remainingWeeks].every(Number.isFinite)) return NaN as Minor;
  const weekly = numberOfUnits * costPerUnitMinor * remainingWeeks;
  // ÷ 4 of an integer is exact in binary floating point, so this rounds the true value.
  return Math.round(period === 'monthly' ? weekly / WEEKS_PER_MONTH : weekly) as Minor;
}

/**
 * A country's commute measure (product-rules §14): NZ in km at 0.375 a km, the UK in miles at
 * 0.45 a mile (docs/decisions/121-impact-units-and-country-content.md).
 */
export function commuteMeasure(country: CountryCode): Country['commute'] {
  return COUNTRIES[country].commute;
}

/** The default driving cost in the country's minor unit and distance unit: '37.5c a km', '45p a mile'. */
export function commuteRateText(country: CountryCode): string {
  const { unit, costPerUnit } = commuteMeasure(country);
  return `${formatInMinorUnits(costPerUnit, country)} a ${unit}`;
}

/** A distance with the country's unit: '8 km', '1 mile', '5 miles', '2.5 miles'. */
export function formatDistance(distance: number, country: CountryCode): string {
  const { unit, units } = commuteMeasure(country);
  return `${distance} ${distance === 1 ? unit : units}`;
}

interface CommuteInput {
  /** Distance of one trip in the country's unit (km or miles); counted to the thousandth. */
  distance: number;
  tripsPerWeek: number;
  weeklyParkingMinor: MinorArg | null;
  /** Cost of driving one unit of distance, in currency units: commuteMeasure(country).costPerUnit. */
  costPerDistanceUnit: number;
}

/**
 * Cost of one trip, stored as the pledge's cost_per_unit: distance × cost per unit of distance +
 * weekly parking ÷ trips, rounded half-up to the cent; 0 when there are no trips.
 * Worked in exact integers (thousandths of a km or mile, and thousandths of a currency unit per
 * km or mile), so 8 km at 0.375 is 300 exactly, 5 miles at 0.45 is 225, and 10.00 of parking
 * over 3 trips is 333.33… -> 333.
 */
export function commuteCostPerTripMinor(input: CommuteInput): Minor {
  const { distance, tripsPerWeek, weeklyParkingMinor, costPerDistanceUnit } = input;
  if (weeklyParkingMinor === null || ![distance, tripsPerWeek, weeklyParkingMinor, costPerDistanceUnit].every(Number.isFinite)) return NaN as Minor;
  if (tripsPerWeek <= 0) return 0 as Minor;
  const distanceMilli = Math.round(distance * 1000);
  const costMilli = Math.round(costPerDistanceUnit * 1000);
  // minor per trip = distanceMilli/1000 × costMilli/1000 × 100 + parking/trips
  //                = (distanceMilli × costMilli × trips + 10000 × parking) / (10000 × trips)
  const numerator = distanceMilli * costMilli * tripsPerWeek + 10000 * weeklyParkingMinor;
  return divideRounded(numerator, 10000 * tripsPerWeek) as Minor;
}

/**
 * The distance one trip of `costPerTripMinor` covers at `costPerDistanceUnit`, to the thousandth
 * of the unit: how a stored commute pledge (whose parking is not kept apart) reads back as a
 * distance in its country's unit. 300 at 0.375 is 8 (km); 225 at 0.45 is 5 (miles). Read back and
 * priced again, it gives the same cost of a trip.
 */
export function commuteDistance(costPerTripMinor: MinorArg, costPerDistanceUnit: number): number {
  // distance = minor ÷ 100 ÷ cost; in thousandths of the unit and of a currency unit: minor × 10000 ÷ costMilli.
  return divideRounded(costPerTripMinor * 10000, Math.round(costPerDistanceUnit * 1000)) / 1000;
}

/**
 * Weekly commute amount: trips × the rounded cost of one trip. This can differ from the
 * unrounded trips × distance × cost per km + parking by under half a cent a trip, but it is what
 * the pledge stores and the server recomputes, so what the user sees is what they are charged.
 */
export function commuteWeeklyMinor(input: CommuteInput): Minor {
  return (input.tripsPerWeek > 0 ? input.tripsPerWeek * commuteCostPerTripMinor(input) : 0) as Minor;
}

/** The figures a commute pledge stores: trips per week, the cost of one trip, weekly. */
export function commutePledgeFigures(input: CommuteInput): {
  numberOfUnits: number;
  costPerUnitMinor: Minor;
  period: Period;
} {
  return { numberOfUnits: input.tripsPerWeek, costPerUnitMinor: commuteCostPerTripMinor(input), period: 'weekly' };
}

/**
 * Splits a total into `count` payments, each the total ÷ count rounded half-up to the cent, with
 * the last one absorbing the rounding so they sum to the total exactly: 10000 / 3 -> 3333, 3333,
 * 3334. (For tiny totals where rounding up would leave the last payment negative, e.g. 2 / 4,
 * the share is rounded down instead: 0, 0, 0, 2.)
 */
export function splitPayments(totalMinor: MinorArg, count: number): Minor[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError(`Not a total: ${totalMinor}`);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Not a payment count: ${count}`);
  if (count === 0) return [];
  let share = divideRounded(totalMinor, count);
  if (share * (count - 1) > totalMinor) share = Math.floor(totalMinor / count);
  const payments = Array.from({ length: count }, () => share as Minor);
  payments[count - 1] = (totalMinor - share * (count - 1)) as Minor;
  return payments;
}

const WEEK_WORDS = ['zero', 'one', 'two', 'three', 'four'] as const;

/** Remaining weeks as a word, 'one'..'four' (product-rules §9); other numbers as digits. */
export function remainingWeeksWord(n: number): string {
  return WEEK_WORDS[n] ?? String(n);
}

/** 'Please ensure your pledge is at least $10' for a total under 10 or not a number; else null. */
export function pledgeTotalError(totalMinor: MinorArg, country: CountryCode): string | null {
  if (!Number.isFinite(totalMinor) || totalMinor < MIN_PLEDGE_MINOR) {
    return MSG.pledgeAtLeast(COUNTRIES[country].symbol);
  }
  return null;
}

/** A commute needs either 'I don't pay for parking' ticked or a parking cost above 0. */
export function parkingError(input: { noParking: boolean; parkingMinor: MinorArg | null }): string | null {
  return !input.noParking && !(input.parkingMinor !== null && input.parkingMinor > 0) ? MSG.parkingRequired : null;
}

/** The server accepts a confirmed amount within one cent of the amount it computes. */
export function amountsMatch(confirmedMinor: MinorArg, computedMinor: MinorArg): boolean {
  return Math.abs(confirmedMinor - computedMinor) <= 1;
}

/**
 * product-rules §9's calculator examples as typed figures, by challenge icon: the landing page's
 * slideshow works them out, and the wizard's calculator shows them as its fields' placeholders,
 * so the habit the landing page just showed is the one the calculator suggests (docs/decisions/156).
 */
export const UNITS_EXAMPLES: Readonly<Record<string, { units: number; cost: string; period: Period }>> = {
  coffee: { units: 5, cost: '3.50', period: 'weekly' },
  takeaway: { units: 2, cost: '20', period: 'weekly' },
  lunch: { units: 6, cost: '15', period: 'monthly' },
};

/** The commute example: a trip of 8 km in New Zealand, 5 miles in the United Kingdom, 10 trips a week, no parking. */
export const COMMUTE_EXAMPLE = { distance: { NZ: 8, UK: 5 } as Readonly<Record<CountryCode, number>>, tripsPerWeek: 10 } as const;
