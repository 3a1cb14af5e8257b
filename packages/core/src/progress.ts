import { type Period, WEEKS_PER_MONTH } from './calculator.ts';
import { formatLongDate, type IsoDate } from './calendar.ts';
import type { CountryCode } from './countries.ts';
import { impactCount, impactQuantity } from './impact.ts';
import { formatMoney, type MinorArg } from './money.ts';

// A donor's progress through a pledge, as each weekly receipt states it (product-rules §20,
// docs/decisions/137-progress-milestones-news.md): factual, no ask. Composed from the same
// figures as the calculator (units per week) and the charity's impact (impact.ts).

export type ProgressFacts = {
  country: CountryCode;
  /** This payment's week: 3 of 4. */
  week: number;
  weeks: number;
  challengeName: string;
  /** The challenge's unit, plural ('coffees'). */
  unit: string;
  numberOfUnits: number;
  period: Period;
  /** What has been given so far (every payment received), minor units. */
  givenMinor: MinorArg;
  charity: { name: string; impactCostMinor: MinorArg; impactMultiplier: number; impactUnit: string; impactUnitSingular: string };
  /** The next payment's date; null after the last one. */
  nextDate: IsoDate | null;
};

const weeksWord = (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`;

/** How many units the donor has gone without by the end of week `week`, to the nearest whole one. */
export function unitsGivenUp(numberOfUnits: number, period: Period, week: number): number {
  const perWeek = period === 'monthly' ? numberOfUnits / WEEKS_PER_MONTH : numberOfUnits;
  return Math.round(perWeek * week);
}

/** The lines of the receipt's progress part, in order: where they are, what it adds up to, its impact, what comes next. */
export function progressLines(f: ProgressFacts): { title: string; lines: string[] } {
  const given = formatMoney(f.givenMinor, f.country, { code: true });
  const units = unitsGivenUp(f.numberOfUnits, f.period, f.week);
  const count = impactCount({ totalMinor: f.givenMinor, impactCostMinor: f.charity.impactCostMinor, multiplier: f.charity.impactMultiplier });
  const quantity = impactQuantity(count, { impact_unit: f.charity.impactUnit, impact_unit_singular: f.charity.impactUnitSingular });
  const rate = `Every ${formatMoney(f.charity.impactCostMinor, f.country)} gives ${impactQuantity(f.charity.impactMultiplier, { impact_unit: f.charity.impactUnit, impact_unit_singular: f.charity.impactUnitSingular })} at ${f.charity.name}.`;
  return {
    title: `Your progress: week ${f.week} of ${f.weeks}`,
    lines: [
      `${weeksWord(f.week)} without ${f.challengeName.toLowerCase()} ≈ ${units} ${f.unit}, ${given} given so far.`,
      `That is about ${quantity} at ${f.charity.name}. ${rate}`,
      f.nextDate ? `Your next payment is on ${formatLongDate(f.nextDate)}.` : 'That was your last payment: your pledge is complete.',
    ],
  };
}
