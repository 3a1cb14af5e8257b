import { describe, expect, it } from 'vitest';
import { countryParamSchema, decimalAmountSchema, hasAtMostTwoDecimals, idParamSchema, isoDateSchema } from './common.ts';
import { issuesOf } from './schemas.test-support.ts';

describe('idParamSchema', () => {
  it('reads a positive whole number from the path', () => {
    expect(idParamSchema.parse({ id: '5' })).toEqual({ id: 5 });
    expect(idParamSchema.parse({ id: 12 })).toEqual({ id: 12 });
    expect(idParamSchema.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
  });

  it('refuses anything else with one message', () => {
    for (const id of ['0', '-1', '1.5', 'abc', '', '2147483648', '99999999999', '9007199254740993', undefined]) {
      expect(issuesOf(idParamSchema, { id }), String(id)).toEqual(['id: id must be a positive whole number']);
    }
  });
});

describe('countryParamSchema', () => {
  it('takes NZ or UK only', () => {
    expect(countryParamSchema.parse({ country: 'NZ' })).toEqual({ country: 'NZ' });
    expect(issuesOf(countryParamSchema, { country: 'nz' })).toEqual(['country: Country must be NZ or UK']);
    expect(issuesOf(countryParamSchema, { country: 'AU' })).toEqual(['country: Country must be NZ or UK']);
  });
});

describe('isoDateSchema', () => {
  it('takes real YYYY-MM-DD dates', () => {
    expect(isoDateSchema.parse('2026-11-23')).toBe('2026-11-23');
    for (const d of ['2026-02-30', '2026-11-23T00:00:00Z', '23/11/2026', '', 20261123]) {
      expect(issuesOf(isoDateSchema, d)).toEqual([': Date must be a real date in the form YYYY-MM-DD']);
    }
  });
});

describe('decimalAmountSchema', () => {
  it('takes finite amounts of 0 or more with at most two places', () => {
    for (const n of [0, 3.5, 3.55, 20, 1234567.89, 10_000_000]) expect(decimalAmountSchema.parse(n)).toBe(n);
  });

  it('refuses the rest with one message each', () => {
    const invalid = [': Amount must be a number with at most two decimal places'];
    expect(issuesOf(decimalAmountSchema, 3.505)).toEqual(invalid);
    expect(issuesOf(decimalAmountSchema, 0.1 + 0.2)).toEqual(invalid);
    expect(issuesOf(decimalAmountSchema, '3.50')).toEqual(invalid);
    expect(issuesOf(decimalAmountSchema, NaN)).toEqual(invalid);
    expect(issuesOf(decimalAmountSchema, Infinity).length).toBe(1);
    expect(issuesOf(decimalAmountSchema, -1.005)).toEqual([': Amount must not be negative']);
    expect(issuesOf(decimalAmountSchema, 10_000_000.01)).toEqual([': Amount is too large']);
  });

  it('knows two-place numbers', () => {
    expect(hasAtMostTwoDecimals(1.15)).toBe(true);
    expect(hasAtMostTwoDecimals(1.155)).toBe(false);
  });
});
