import { describe, expect, it } from 'vitest';
import {
  asMinor,
  decimalText,
  formatMoney,
  fromMinor,
  isAmountInput,
  parseAmountInput,
  roundHalfUp,
  sumMinor,
  toMinor,
  toNearestMinor,
  type Minor,
} from './money.ts';

describe('toMinor', () => {
  it('reads numbers and strings with up to two places exactly', () => {
    expect(toMinor(3.5)).toBe(350);
    expect(toMinor('3.50')).toBe(350);
    expect(toMinor(12)).toBe(1200);
    expect(toMinor('0.05')).toBe(5);
    expect(toMinor(0)).toBe(0);
    expect(toMinor('-2.5')).toBe(-250);
    expect(toMinor(-0)).toBe(0);
  });

  it('has no floating point drift', () => {
    // 1.15 * 100 is 114.99999999999999 and 0.29 * 100 is 28.999999999999996 in floats.
    expect(toMinor(1.15)).toBe(115);
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(4.35)).toBe(435);
    expect(toMinor(1234567.89)).toBe(123456789);
    for (let cents = 0; cents <= 10000; cents++) expect(toMinor(cents / 100)).toBe(cents);
  });

  it('refuses more than two places, non-finite and absurd values', () => {
    expect(() => toMinor(0.1 + 0.2)).toThrow(RangeError);
    expect(() => toMinor('1.234')).toThrow(RangeError);
    expect(() => toMinor(NaN)).toThrow(RangeError);
    expect(() => toMinor(Infinity)).toThrow(RangeError);
    expect(() => toMinor(1e21)).toThrow(RangeError);
    expect(() => toMinor(1e-7)).toThrow(RangeError);
    expect(() => toMinor('abc')).toThrow(RangeError);
    expect(() => toMinor('')).toThrow(RangeError);
    expect(() => toMinor('1e3')).toThrow(RangeError);
    expect(() => toMinor('99999999999999999')).toThrow(RangeError);
  });
});

describe('decimalText', () => {
  it('writes minor units with two decimal places and the sign in front', () => {
    expect(decimalText(asMinor(1750))).toBe('17.50');
    expect(decimalText(asMinor(5))).toBe('0.05');
    expect(decimalText(asMinor(0))).toBe('0.00');
    expect(decimalText(asMinor(-1205))).toBe('-12.05');
    expect(decimalText(asMinor(-5))).toBe('-0.05');
    expect(decimalText(asMinor(123456789))).toBe('1234567.89');
  });
});

describe('roundHalfUp', () => {
  it('keeps zero a plain zero (not -0) and rounds halves away from zero', () => {
    expect(roundHalfUp(0)).toBe(0);
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(-2.5)).toBe(-3);
  });
});

