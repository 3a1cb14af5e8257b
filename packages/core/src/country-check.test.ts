import { describe, expect, it } from 'vitest';
import { calendarDays, countrySlips, datesIn } from './country-check.ts';

const uk = { country: 'UK', today: '2026-11-23' } as const;
const nz = { country: 'NZ', today: '2026-11-24' } as const;

describe('countrySlips', () => {
  it('passes what each country should see', () => {
    expect(countrySlips('Hello James, your £17.50 payment (£70.00 GBP in all) on Monday 23 November 2026 (today).', uk)).toEqual([]);
    expect(countrySlips('Kia ora Aroha! $1,234.50 NZD from 24/11/2026, first on 24 Nov.', nz)).toEqual([]);
  });

  it("finds the other country's symbol, code, zone and greeting", () => {
    expect(countrySlips('Kia ora James, $17.50 NZD, Pacific/Auckland', uk)).toEqual([
      "shows $, New Zealand's currency symbol",
      "shows NZD, New Zealand's currency",
      "shows Pacific/Auckland, New Zealand's time zone",
      'greets as in New Zealand: "Kia ora James,"',
    ]);
    expect(countrySlips('£3.00 GBP Europe/London Hello Aroha!', nz)).toHaveLength(4);
  });

  it('finds amounts without two decimals', () => {
    expect(countrySlips('at least £10, then £7.5 or 3 GBP', uk)).toEqual([
      'amount without two decimals: "£10"',
      'amount without two decimals: "£7.5"',
      'amount without two decimals: "3 GBP"',
    ]);
    expect(countrySlips('7.5 GBP', uk)).toEqual(['amount without two decimals: "7.5 GBP"']);
  });

  it("finds dates that are not the output's, not real, in the wrong order or with the wrong weekday", () => {
    const view = { ...uk, dates: ['2026-11-23'] };
    expect(countrySlips('Monday 23 November 2026, 23/11/2026, 2026-11-23, 23 Nov', view)).toEqual([]);
    expect(countrySlips('Tuesday 24 November 2026', view)).toEqual(['shows Tuesday 24 November 2026, not one of this output\'s United Kingdom dates']);
    expect(countrySlips('Tuesday 23 November 2026', uk)).toEqual(['wrong weekday: "Tuesday 23 November 2026" (Monday 23 November 2026)']);
    expect(countrySlips('11/23/2026', uk)).toEqual(['not a real day-month-year date: "11/23/2026"']);
    expect(countrySlips('November 23, 2026', uk)).toEqual(['date in month-day order: "November 23, 2026"']);
    // An ISO date is read too, so it can be out of place; a comma after the weekday and a one-digit day are fine.
    expect(countrySlips('2026-11-24', view)).toEqual(["shows 2026-11-24, not one of this output's United Kingdom dates"]);
    expect(countrySlips('Monday, 23 November 2026', view)).toEqual([]);
    expect(countrySlips('Monday 7 December 2026', { ...uk, dates: ['2026-12-07'] })).toEqual([]);
  });

  it('checks that "(today)" is the country\'s today', () => {
    expect(countrySlips('Tuesday 24 November 2026 (today)', uk)).toEqual([
      '"Tuesday 24 November 2026 (today)", but today in United Kingdom is Monday 23 November 2026',
    ]);
    expect(countrySlips('Tuesday 24 November 2026 (today)', nz)).toEqual([]);
  });
});

describe('datesIn', () => {
  it('reads a day and month without a year as the nearest to today', () => {
    expect(datesIn('2 Jan', '2026-12-30').map((d) => d.date)).toEqual(['2027-01-02']);
    expect(datesIn('20 Dec', '2027-01-05').map((d) => d.date)).toEqual(['2026-12-20']);
    // No year next to 2026 has a 29 February; 2028, next to 2027, has.
    expect(datesIn('29 Feb', '2026-11-23').map((d) => d.date)).toEqual([undefined]);
    expect(datesIn('29 Feb', '2027-11-23').map((d) => d.date)).toEqual(['2028-02-29']);
  });

  it('reads an ISO date as itself', () => {
    expect(datesIn('due 2026-11-30.', '2026-11-23')).toEqual([{ shown: '2026-11-30', date: '2026-11-30' }]);
  });
});

it('calendarDays lists the four weeks from the billing start', () => {
  const days = calendarDays('2026-11-23');
  expect([days.length, days[0], days.at(-1)]).toEqual([28, '2026-11-23', '2026-12-20']);
});
