import type { CountryCode } from './countries.ts';
import { COUNTRY_PARTNERS, type Partner } from './country-partners.ts';

export type { Partner };

// What each country's landing page names (docs/decisions/121-impact-units-and-country-content.md):
// its partners and its example pledges. What participants said is no longer written here: admins
// enter it with the person's consent (docs/decisions/167-honest-social-proof.md). A page names only its own
// country's; the charities named here are that country's seeded charities (an API test checks
// them against the seed data) and the country sweep e2e checks that no page names another
// country's charities or places.

/** An example pledge the impact map marks (illustrations, not real donors' data). */
export interface ExamplePledge {
  name: string;
  place: string;
  lonLat: [number, number];
  challenge: string;
  amountMinor: number;
  charity: string;
}

export interface CountryContent {
  partners: readonly Partner[];
  examplePledges: readonly ExamplePledge[];
}

export const COUNTRY_CONTENT: Readonly<Record<CountryCode, CountryContent>> = {
  NZ: {
    partners: COUNTRY_PARTNERS.NZ,
    examplePledges: [
      { name: 'Aroha', place: 'Auckland', lonLat: [174.76, -36.85], challenge: 'coffees', amountMinor: 7000, charity: 'Auckland City Mission' },
      { name: 'Sam', place: 'Hamilton', lonLat: [175.28, -37.79], challenge: 'food deliveries', amountMinor: 16000, charity: 'KidsCan' },
      { name: 'Hana', place: 'Wellington', lonLat: [174.78, -41.29], challenge: 'lunches', amountMinor: 9000, charity: 'Youthline' },
      { name: 'Jack', place: 'Christchurch', lonLat: [172.64, -43.53], challenge: 'commutes', amountMinor: 12000, charity: 'KidsCan' },
      { name: 'Mia', place: 'Dunedin', lonLat: [170.5, -45.87], challenge: 'streaming services', amountMinor: 4000, charity: 'Youthline' },
    ],
  },
  UK: {
    partners: COUNTRY_PARTNERS.UK,
    examplePledges: [
      { name: 'Olivia', place: 'London', lonLat: [-0.13, 51.51], challenge: 'coffees', amountMinor: 7000, charity: 'Shelter' },
      { name: 'Daniel', place: 'Leeds', lonLat: [-1.55, 53.8], challenge: 'streaming services', amountMinor: 3600, charity: 'The Trussell Trust' },
      { name: 'Priya', place: 'Manchester', lonLat: [-2.24, 53.48], challenge: 'lunches', amountMinor: 9000, charity: 'Mind' },
      { name: 'Callum', place: 'Edinburgh', lonLat: [-3.19, 55.95], challenge: 'commutes', amountMinor: 12000, charity: 'Shelter' },
      { name: 'Rhys', place: 'Cardiff', lonLat: [-3.18, 51.48], challenge: 'food deliveries', amountMinor: 16000, charity: 'The Trussell Trust' },
    ],
  },
};

/** Every place a country's content names (its example pledges'), each once. */
export function placesNamed(country: CountryCode): string[] {
  return [...new Set(COUNTRY_CONTENT[country].examplePledges.map((p) => p.place))];
}

/** Every charity a country's content names (its partners and example pledges), each once. */
export function charitiesNamed(country: CountryCode): string[] {
  const { partners, examplePledges } = COUNTRY_CONTENT[country];
  return [...new Set([...partners.map((p) => p.name), ...examplePledges.map((p) => p.charity)])];
}
