import { describe, expect, it } from 'vitest';
import { FEE_TEXT, feeCoverMinor, feeCoverOffer, feePerChargeMinor, feesTotalMinor } from './fees.ts';

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

describe('feeCoverMinor', () => {
  /**
   * The definition, counted up: the smallest x with (w + x) − fee(w + x) ≥ w. Counting starts at
   * fee(w), as no smaller x can do (x ≥ fee(w + x) ≥ fee(w)): the same answer, a few steps each.
   */
  function smallest(w: number, country: 'NZ' | 'UK'): number {
    for (let x: number = feePerChargeMinor(w, country); ; x += 1) if (w + x - feePerChargeMinor(w + x, country) >= w) return x;
  }

  it('is the weekly extra that leaves the charity the whole weekly amount', () => {
    // $17.50: 18.33 − (53 + 30) = 17.50 exactly; 18.32 would leave 17.49.
    expect(feeCoverMinor(1750, 'NZ')).toBe(83);
    expect(1750 + 83 - feePerChargeMinor(1833, 'NZ')).toBe(1750);
    expect(1750 + 82 - feePerChargeMinor(1832, 'NZ')).toBe(1749);
    expect(feeCoverMinor(1750, 'UK')).toBe(73);
    expect(feeCoverMinor(10000, 'NZ')).toBe(330);
    expect(feeCoverMinor(0, 'UK')).toBe(21);
  });

  it('matches the definition for every weekly amount up to $500 and some large ones, in both countries', () => {
    for (const country of ['NZ', 'UK'] as const) {
      for (let w = 0; w <= 50_000; w += 7) expect(feeCoverMinor(w, country), `${country} ${w}`).toBe(smallest(w, country));
      for (const w of [250_000, 1_000_000, 2_499_999]) expect(feeCoverMinor(w, country)).toBe(smallest(w, country));
    }
  });

  it('refuses what is not an amount in minor units', () => {
    for (const w of [-1, 1.5, Number.NaN]) expect(() => feeCoverMinor(w, 'NZ')).toThrow(RangeError);
  });

  it('words the offer with the currency code', () => {
    expect(feeCoverOffer(1750, 'NZ')).toBe('Add NZ$0.83 a week so the card fee does not come out of your gift');
    expect(feeCoverOffer(1750, 'UK')).toBe('Add £0.73 a week so the card fee does not come out of your gift');
  });
});
