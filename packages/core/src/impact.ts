import type { CountryCode } from './countries.ts';
import { formatMoney, toNearestMinor, type MinorArg } from './money.ts';

// Charity impact (product-rules §14): round(total ÷ impact_cost) × the charity's impact_multiplier
// (1 by default; Youthline is seeded with 7). Every sentence a page shows about impact is composed
// here from the same cost, multiplier and unit as the number (docs/decisions/121-impact-units-and-country-content.md).

/** How many units of impact a total buys; 0 when the charity has no impact cost. */
export function impactCount(input: { totalMinor: MinorArg; impactCostMinor: MinorArg; multiplier?: number }): number {
  const { totalMinor, impactCostMinor, multiplier = 1 } = input;
  if (!(impactCostMinor > 0) || !Number.isFinite(totalMinor)) return 0;
  // Both are whole minor units, so an exact half (x.5) survives the division and rounds up.
  return Math.round(totalMinor / impactCostMinor) * multiplier;
}

/** A charity's impact figures as the API speaks them (core's recipientSchema). */
export interface ImpactFields {
  impact_cost: number;
  impact_multiplier?: number;
  impact_unit: string;
  impact_unit_singular: string;
}

type Units = Pick<ImpactFields, 'impact_unit' | 'impact_unit_singular'>;

/** The unit for a count: the singular for exactly 1 ('raincoat'), the plural otherwise ('0 raincoats', '2 raincoats'). */
export function impactUnitFor(count: number, charity: Units): string {
  return count === 1 ? charity.impact_unit_singular : charity.impact_unit;
}

/** A count with its unit: '1 raincoat', '2 raincoats'. */
export function impactQuantity(count: number, charity: Units): string {
  return `${count} ${impactUnitFor(count, charity)}`;
}

/** How many units of impact a total buys at a charity (impactCount with the charity's own figures). */
export function impactCountAt(totalMinor: MinorArg, charity: ImpactFields): number {
  return impactCount({ totalMinor, impactCostMinor: toNearestMinor(charity.impact_cost), multiplier: charity.impact_multiplier ?? 1 });
}

/** What a total can do at a charity: '14 hours of helpline support', '1 raincoat for a child'. */
export function impactOf(totalMinor: MinorArg, charity: ImpactFields): string {
  return impactQuantity(impactCountAt(totalMinor, charity), charity);
}

/**
 * The charity's impact rate as a sentence, from the same figures as impactOf: 'Every $35.00
 * gives 7 hours of helpline support', 'Every £5.00 gives 1 emergency food parcel'.
 */
export function impactRateSentence(charity: ImpactFields, country: CountryCode): string {
  const costMinor = toNearestMinor(charity.impact_cost);
  return `Every ${formatMoney(costMinor, country)} gives ${impactOf(costMinor, charity)}`;
}
