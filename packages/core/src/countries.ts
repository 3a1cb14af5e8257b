// The two countries Uplift serves. Nothing else is accepted anywhere (product-rules §11).
export const COUNTRY_CODES = ['NZ', 'UK'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export type CurrencyCode = 'NZD' | 'GBP';

export interface Country {
  code: CountryCode;
  /** Numeric id used by the landing page (product-rules §2: NZ=1, UK=2). */
  id: 1 | 2;
  name: 'New Zealand' | 'United Kingdom';
  currency: CurrencyCode;
  symbol: '$' | '£';
  /** The sign of the minor unit, for prices of less than one currency unit ('37.5c a km'). */
  minorSymbol: 'c' | 'p';
  /** IANA zone in which the country's campaign dates are calendar dates. */
  timeZone: 'Pacific/Auckland' | 'Europe/London';
  /** How screens and mails greet a donor of this country ("Kia ora Aroha", "Hello James"). */
  greeting: 'Kia ora' | 'Hello';
  /** Card fee per charge: percent in basis points (290 = 2.9%) plus a fixed part in minor units. */
  fee: { percentBasisPoints: number; fixedMinor: number };
  /**
   * How the calculator measures a commute (product-rules §14): the distance unit (one, several)
   * and the default cost of driving one unit, in currency units (docs/decisions/121-impact-units-and-country-content.md).
   */
  commute: { unit: 'km' | 'mile'; units: 'km' | 'miles'; costPerUnit: number };
}

export const COUNTRIES: Readonly<Record<CountryCode, Country>> = {
  NZ: {
    code: 'NZ',
    id: 1,
    name: 'New Zealand',
    currency: 'NZD',
    symbol: '$',
    minorSymbol: 'c',
    timeZone: 'Pacific/Auckland',
    greeting: 'Kia ora',
    fee: { percentBasisPoints: 290, fixedMinor: 30 },
    commute: { unit: 'km', units: 'km', costPerUnit: 0.375 },
  },
  UK: {
    code: 'UK',
    id: 2,
    name: 'United Kingdom',
    currency: 'GBP',
    symbol: '£',
    minorSymbol: 'p',
    timeZone: 'Europe/London',
    greeting: 'Hello',
    fee: { percentBasisPoints: 290, fixedMinor: 20 },
    // HMRC's approved mileage rate for a car's first 10,000 business miles.
    commute: { unit: 'mile', units: 'miles', costPerUnit: 0.45 },
  },
};

/** 'Kia ora Aroha' / 'Hello James': the greeting of the donor's country. */
export function greet(country: CountryCode, firstName: string): string {
  return `${COUNTRIES[country].greeting} ${firstName}`;
}

export const COUNTRY_MESSAGE = 'Country must be NZ or UK';

export function isCountryCode(x: unknown): x is CountryCode {
  return x === 'NZ' || x === 'UK';
}

export function countryById(id: number): CountryCode | undefined {
  return COUNTRY_CODES.find((code) => COUNTRIES[code].id === id);
}
