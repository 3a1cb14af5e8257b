import { describe, expect, it } from 'vitest';
import { impactCount } from './impact.ts';

describe('impactCount', () => {
  it('is the total over the impact cost, rounded, times the multiplier', () => {
    expect(impactCount({ totalMinor: 7000, impactCostMinor: 2000, multiplier: 1 })).toBe(4); // 3.5 -> 4
    expect(impactCount({ totalMinor: 6900, impactCostMinor: 2000, multiplier: 1 })).toBe(3); // 3.45 -> 3
    expect(impactCount({ totalMinor: 7000, impactCostMinor: 2000, multiplier: 7 })).toBe(28); // Youthline
    expect(impactCount({ totalMinor: 16000, impactCostMinor: 4000 })).toBe(4);
    expect(impactCount({ totalMinor: 500, impactCostMinor: 2000 })).toBe(0);
  });

  it('is 0 without an impact cost', () => {
    expect(impactCount({ totalMinor: 7000, impactCostMinor: 0, multiplier: 7 })).toBe(0);
    expect(impactCount({ totalMinor: NaN, impactCostMinor: 100, multiplier: 1 })).toBe(0);
  });
});
