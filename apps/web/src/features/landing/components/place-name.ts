import type { CountryCode } from '@uplift/core/countries';

/** The country as it reads in a sentence: 'New Zealand', 'the United Kingdom'. */
export function placeName(country: CountryCode): string {
  return country === 'UK' ? 'the United Kingdom' : 'New Zealand';
}
