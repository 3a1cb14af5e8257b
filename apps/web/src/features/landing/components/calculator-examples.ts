import { commuteCostPerTripMinor, COST_PER_KM, pledgeTotalMinor, remainingWeeksWord, weeklyAmountMinor, type Period } from '@uplift/core/calculator';
import { PAYMENTS_PER_PLEDGE } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { formatMoney } from '@uplift/core/money';

/** product-rules §9's four calculator examples, worked by the same calculator the wizard and server use. */
export type CalculatorExample = {
  icon: string;
  title: string;
  /** The habit, e.g. '5 coffees a week at $3.50'. */
  habit: string;
  /** The working, e.g. '$17.50 a week × four weeks'. */
  working: string;
  totalMinor: number;
  total: string;
};

const WEEKS = PAYMENTS_PER_PLEDGE;

function unitsExample(
  country: CountryCode,
  e: { icon: string; title: string; units: number; unit: string; costMinor: number; period: Period },
): CalculatorExample {
  const money = (minor: number) => formatMoney(minor, country);
  const totalMinor = pledgeTotalMinor({ numberOfUnits: e.units, costPerUnitMinor: e.costMinor, period: e.period, remainingWeeks: WEEKS });
  const weekly = weeklyAmountMinor({ numberOfUnits: e.units, costPerUnitMinor: e.costMinor, period: e.period });
  const per = e.period === 'weekly' ? 'week' : 'month';
  return {
    icon: e.icon,
    title: e.title,
    habit: `${e.units} ${e.unit} a ${per} at ${money(e.costMinor)}`,
    working:
      e.period === 'weekly'
        ? `${money(weekly)} a week × ${remainingWeeksWord(WEEKS)} weeks`
        : `${money(e.units * e.costMinor)} a month is ${money(weekly)} a week × ${remainingWeeksWord(WEEKS)} weeks`,
    totalMinor,
    total: money(totalMinor),
  };
}

function commuteExample(country: CountryCode, distanceKm: number, tripsPerWeek: number): CalculatorExample {
  const money = (minor: number) => formatMoney(minor, country);
  const perTrip = commuteCostPerTripMinor({ distanceKm, tripsPerWeek, weeklyParkingMinor: 0 });
  const totalMinor = pledgeTotalMinor({ numberOfUnits: tripsPerWeek, costPerUnitMinor: perTrip, period: 'weekly', remainingWeeks: WEEKS });
  const perKm = country === 'UK' ? `${COST_PER_KM * 100}p` : `${COST_PER_KM * 100}c`;
  return {
    icon: 'commute',
    title: 'Commutes',
    habit: `An ${distanceKm} km drive, ${tripsPerWeek} trips a week, at ${perKm} a km`,
    working: `${money(perTrip)} a trip, ${money(perTrip * tripsPerWeek)} a week × ${remainingWeeksWord(WEEKS)} weeks`,
    totalMinor,
    total: money(totalMinor),
  };
}

export function calculatorExamples(country: CountryCode): CalculatorExample[] {
  return [
    unitsExample(country, { icon: 'coffee', title: 'Coffees', units: 5, unit: 'coffees', costMinor: 350, period: 'weekly' }),
    unitsExample(country, { icon: 'takeaway', title: 'Food deliveries', units: 2, unit: 'takeaways', costMinor: 2000, period: 'weekly' }),
    commuteExample(country, 8, 10),
    unitsExample(country, { icon: 'lunch', title: 'Lunches', units: 6, unit: 'lunches', costMinor: 1500, period: 'monthly' }),
  ];
}
