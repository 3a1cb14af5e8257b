import { describe, expect, it } from 'vitest';
import { impactCount, impactCountAt, impactOf, impactQuantity, impactRateSentence, impactUnitFor } from './impact.ts';

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

const youthline = { impact_cost: 35, impact_multiplier: 7, impact_unit: 'hours of helpline support', impact_unit_singular: 'hour of helpline support' };
const kidscan = { impact_cost: 25, impact_multiplier: 1, impact_unit: 'raincoats for children', impact_unit_singular: 'raincoat for a child' };
const trussell = { impact_cost: 5, impact_unit: 'emergency food parcels', impact_unit_singular: 'emergency food parcel' };

describe('impactQuantity', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(impactQuantity(1, kidscan)).toBe('1 raincoat for a child');
    expect(impactQuantity(2, kidscan)).toBe('2 raincoats for children');
    expect(impactQuantity(0, kidscan)).toBe('0 raincoats for children');
    expect(impactQuantity(1, { impact_unit: 'hours of helpline support', impact_unit_singular: 'hour of helpline support' })).toBe('1 hour of helpline support');
  });
});

describe('impactUnitFor and impactCountAt', () => {
  it('give the number and its unit apart, for a page that sets the number in bold', () => {
    expect(impactUnitFor(1, kidscan)).toBe('raincoat for a child');
    expect(impactUnitFor(14, youthline)).toBe('hours of helpline support');
    expect(impactCountAt(8000, youthline)).toBe(14);
    expect(impactCountAt(8000, { ...youthline, impact_multiplier: undefined })).toBe(2);
    expect(impactCountAt(1250, { ...kidscan, impact_cost: 12.5 })).toBe(1);
  });
});

describe('impactOf', () => {
  it('is impactCount in words, with the multiplier and the right number', () => {
    expect(impactOf(8000, youthline)).toBe('14 hours of helpline support'); // round(80 ÷ 35) = 2, × 7
    expect(impactOf(2500, kidscan)).toBe('1 raincoat for a child');
    expect(impactOf(3700, kidscan)).toBe('1 raincoat for a child'); // 1.48 -> 1
    expect(impactOf(3750, kidscan)).toBe('2 raincoats for children'); // 1.5 -> 2
    expect(impactOf(500, trussell)).toBe('1 emergency food parcel'); // multiplier 1 by default
    expect(impactOf(1000, youthline)).toBe('0 hours of helpline support');
  });
});

describe('impactRateSentence', () => {
  it('states the cost of one unit and what it gives, from the same figures as the number', () => {
    expect(impactRateSentence(youthline, 'NZ')).toBe('Every $35.00 gives 7 hours of helpline support');
    expect(impactRateSentence(kidscan, 'NZ')).toBe('Every $25.00 gives 1 raincoat for a child');
    expect(impactRateSentence(trussell, 'UK')).toBe('Every £5.00 gives 1 emergency food parcel');
    expect(impactRateSentence({ ...trussell, impact_cost: 12.5, impact_multiplier: 2 }, 'UK')).toBe('Every £12.50 gives 2 emergency food parcels');
  });

  it('agrees with impactOf for the same charity: n × the cost gives n × the multiplier units', () => {
    for (const n of [1, 2, 3]) {
      expect(impactOf(n * 3500, youthline)).toBe(`${n * 7} hours of helpline support`);
    }
  });
});
