import type { CountryCode } from './countries.ts';
import { COUNTRY_PARTNERS, type Partner } from './country-partners.ts';

export type { Partner };

// What each country's landing page names (docs/decisions/121-impact-units-and-country-content.md):
// its partners, its participants' stories and its example pledges. A page names only its own
// country's; the charities named here are that country's seeded charities (an API test checks
// them against the seed data) and the country sweep e2e checks that no page names another
// country's charities or places.

/** A participant's words ('So, why Uplift?'); illustrations, not real donors' data. */
export interface Story {
  quote: string;
  name: string;
  place: string;
}

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
  stories: readonly Story[];
  examplePledges: readonly ExamplePledge[];
}

export const COUNTRY_CONTENT: Readonly<Record<CountryCode, CountryContent>> = {
  NZ: {
    partners: COUNTRY_PARTNERS.NZ,
    stories: [
      {
        quote: 'I didn’t think skipping my morning flat white would add up to much. Four weeks later it had paid for a week of helpline calls.',
        name: 'Hana',
        place: 'Wellington',
      },
      {
        quote: 'We gave up takeaways as a family, cooked together on Fridays and sent the savings to hot meals for people doing it tough.',
        name: 'Sam',
        place: 'Hamilton',
      },
      {
        quote: 'Cycling to work for a month saved me parking and petrol. Knowing it went to kids’ raincoats kept me going on wet days.',
        name: 'Mele',
        place: 'Auckland',
      },
    ],
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
    stories: [
      {
        quote: 'We paused two streaming services as a family, played cards instead and gave the savings to our local food bank.',
        name: 'Daniel',
        place: 'Leeds',
      },
      {
        quote: 'Packing my lunch for a month felt small. Hearing it paid for conversations on a mental health helpline did not.',
        name: 'Priya',
        place: 'Manchester',
      },
      {
        quote: 'I left the car at home and walked to work. The money I didn’t spend on parking went to people facing eviction.',
        name: 'Callum',
        place: 'Edinburgh',
      },
    ],
    examplePledges: [
      { name: 'Olivia', place: 'London', lonLat: [-0.13, 51.51], challenge: 'coffees', amountMinor: 7000, charity: 'Shelter' },
      { name: 'Daniel', place: 'Leeds', lonLat: [-1.55, 53.8], challenge: 'streaming services', amountMinor: 3600, charity: 'The Trussell Trust' },
      { name: 'Priya', place: 'Manchester', lonLat: [-2.24, 53.48], challenge: 'lunches', amountMinor: 9000, charity: 'Mind' },
      { name: 'Callum', place: 'Edinburgh', lonLat: [-3.19, 55.95], challenge: 'commutes', amountMinor: 12000, charity: 'Shelter' },
      { name: 'Rhys', place: 'Cardiff', lonLat: [-3.18, 51.48], challenge: 'food deliveries', amountMinor: 16000, charity: 'The Trussell Trust' },
    ],
  },
};

/** Every place a country's content names (its stories' and example pledges'), each once. */
export function placesNamed(country: CountryCode): string[] {
  const { stories, examplePledges } = COUNTRY_CONTENT[country];
  return [...new Set([...stories.map((s) => s.place), ...examplePledges.map((p) => p.place)])];
}

/** Every charity a country's content names (its partners and example pledges), each once. */
export function charitiesNamed(country: CountryCode): string[] {
  const { partners, examplePledges } = COUNTRY_CONTENT[country];
  return [...new Set([...partners.map((p) => p.name), ...examplePledges.map((p) => p.charity)])];
}
