import type { MinorArg } from './money.ts';

// Charity impact (product-rules §14): round(total ÷ impact_cost) × the charity's impact_multiplier
// (1 by default; Youthline is seeded with 7).

/** How many units of impact a total buys; 0 when the charity has no impact cost. */
export function impactCount(input: { totalMinor: MinorArg; impactCostMinor: MinorArg; multiplier?: number }): number {
  const { totalMinor, impactCostMinor, multiplier = 1 } = input;
  if (!(impactCostMinor > 0) || !Number.isFinite(totalMinor)) return 0;
  // Both are whole minor units, so an exact half (x.5) survives the division and rounds up.
  return Math.round(totalMinor / impactCostMinor) * multiplier;
}
