import { describe, expect, it } from 'vitest';
import { matchAlertsCrossed, matchAppliesTo, matchOfferText, matchRelease, matchShare, matchVerb, MATCH_RATIOS, isMatchRatio } from './match.ts';

describe('matchShare', () => {
  it('is ratio × the amount while the cap has room', () => {
    expect(matchShare({ ratio: 1, amount: 2500, left: 500_000 })).toBe(2500);
    expect(matchShare({ ratio: 2, amount: 2500, left: 500_000 })).toBe(5000);
    expect(matchShare({ ratio: 3, amount: 2500, left: 7500 })).toBe(7500); // exactly what is left
  });

  it('takes only what is left of the cap, and nothing once it is used or overdrawn', () => {
    expect(matchShare({ ratio: 1, amount: 4000, left: 2500 })).toBe(2500);
    expect(matchShare({ ratio: 3, amount: 4000, left: 1 })).toBe(1);
    expect(matchShare({ ratio: 2, amount: 4000, left: 0 })).toBe(0);
    expect(matchShare({ ratio: 2, amount: 4000, left: -300 })).toBe(0);
    expect(matchShare({ ratio: 1, amount: 0, left: 300 })).toBe(0);
  });

  it('refuses a ratio outside 1..3 and amounts that are not whole minor units', () => {
    expect(() => matchShare({ ratio: 4, amount: 100, left: 100 })).toThrow(RangeError);
    expect(() => matchShare({ ratio: 0, amount: 100, left: 100 })).toThrow(RangeError);
    expect(() => matchShare({ ratio: 1.5, amount: 100, left: 100 })).toThrow(RangeError);
    expect(() => matchShare({ ratio: 1, amount: 10.5, left: 100 })).toThrow(RangeError);
    expect(() => matchShare({ ratio: 1, amount: 100, left: 0.5 })).toThrow(RangeError);
  });

  it('never passes the cap over a run of gifts, and uses it to the cent', () => {
    const cap = 10_000;
    let matched = 0;
    for (let i = 0; i < 50; i += 1) matched += matchShare({ ratio: 2, amount: 333 + i, left: cap - matched });
    expect(matched).toBe(cap);
  });
});

describe('matchRelease', () => {
  it('releases the whole match on a full refund', () => {
    expect(matchRelease({ matched: 5000, amount: 2500, refunded: 2500 })).toBe(5000);
    expect(matchRelease({ matched: 333, amount: 1000, refunded: 1000 })).toBe(333);
  });

  it('releases the refunded share of a part refund, rounded down', () => {
    expect(matchRelease({ matched: 5000, amount: 2500, refunded: 1000 })).toBe(2000);
    expect(matchRelease({ matched: 333, amount: 1000, refunded: 500 })).toBe(166); // 166.5 down
    expect(matchRelease({ matched: 1, amount: 3, refunded: 1 })).toBe(0);
  });

  it('counts on the totals, so part refunds adding up to the whole release the whole match', () => {
    const first = matchRelease({ matched: 333, amount: 1000, refunded: 500 });
    const second = matchRelease({ matched: 333, amount: 1000, refunded: 1000, released: first });
    expect(first + second).toBe(333);
  });

  it('releases nothing with nothing matched or refunded, and never a negative sum', () => {
    expect(matchRelease({ matched: 0, amount: 2500, refunded: 2500 })).toBe(0);
    expect(matchRelease({ matched: 5000, amount: 2500, refunded: 0 })).toBe(0);
    expect(matchRelease({ matched: 5000, amount: 0, refunded: 10 })).toBe(0);
    expect(matchRelease({ matched: 5000, amount: 2500, refunded: 100, released: 900 })).toBe(0);
  });
});