describe('asMinor', () => {
  it('takes whole numbers of minor units, negative ones too', () => {
    expect(asMinor(1250)).toBe(1250);
    expect(asMinor(-75)).toBe(-75);
    expect(asMinor(0)).toBe(0);
    expect(Object.is(asMinor(-0), 0)).toBe(true);
    expect(asMinor(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a decimal, which would be a currency amount rather than minor units', () => {
    expect(() => asMinor(12.5)).toThrow(new RangeError('Not a whole number of minor units: 12.5'));
    expect(() => asMinor(0.1 + 0.2)).toThrow(RangeError);
    expect(() => asMinor(NaN)).toThrow(RangeError);
    expect(() => asMinor(Infinity)).toThrow(RangeError);
    expect(() => asMinor(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('the Minor type', () => {
  it('is what core hands out, and a plain number is not one', () => {
    const fromCore: Minor = toMinor('3.50');
    // @ts-expect-error: a plain number is not minor units until core says so.
    const plain: Minor = 3.5;
    expect(fromCore + plain).toBe(353.5);
  });
});

describe('toNearestMinor', () => {
  it('rounds a computed decimal to the nearest minor unit, without floating point drift', () => {
    expect(toNearestMinor(0.1 + 0.2)).toBe(30); // 0.30000000000000004
    expect(toNearestMinor(1.15)).toBe(115); // 1.15 × 100 is 114.99999999999999
    expect(toNearestMinor(12.5)).toBe(1250);
    expect(toNearestMinor(0)).toBe(0);
  });

  it('rounds halves away from zero, also where × 100 lands beside the half', () => {
    expect(toNearestMinor(0.125)).toBe(13);
    expect(toNearestMinor(1.005)).toBe(101); // 1.005 × 100 is 100.49999999999999
    expect(toNearestMinor(0.285)).toBe(29); // 28.499999999999996
    expect(toNearestMinor(0.124)).toBe(12);
    expect(toNearestMinor(-0.125)).toBe(-13);
    expect(toNearestMinor(-1.005)).toBe(-101);
    expect(Object.is(toNearestMinor(-0.004), 0)).toBe(true);
  });

  it('refuses what is not a finite amount', () => {
    expect(() => toNearestMinor(NaN)).toThrow(RangeError);
    expect(() => toNearestMinor(Infinity)).toThrow(RangeError);
    expect(() => toNearestMinor(1e300)).toThrow(RangeError);
  });
});

describe('sumMinor', () => {
  it('adds exactly, where decimals would drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMinor([toMinor(0.1), toMinor(0.2)])).toBe(30);
    expect(sumMinor([1750, 1750, 1750, 1751])).toBe(7001);
    expect(sumMinor([1000, -250])).toBe(750);
    expect(sumMinor([])).toBe(0);
  });
});

describe('fromMinor', () => {
  it('gives the decimal number the API speaks', () => {
    expect(fromMinor(1250)).toBe(12.5);
    expect(fromMinor(7000)).toBe(70);
    expect(fromMinor(5)).toBe(0.05);
    expect(fromMinor(-250)).toBe(-2.5);
    expect(fromMinor(123456789)).toBe(1234567.89);
  });

  it('round-trips with toMinor for every amount of cents', () => {
    for (let cents = -10000; cents <= 10000; cents++) expect(toMinor(fromMinor(cents))).toBe(cents);
    expect(toMinor(fromMinor(toMinor(0.29)))).toBe(29);
  });
});

describe('roundHalfUp', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(2.4)).toBe(2);
    expect(roundHalfUp(-2.5)).toBe(-3);
  });
});

describe('formatMoney', () => {
  it('shows the symbol and two decimals', () => {
    expect(formatMoney(1250, 'NZ')).toBe('$12.50');
    expect(formatMoney(700, 'UK')).toBe('£7.00');
    expect(formatMoney(5, 'NZ')).toBe('$0.05');
    expect(formatMoney(0, 'UK')).toBe('£0.00');
  });

  it('groups thousands', () => {
    expect(formatMoney(123450, 'NZ')).toBe('$1,234.50');
    expect(formatMoney(123456789, 'UK')).toBe('£1,234,567.89');
    expect(formatMoney(100000, 'NZ')).toBe('$1,000.00');
    expect(formatMoney(99999, 'NZ')).toBe('$999.99');
  });

  it('adds the currency code when asked', () => {
    expect(formatMoney(1250, 'NZ', { code: true })).toBe('$12.50 NZD');
    expect(formatMoney(1750, 'UK', { code: true })).toBe('£17.50 GBP');
  });

  it('rounds fractions of a cent and signs negatives', () => {
    expect(formatMoney(249.75, 'NZ')).toBe('$2.50');
    expect(formatMoney(87.5, 'NZ')).toBe('$0.88');
    expect(formatMoney(-1250, 'NZ')).toBe('-$12.50');
  });
});

describe('amount inputs', () => {
  it('accepts digits with an optional one- or two-digit decimal part', () => {
    for (const s of ['3', '3.5', '3.50', '0', '0.05', '1234', '007']) expect(isAmountInput(s)).toBe(true);
  });

  it('refuses everything else', () => {
    for (const s of ['', '.5', '3.', '-1', '1e3', '3.505', ' 3', '3 ', '1,000', '$3', 'abc', '+3', '3..5']) {
      expect(isAmountInput(s)).toBe(false);
    }
  });

  it('parses to minor units or null', () => {
    expect(parseAmountInput('3.5')).toBe(350);
    expect(parseAmountInput('3.50')).toBe(350);
    expect(parseAmountInput('20')).toBe(2000);
    expect(parseAmountInput('0.1')).toBe(10);
    expect(parseAmountInput('3.')).toBeNull();
    expect(parseAmountInput('')).toBeNull();
    expect(parseAmountInput('99999999999999999')).toBeNull();
  });
});
