import { remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import {
  commuteMeasure,
  commutePledgeFigures,
  MAX_PLEDGE_MINOR,
  parkingError,
  parseFrequency,
  pledgeAboveMaximumMessage,
  pledgeTotalError,
  pledgeTotalMinor,
  splitPayments,
  weeklyShareMinor,
  type Period,
} from '@uplift/core/calculator';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { feePerChargeMinor } from '@uplift/core/fees';
import { asMinor, fromMinor, parseAmountInput, type Minor } from '@uplift/core/money';
import type { CalculatorInput } from './wizard-state';

/** Commutes are priced by distance and parking, other challenges by units. */
export function isCommuteChallenge(challenge: { kind?: string; icon?: string }): boolean {
  return challenge.kind ? challenge.kind === 'commute' : challenge.icon === 'commute';
}

/** The distance field's message, in the country's unit (product-rules §14: NZ km, UK miles). */
export function distanceInvalid(country: CountryCode): string {
  return commuteMeasure(country).unit === 'mile'
    ? 'Distance must be a number of miles, e.g. 5 or 12.5'
    : 'Distance must be a number of kilometres, e.g. 8 or 12.5';
}

// Each field says what is wrong with it, naming it, so nothing typed turns silently into 0
// (docs/decisions/124). The total still counts such a field as 0 (product-rules §5).
// A number below zero is a number: its sign is what is wrong, and the message says so.
const NEGATIVE = /^-\s*\d*\.?\d+$/;
export const frequencyInvalid = (unit: string, typed = '') =>
  NEGATIVE.test(typed) ? `Enter a number of ${unit} of zero or more` : `Enter the number of ${unit} as a whole number, like 5`;
export const tripsInvalid = (typed = '') => (NEGATIVE.test(typed) ? 'Enter a number of trips of zero or more' : 'Enter the trips per week as a whole number, like 10');
/** A typed amount that is not one: below zero, a number with more decimals than cents, or not a number at all. */
function amountProblem(what: string, typed: string): string {
  if (NEGATIVE.test(typed)) return `Enter a ${what} of zero or more`;
  return /^\d*\.\d{3,}$/.test(typed) ? `Enter the ${what} with at most two decimal places, like 3.50` : `Enter the ${what} as a number, like 3.50`;
}
export const costInvalid = (typed: string) => amountProblem('cost', typed);
export const parkingInvalid = (typed: string) => amountProblem('parking cost', typed);
const WHOLE = /^\d+$/;

/** Payment dates still to come for a campaign, judged today in its country's zone. */
export function remainingDatesOf(campaign: { billing_start_date: string; country: CountryCode }, now: Date): string[] {
  return remainingPaymentDates(campaign.billing_start_date, todayInCountry(campaign.country, now));
}

export type Calculation = {
  numberOfUnits: number;
  /** The cost of one unit: null when the typed cost is not an amount, NaN for a commute whose distance or parking is not. */
  costPerUnitMinor: Minor | null;
  period: Period;
  /** What the total comes to a week, rounded to the cent (NaN when the total is). */
  weeklyMinor: Minor;
  /** NaN when a figure is not a number: blockingError then says so. */
  totalMinor: Minor;
  remainingWeeks: number;
  /** One amount per remaining payment date, summing to the total. */
  payments: Minor[];
  /** Card fee of the first (typical) payment. */
  feePerChargeMinor: Minor;
  fieldErrors: { frequency?: string; cost?: string; parking?: string; distance?: string; trips?: string };
  /** The message that stops the donor leaving the calculator, if any: a field's own message when a field is what is wrong. */
  blockingError: string | null;
  /** What the calculator says beside its total: the blocking message, unless a field already says it. */
  totalError: string | null;
};

const DISTANCE = /^\d+(\.\d{1,3})?$/;

/**
 * Everything the calculator shows, from what was typed (product-rules §14): the same
 * core functions the server uses, so the browser and the server agree to the cent.
 */
export function calculate(input: {
  calculator: CalculatorInput;
  isCommute: boolean;
  country: CountryCode;
  remainingWeeks: number;
  /** What is counted ('coffees'), for the frequency's message. */
  unit?: string;
}): Calculation {
  const { calculator, isCommute, country, remainingWeeks, unit = 'units' } = input;
  const fieldErrors: Calculation['fieldErrors'] = {};
  let figures: { numberOfUnits: number; costPerUnitMinor: Minor | null; period: Period };
  let parkingMessage: string | null = null;

  if (isCommute) {
    const trips = parseFrequency(calculator.trips);
    if (calculator.trips !== '' && !WHOLE.test(calculator.trips)) fieldErrors.trips = tripsInvalid(calculator.trips);
    const distanceOk = DISTANCE.test(calculator.distance);
    if (calculator.distance !== '' && !distanceOk) fieldErrors.distance = distanceInvalid(country);
    const parkingMinor = calculator.parking === '' ? asMinor(0) : parseAmountInput(calculator.parking);
    if (parkingMinor === null && !calculator.noParking) fieldErrors.parking = parkingInvalid(calculator.parking);
    parkingMessage = parkingError({ noParking: calculator.noParking, parkingMinor });
    figures = commutePledgeFigures({
      distance: distanceOk ? Number(calculator.distance) : NaN,
      costPerDistanceUnit: commuteMeasure(country).costPerUnit,
      tripsPerWeek: trips,
      weeklyParkingMinor: calculator.noParking ? asMinor(0) : parkingMinor,
    });
  } else {
    const cost = calculator.cost === '' ? asMinor(0) : parseAmountInput(calculator.cost);
    if (cost === null) fieldErrors.cost = costInvalid(calculator.cost);
    if (calculator.frequency !== '' && !WHOLE.test(calculator.frequency)) fieldErrors.frequency = frequencyInvalid(unit, calculator.frequency);
    figures = { numberOfUnits: parseFrequency(calculator.frequency), costPerUnitMinor: cost, period: calculator.period };
  }

  const totalMinor = pledgeTotalMinor({ ...figures, remainingWeeks });
  const weeklyMinor = weeklyShareMinor(totalMinor, remainingWeeks);
  const payments = Number.isSafeInteger(totalMinor) && totalMinor >= 0 ? splitPayments(totalMinor, remainingWeeks) : [];
  // One message per problem: a field that says what is wrong with it is the problem, and the
  // total it makes (0, or not a number) adds no second 'at least $10' (docs/decisions/156).
  const fieldProblem = fieldErrors.distance ?? fieldErrors.trips ?? fieldErrors.parking ?? fieldErrors.frequency ?? fieldErrors.cost ?? null;
  let blockingError: string | null;
  if (remainingWeeks === 0) blockingError = 'All of this campaign’s payment dates have passed, so it can no longer be joined.';
  else if (fieldProblem) blockingError = fieldProblem;
  else if (parkingMessage) blockingError = parkingMessage;
  else if (totalMinor > MAX_PLEDGE_MINOR) blockingError = pledgeAboveMaximumMessage(country);
  else blockingError = pledgeTotalError(totalMinor, country);

  return {
    ...figures,
    weeklyMinor,
    totalMinor,
    remainingWeeks,
    payments,
    feePerChargeMinor: payments.length > 0 ? feePerChargeMinor(payments[0]!, country) : asMinor(0),
    fieldErrors,
    blockingError,
    totalError: fieldProblem !== null && blockingError === fieldProblem ? null : blockingError,
  };
}

/** The pledge figures for the API (decimal amounts), from a valid calculation. */
export function pledgeFiguresOf(calc: Calculation) {
  return {
    number_of_units: calc.numberOfUnits,
    cost_per_unit: calc.costPerUnitMinor === null ? NaN : fromMinor(calc.costPerUnitMinor),
    confirmed_amount: fromMinor(calc.totalMinor),
    period: calc.period,
  };
}

export function currencyOf(country: CountryCode) {
  return COUNTRIES[country];
}
