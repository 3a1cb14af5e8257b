import {
  commuteCostPerTripMinor,
  commuteMeasure,
  commuteRateText,
  commuteWeeklyMinor,
  periodAmountMinor,
  pledgeTotalMinor,
  remainingWeeksWord,
  weeklyAmountMinor,
  type Period,
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

/** The commute example's trip, in the country's unit (product-rules §9). */
const COMMUTE_EXAMPLE_DISTANCE: Record<CountryCode, number> = { NZ: 8, UK: 5 };

function unitsExample(
  country: CountryCode,
  e: { icon: string; title: string; units: number; unit: string; cost: string; period: Period },
): CalculatorExample {
  const money = (minor: Minor) => formatMoney(minor, country);
  const figures = { numberOfUnits: e.units, costPerUnitMinor: toMinor(e.cost), period: e.period };
  const totalMinor = pledgeTotalMinor({ ...figures, remainingWeeks: WEEKS });
  const weekly = weeklyAmountMinor(figures);
  const per = e.period === 'weekly' ? 'week' : 'month';
  return {
    icon: e.icon,
    title: e.title,
    habit: `${e.units} ${e.unit} a ${per} at ${money(figures.costPerUnitMinor)}`,
    working:
      e.period === 'weekly'
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
    unitsExample(country, { icon: 'coffee', title: 'Coffees', units: 5, unit: 'coffees', cost: '3.50', period: 'weekly' }),
    unitsExample(country, { icon: 'takeaway', title: 'Food deliveries', units: 2, unit: 'takeaways', cost: '20', period: 'weekly' }),
    // product-rules §9: 8 km in New Zealand, 5 miles in the United Kingdom.
    commuteExample(country, COMMUTE_EXAMPLE_DISTANCE[country], 10),
    unitsExample(country, { icon: 'lunch', title: 'Lunches', units: 6, unit: 'lunches', cost: '15', period: 'monthly' }),
  ];
}