describe('matchAlertsCrossed', () => {
  it('names 90 and 100 % when a step reaches them, and not again after', () => {
    expect(matchAlertsCrossed({ cap: 10_000, before: 0, after: 8999 })).toEqual([]);
    expect(matchAlertsCrossed({ cap: 10_000, before: 8999, after: 9000 })).toEqual([90]);
    expect(matchAlertsCrossed({ cap: 10_000, before: 9000, after: 9999 })).toEqual([]);
    expect(matchAlertsCrossed({ cap: 10_000, before: 9999, after: 10_000 })).toEqual([100]);
    expect(matchAlertsCrossed({ cap: 10_000, before: 0, after: 10_000 })).toEqual([90, 100]);
    expect(matchAlertsCrossed({ cap: 10_000, before: 10_000, after: 10_000 })).toEqual([]);
  });

  it('compares in whole numbers (90 % of an odd cap) and ignores a zero cap', () => {
    expect(matchAlertsCrossed({ cap: 101, before: 0, after: 90 })).toEqual([]); // 90.9 needed
    expect(matchAlertsCrossed({ cap: 101, before: 0, after: 91 })).toEqual([90]);
    expect(matchAlertsCrossed({ cap: 0, before: 0, after: 10 })).toEqual([]);
  });
});

describe('what a match applies to and says', () => {
  it('applies to gifts, payments or both', () => {
    expect(matchAppliesTo('gifts', 'gift')).toBe(true);
    expect(matchAppliesTo('gifts', 'payment')).toBe(false);
    expect(matchAppliesTo('payments', 'payment')).toBe(true);
    expect(matchAppliesTo('payments', 'gift')).toBe(false);
    expect(matchAppliesTo('both', 'gift')).toBe(true);
    expect(matchAppliesTo('both', 'payment')).toBe(true);
  });

  it('names ratios 1:1 to 3:1', () => {
    expect(MATCH_RATIOS).toEqual([1, 2, 3]);
    expect(MATCH_RATIOS.map(matchVerb)).toEqual(['doubles', 'triples', 'quadruples']);
    expect(isMatchRatio(2)).toBe(true);
    expect(isMatchRatio('2')).toBe(false);
  });

  it('offers the match in NZ dollars', () => {
    expect(matchOfferText({ sponsorName: 'Acme', ratio: 1, amount: 2500, left: 124_000, cap: 500_000, country: 'NZ' })).toBe(
      'Your $25.00 becomes $50.00: Acme doubles gifts until $5,000.00 is used; $1,240.00 left',
    );
    expect(matchOfferText({ sponsorName: 'Acme', ratio: 3, amount: 1000, left: 3000, cap: 500_000, country: 'NZ' })).toBe(
      'Your $10.00 becomes $40.00: Acme quadruples gifts until $5,000.00 is used; $30.00 left',
    );
  });

  it('offers the last of a match, and says when it is used up', () => {
    expect(matchOfferText({ sponsorName: 'Acme', ratio: 1, amount: 4000, left: 2500, cap: 5000, country: 'NZ' })).toBe(
      'Your $40.00 becomes $65.00: Acme matches $25.00, the last of its $50.00',
    );
    expect(matchOfferText({ sponsorName: 'Acme', ratio: 1, amount: 4000, left: 0, cap: 5000, country: 'NZ' })).toBe("Acme's match is used up; your gift still goes in full");
    expect(matchOfferText({ sponsorName: 'Acme', ratio: 1, amount: 4000, left: -1, cap: 5000, country: 'NZ' })).toBe("Acme's match is used up; your gift still goes in full");
  });

  it('offers the match in pounds', () => {
    expect(matchOfferText({ sponsorName: 'Brit Co', ratio: 2, amount: 2000, left: 1_000_000, cap: 2_000_000, country: 'UK' })).toBe(
      'Your £20.00 becomes £60.00: Brit Co triples gifts until £20,000.00 is used; £10,000.00 left',
    );
    expect(matchOfferText({ sponsorName: 'Brit Co', ratio: 2, amount: 2000, left: 3999, cap: 2_000_000, country: 'UK' })).toBe(
      'Your £20.00 becomes £59.99: Brit Co matches £39.99, the last of its £20,000.00',
    );
  });
});
