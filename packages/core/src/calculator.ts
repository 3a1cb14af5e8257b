import { COUNTRIES, type CountryCode } from './countries.ts';
import { MSG } from './messages.ts';

// The pledge calculator (product-rules §14), shared by the wizard, the slideshow and
// the server's validation so both sides always agree to the cent.
// All amounts are minor units. Totals are rounded once, at the end.

export type Period = 'weekly' | 'monthly';
export const PERIODS = ['weekly', 'monthly'] as const satisfies readonly Period[];

/** Months are counted as four weeks: monthly amount = weekly amount ÷ 4 (product-rules §9). */
export const WEEKS_PER_MONTH = 4;

/** Default commute cost per km, in currency units, for both countries. */
export const COST_PER_KM = 0.375;

/** Minimum pledge total: 10 in local currency. */
export const MIN_PLEDGE_MINOR = 1000;

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

/**
 * Weekly amount in minor units: units × cost, or units × cost ÷ 4 for a monthly habit.
 * Not rounded: a monthly amount may be a fraction of a cent (3 × 333 ÷ 4 = 249.75), so it must
 * not be fed back into a total; use pledgeTotalMinor, and formatMoney to show it.
 */
export function weeklyAmountMinor(input: { numberOfUnits: number; costPerUnitMinor: number; period: Period }): number {
  const perPeriod = input.numberOfUnits * input.costPerUnitMinor;
  return input.period === 'monthly' ? perPeriod / WEEKS_PER_MONTH : perPeriod;
}

/**
 * Pledge total in whole minor units: units × cost × remaining weeks (÷ 4 when monthly), rounded
 * half-up once at the end. NaN when an input is not a finite number, so that pledgeTotalError
 * blocks it. The server recomputes this from the stored figures.
 */
export function pledgeTotalMinor(input: {
  numberOfUnits: number;
  costPerUnitMinor: number;
  period: Period;
  remainingWeeks: number;
}): number {
  const { numberOfUnits, costPerUnitMinor, period, remainingWeeks } = input;
  if (![numberOfUnits, costPerUnitMinor, remainingWeeks].every(Number.isFinite)) return NaN;
  const weekly = numberOfUnits * costPerUnitMinor * remainingWeeks;
  // ÷ 4 of an integer is exact in binary floating point, so this rounds the true value.
  return Math.round(period === 'monthly' ? weekly / WEEKS_PER_MONTH : weekly);
}

interface CommuteInput {
  distanceKm: number;
  tripsPerWeek: number;
  weeklyParkingMinor: number;
  /** Defaults to COST_PER_KM. */
  costPerKm?: number;
}

/**
 * Cost of one trip, stored as the pledge's cost_per_unit: distance × cost per km + weekly
 * parking ÷ trips, rounded half-up to the cent; 0 when there are no trips.
 * Worked in exact integers (metres and thousandths of a currency unit per km), so 8 km at 0.375
 * is 300 exactly and 10.00 of parking over 3 trips is 333.33… -> 333.
 */
export function commuteCostPerTripMinor(input: CommuteInput): number {
  const { distanceKm, tripsPerWeek, weeklyParkingMinor, costPerKm = COST_PER_KM } = input;
  if (![distanceKm, tripsPerWeek, weeklyParkingMinor, costPerKm].every(Number.isFinite)) return NaN;
  if (tripsPerWeek <= 0) return 0;
  const metres = Math.round(distanceKm * 1000);
  const costPerKmMilli = Math.round(costPerKm * 1000);
  // minor per trip = metres/1000 × costPerKmMilli/1000 × 100 + parking/trips
  //                = (metres × costPerKmMilli × trips + 10000 × parking) / (10000 × trips)
  const numerator = metres * costPerKmMilli * tripsPerWeek + 10000 * weeklyParkingMinor;
  return divideRounded(numerator, 10000 * tripsPerWeek);
}

/**
 * Weekly commute amount: trips × the rounded cost of one trip. This can differ from the
 * unrounded trips × distance × cost per km + parking by under half a cent a trip, but it is what
 * the pledge stores and the server recomputes, so what the user sees is what they are charged.
 */
export function commuteWeeklyMinor(input: CommuteInput): number {
  return input.tripsPerWeek > 0 ? input.tripsPerWeek * commuteCostPerTripMinor(input) : 0;
}

/** The figures a commute pledge stores: trips per week, the cost of one trip, weekly. */
export function commutePledgeFigures(input: CommuteInput): {
  numberOfUnits: number;
  costPerUnitMinor: number;
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
export function splitPayments(totalMinor: number, count: number): number[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError(`Not a total: ${totalMinor}`);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Not a payment count: ${count}`);
  if (count === 0) return [];
  let share = divideRounded(totalMinor, count);
  if (share * (count - 1) > totalMinor) share = Math.floor(totalMinor / count);
  const payments = Array.from({ length: count }, () => share);
  payments[count - 1] = totalMinor - share * (count - 1);
  return payments;
}

const WEEK_WORDS = ['zero', 'one', 'two', 'three', 'four'] as const;

/** Remaining weeks as a word, 'one'..'four' (product-rules §9); other numbers as digits. */
export function remainingWeeksWord(n: number): string {
  return WEEK_WORDS[n] ?? String(n);
}

/** 'Please ensure your pledge is at least $10' for a total under 10 or not a number; else null. */
export function pledgeTotalError(totalMinor: number, country: CountryCode): string | null {
  if (!Number.isFinite(totalMinor) || totalMinor < MIN_PLEDGE_MINOR) {
    return MSG.pledgeAtLeast(COUNTRIES[country].symbol);
  }
  return null;
}

/** A commute needs either 'I don't pay for parking' ticked or a parking cost above 0. */
export function parkingError(input: { noParking: boolean; parkingMinor: number }): string | null {
  return !input.noParking && !(input.parkingMinor > 0) ? MSG.parkingRequired : null;
}

/** The server accepts a confirmed amount within one cent of the amount it computes. */
export function amountsMatch(confirmedMinor: number, computedMinor: number): boolean {
  return Math.abs(confirmedMinor - computedMinor) <= 1;
}
