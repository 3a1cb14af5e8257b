import type { CountryCode } from '@uplift/core/countries';

/** Example pledges the impact map marks (illustrations, not real donors' data). */
export type ExamplePledge = { name: string; place: string; lonLat: [number, number]; challenge: string; amountMinor: number; charity: string };

export const EXAMPLE_PLEDGES: Record<CountryCode, ExamplePledge[]> = {
  NZ: [
    { name: 'Aroha', place: 'Auckland', lonLat: [174.76, -36.85], challenge: 'coffees', amountMinor: 7000, charity: 'Auckland City Mission' },
    { name: 'Sam', place: 'Hamilton', lonLat: [175.28, -37.79], challenge: 'food deliveries', amountMinor: 16000, charity: 'KidsCan' },
    { name: 'Hana', place: 'Wellington', lonLat: [174.78, -41.29], challenge: 'lunches', amountMinor: 9000, charity: 'Youthline' },
    { name: 'Jack', place: 'Christchurch', lonLat: [172.64, -43.53], challenge: 'commutes', amountMinor: 12000, charity: 'KidsCan' },
    { name: 'Mia', place: 'Dunedin', lonLat: [170.5, -45.87], challenge: 'streaming services', amountMinor: 4000, charity: 'Youthline' },
  ],
  UK: [
    { name: 'Olivia', place: 'London', lonLat: [-0.13, 51.51], challenge: 'coffees', amountMinor: 7000, charity: 'Shelter' },
    { name: 'Daniel', place: 'Leeds', lonLat: [-1.55, 53.8], challenge: 'streaming services', amountMinor: 3600, charity: 'The Trussell Trust' },
    { name: 'Priya', place: 'Manchester', lonLat: [-2.24, 53.48], challenge: 'lunches', amountMinor: 9000, charity: 'Mind' },
    { name: 'Callum', place: 'Edinburgh', lonLat: [-3.19, 55.95], challenge: 'commutes', amountMinor: 12000, charity: 'Shelter' },
    { name: 'Rhys', place: 'Cardiff', lonLat: [-3.18, 51.48], challenge: 'food deliveries', amountMinor: 16000, charity: 'The Trussell Trust' },
  ],
};
