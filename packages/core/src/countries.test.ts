import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, countryById, greet, isCountryCode } from './countries.ts';
import { countryCodeSchema } from './schemas/common.ts';

describe('countries', () => {
  it("greets a donor in their country's words", () => {
    expect(greet('NZ', 'Aroha')).toBe('Kia ora Aroha');
    expect(greet('UK', 'James')).toBe('Hello James');
  });

  it('describes NZ and UK as product-rules §11 does', () => {
    expect(COUNTRY_CODES).toEqual(['NZ', 'UK']);
    expect(COUNTRIES.NZ).toEqual({
      code: 'NZ', id: 1, name: 'New Zealand', currency: 'NZD', symbol: '$', minorSymbol: 'c', timeZone: 'Pacific/Auckland', greeting: 'Kia ora',
      fee: { percentBasisPoints: 290, fixedMinor: 30 },
      commute: { unit: 'km', units: 'km', costPerUnit: 0.375 },
    });
    expect(COUNTRIES.UK).toEqual({
      code: 'UK', id: 2, name: 'United Kingdom', currency: 'GBP', symbol: '£', minorSymbol: 'p', timeZone: 'Europe/London', greeting: 'Hello',
      fee: { percentBasisPoints: 290, fixedMinor: 20 },
      commute: { unit: 'mile', units: 'miles', costPerUnit: 0.45 },
    });
  });

  it('accepts only NZ and UK', () => {
    expect(isCountryCode('NZ')).toBe(true);
    expect(isCountryCode('UK')).toBe(true);
    for (const x of ['nz', 'GB', 'AU', '', null, undefined, 1]) expect(isCountryCode(x)).toBe(false);
    expect(countryCodeSchema.parse('UK')).toBe('UK');
    const result = countryCodeSchema.safeParse('GB');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Country must be NZ or UK');
  });

  it('finds a country by its landing page id', () => {
    expect(countryById(1)).toBe('NZ');
    expect(countryById(2)).toBe('UK');
    expect(countryById(3)).toBeUndefined();
    expect(countryById(0)).toBeUndefined();
  });
});
