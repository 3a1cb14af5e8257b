import { describe, expect, it } from 'vitest';
import { FEE_TEXT, feePerChargeMinor, feesTotalMinor } from './fees.ts';

describe('fees', () => {
  it('is 2.9% rounded to the cent plus 30c in NZ or 20p in the UK', () => {
    expect(feePerChargeMinor(1750, 'NZ')).toBe(51 + 30); // 50.75 -> 51
    expect(feePerChargeMinor(1750, 'UK')).toBe(51 + 20);
    expect(feePerChargeMinor(10000, 'NZ')).toBe(290 + 30);
    expect(feePerChargeMinor(1050, 'NZ')).toBe(30 + 30); // 30.45 -> 30
    expect(feePerChargeMinor(1500, 'UK')).toBe(44 + 20); // 43.5 -> 44 (half up)
    expect(feePerChargeMinor(0, 'NZ')).toBe(30);
  });

  it('adds up over a pledge', () => {
    expect(feesTotalMinor([1750, 1750, 1750, 1750], 'NZ')).toBe(4 * 81);
    expect(feesTotalMinor([], 'UK')).toBe(0);
  });

  it('has a text for each country', () => {
    expect(FEE_TEXT).toEqual({ NZ: '2.9% + $0.30 per payment', UK: '2.9% + £0.20 per payment' });
  });
});
