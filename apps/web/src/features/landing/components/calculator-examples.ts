import {
  commuteCostPerTripMinor,
  commuteMeasure,
  commuteRateText,
  commuteWeeklyMinor,
  COMMUTE_EXAMPLE,
  periodAmountMinor,
  pledgeTotalMinor,
  remainingWeeksWord,
  UNITS_EXAMPLES,
  weeklyAmountMinor,
} from '@uplift/core/calculator';
import { PAYMENTS_PER_PLEDGE } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney, toMinor, type Minor } from '@uplift/core/money';

/** product-rules §9's four calculator examples, worked by the same calculator the wizard and server use. */
export type CalculatorExample = {
  icon: string;
  title: string;
  /** The habit, e.g. '5 coffees a week at $3.50'. */
  habit: string;
  /** The working, e.g. '$17.50 a week × four weeks'. */
  working: string;
  totalMinor: Minor;
  total: string;
};

const WEEKS = PAYMENTS_PER_PLEDGE;

function unitsExample(
  country: CountryCode,
  e: { icon: string; title: string; unit: string },
): CalculatorExample {
  const { units, cost, period } = UNITS_EXAMPLES[e.icon]!;
  const money = (minor: Minor) => formatMoney(minor, country);
  const figures = { numberOfUnits: units, costPerUnitMinor: toMinor(cost), period };
  const totalMinor = pledgeTotalMinor({ ...figures, remainingWeeks: WEEKS });
  const weekly = weeklyAmountMinor(figures);
  const per = period === 'weekly' ? 'week' : 'month';
  return {
    icon: e.icon,
    title: e.title,
    habit: `${units} ${e.unit} a ${per} at ${money(figures.costPerUnitMinor)}`,
    working:
      period === 'weekly'
        ? `${money(weekly)} a week × ${remainingWeeksWord(WEEKS)} weeks`
        : `${money(periodAmountMinor(figures))} a month is ${money(weekly)} a week × ${remainingWeeksWord(WEEKS)} weeks`,
    totalMinor,
    total: money(totalMinor),
  };
}

/** 'An 8 km drive' (NZ), 'A 5-mile drive' (UK): the distance in the country's unit. */
function driveOf(distance: number, country: CountryCode): string {
  const { unit } = commuteMeasure(country);
  const article = /^(8|11(?!\d)|18(?!\d))/.test(String(distance)) ? 'An' : 'A';
  return unit === 'km' ? `${article} ${distance} km drive` : `${article} ${distance}-${unit} drive`;
}

function commuteExample(country: CountryCode, distance: number, tripsPerWeek: number): CalculatorExample {
  const money = (minor: Minor) => formatMoney(minor, country);
  const commute = { distance, tripsPerWeek, weeklyParkingMinor: asMinor(0), costPerDistanceUnit: commuteMeasure(country).costPerUnit };
  const perTrip = commuteCostPerTripMinor(commute);
  const totalMinor = pledgeTotalMinor({ numberOfUnits: tripsPerWeek, costPerUnitMinor: perTrip, period: 'weekly', remainingWeeks: WEEKS });
  return {
    icon: 'commute',
    title: 'Commutes',
    habit: `${driveOf(distance, country)}, ${tripsPerWeek} trips a week, at ${commuteRateText(country)}`,
    working: `${money(perTrip)} a trip, ${money(commuteWeeklyMinor(commute))} a week × ${remainingWeeksWord(WEEKS)} weeks`,
    totalMinor,
    total: money(totalMinor),
  };
}

export function calculatorExamples(country: CountryCode): CalculatorExample[] {
  return [
    unitsExample(country, { icon: 'coffee', title: 'Coffees', unit: 'coffees' }),
    unitsExample(country, { icon: 'takeaway', title: 'Food deliveries', unit: 'takeaways' }),
    // product-rules §9: 8 km in New Zealand, 5 miles in the United Kingdom.
    commuteExample(country, COMMUTE_EXAMPLE.distance[country], COMMUTE_EXAMPLE.tripsPerWeek),
    unitsExample(country, { icon: 'lunch', title: 'Lunches', unit: 'lunches' }),
  ];
}
