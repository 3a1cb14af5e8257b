import { describe, expect, it } from 'vitest';
import { chargedMinor, FEE_TEXT, feeCoverMinor, feeCoverOffer, feeCoverTotalMinor, feePerChargeMinor, feesTotalMinor, pledgeTotalText, weeklyCharge } from './fees.ts';

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

describe('the amount shown is the amount charged (product-rules §15, decision 144)', () => {
  it('charges the gift and its cover', () => {
    expect(chargedMinor(1600, 68)).toBe(1668);
    expect(chargedMinor(1600, 0)).toBe(1600);
  });

  it("gives the fee table's line the fee of what is charged, so its lines add up to the charge", () => {
    // Covered $17.50: $18.33 charged, whose fee is $0.83 (not the $0.81 of $17.50), $17.50 to the charity.
    expect(weeklyCharge(1750, true, 'NZ')).toEqual({ giftMinor: 1750, feeCoverMinor: 83, chargedMinor: 1833, feeMinor: 83, toCharityMinor: 1750 });
    // Not covered: the fee comes out of the gift.
    expect(weeklyCharge(1750, false, 'NZ')).toEqual({ giftMinor: 1750, feeCoverMinor: 0, chargedMinor: 1750, feeMinor: 81, toCharityMinor: 1669 });
    // The UK donor of £16.00 who covers the fee: £16.68, of which £0.68 is the fee.
    expect(weeklyCharge(1600, true, 'UK')).toEqual({ giftMinor: 1600, feeCoverMinor: 68, chargedMinor: 1668, feeMinor: 68, toCharityMinor: 1600 });
    for (const country of ['NZ', 'UK'] as const) {
      for (let gift = 0; gift <= 20_000; gift += 13) {
        for (const covered of [true, false]) {
          const line = weeklyCharge(gift, covered, country);
          expect(line.feeMinor + line.toCharityMinor, `${country} ${gift} ${covered}`).toBe(line.chargedMinor);
          expect(line.feeMinor).toBe(feePerChargeMinor(line.chargedMinor, country));
          expect(line.giftMinor + line.feeCoverMinor).toBe(line.chargedMinor);
          if (covered) expect(line.toCharityMinor).toBeGreaterThanOrEqual(gift);
        }
      }
    }
  });

  it("adds up a pledge's covers, each payment its own", () => {
    expect(feeCoverTotalMinor([1600, 1600, 1600, 1600], 'UK')).toBe(272);
    expect(feeCoverTotalMinor([583, 583, 583, 582], 'NZ')).toBe(3 * feeCoverMinor(583, 'NZ') + feeCoverMinor(582, 'NZ'));
    expect(feeCoverTotalMinor([], 'NZ')).toBe(0);
  });

  it('words a total so it says whether the cover is in it', () => {
    expect(pledgeTotalText(6400, 272, 'UK')).toBe('£64.00 to the charity + £2.72 card fee cover');
    expect(pledgeTotalText(7000, 332, 'NZ', { code: true })).toBe('$70.00 NZD to the charity + $3.32 NZD card fee cover');
    expect(pledgeTotalText(6400, 0, 'UK')).toBe('£64.00');
    expect(pledgeTotalText(7000, 0, 'NZ', { code: true })).toBe('$70.00 NZD');
    expect(pledgeTotalText(6400, 272, 'UK', { charity: 'Mind' })).toBe('£64.00 to Mind + £2.72 card fee cover');
    expect(pledgeTotalText(6400, 0, 'UK', { charity: 'Mind' })).toBe('£64.00 to Mind');
  });
});
