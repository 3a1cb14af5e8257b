import { describe, expect, it } from 'vitest';
import { countryFromTimeZone } from './country';

describe('countryFromTimeZone', () => {
  it('guesses UK for British zones and NZ for everything else', () => {
    expect(countryFromTimeZone('Europe/London')).toBe('UK');
    expect(countryFromTimeZone('Europe/Jersey')).toBe('UK');
    expect(countryFromTimeZone('Pacific/Auckland')).toBe('NZ');
    expect(countryFromTimeZone('America/New_York')).toBe('NZ');
    expect(countryFromTimeZone(undefined)).toBe('NZ');
  });
});
