import { describe, expect, it } from 'vitest';
import { firstSentence, pageImpactLine, pageWeeks, pageWeeksLine, pageWeeksText, suggestedUpdate, unitsGivenUpSoFar } from './page-backing.ts';

// Monday 7 December 2026 is the first payment day; NZ is UTC+13 in December, the UK UTC+0.
const start = '2026-12-07';
const at = (iso: string) => new Date(iso);

describe('pageWeeks: the weeks in the country’s time zone', () => {
  it('is before the start until the first day begins in the country', () => {
    // 10:59 UTC on the 6th is 23:59 on the 6th in Auckland: still before.
    expect(pageWeeks({ billingStart: start, weeksTotal: 4, country: 'NZ', now: at('2026-12-06T10:59:00Z') })).toEqual({ state: 'before', starts: start });
    // 11:00 UTC on the 6th is midnight of the 7th in Auckland: week 1, while London is still on the 6th.
    expect(pageWeeks({ billingStart: start, weeksTotal: 4, country: 'NZ', now: at('2026-12-06T11:00:00Z') })).toEqual({ state: 'during', week: 1, of: 4 });
    expect(pageWeeks({ billingStart: start, weeksTotal: 4, country: 'UK', now: at('2026-12-06T11:00:00Z') })).toEqual({ state: 'before', starts: start });
  });

  it('counts the weeks from 1, seven days each, and is finished after the last', () => {
    const uk = (iso: string, weeksTotal = 4) => pageWeeks({ billingStart: start, weeksTotal, country: 'UK', now: at(iso) });
    expect(uk('2026-12-13T23:59:00Z')).toEqual({ state: 'during', week: 1, of: 4 });
    expect(uk('2026-12-14T00:00:00Z')).toEqual({ state: 'during', week: 2, of: 4 });
    expect(uk('2027-01-03T23:59:00Z')).toEqual({ state: 'during', week: 4, of: 4 });
    expect(uk('2027-01-04T00:00:00Z')).toEqual({ state: 'after' });
    // A skipped week makes the pledge five weeks long.
    expect(uk('2027-01-04T00:00:00Z', 5)).toEqual({ state: 'during', week: 5, of: 5 });
  });
});

describe('pageWeeksText', () => {
  it('names the weekday within the coming six days, the date later, tomorrow as tomorrow', () => {
    expect(pageWeeksText({ state: 'before', starts: start }, '2026-12-01')).toBe('Starts Monday');
    expect(pageWeeksText({ state: 'before', starts: start }, '2026-12-06')).toBe('Starts tomorrow');
    expect(pageWeeksText({ state: 'before', starts: start }, '2026-11-30')).toBe('Starts 7 Dec');
  });
  it('says the week, or finished; never "week 0"', () => {
    expect(pageWeeksText({ state: 'during', week: 2, of: 4 })).toBe('Week 2 of 4');
    expect(pageWeeksText({ state: 'after' })).toBe('Finished');
    expect(pageWeeksLine({ billingStart: start, weeksTotal: 4, country: 'NZ', now: at('2026-12-01T00:00:00Z') }).text).toBe('Starts Monday');
  });
});

describe('impact in units', () => {
  it('divides what the pledge brought in by the price of one unit, to the nearest whole one', () => {
    expect(unitsGivenUpSoFar(3850, 350)).toBe(11);
    expect(unitsGivenUpSoFar(0, 350)).toBe(0);
    expect(unitsGivenUpSoFar(1000, 0)).toBe(0);
    // A monthly pledge of 10 lunches at $12.00 pays $30.00 a week: 2.5 lunches a week, 5 after two.
    expect(unitsGivenUpSoFar(6000, 1200)).toBe(5);
    expect(unitsGivenUpSoFar(3000, 1200)).toBe(3);
  });
  it('writes the line in the page’s money, or none before anything is received', () => {
    expect(pageImpactLine({ receivedMinor: 3850, costPerUnitMinor: 350, unit: 'coffees', country: 'NZ' })).toBe('11 coffees given up so far ≈ $38.50');
    expect(pageImpactLine({ receivedMinor: 350, costPerUnitMinor: 350, unit: 'coffees', unitSingular: 'coffee', country: 'UK' })).toBe('1 coffee given up so far ≈ £3.50');
    expect(pageImpactLine({ receivedMinor: 0, costPerUnitMinor: 350, unit: 'coffees', country: 'NZ' })).toBeNull();
  });
});

describe('the suggested update', () => {
  it('says the week done, the units, the money and thanks the named friends', () => {
    expect(suggestedUpdate({ weeks: { state: 'during', week: 3, of: 4 }, units: 8, unit: 'coffees', givenMinor: 2800, country: 'NZ', friends: ['Sam', 'Anonymous', 'Ana', 'Sam'] })).toBe(
      'Week 2 done: 8 coffees skipped, $28.00 given so far — thank you Sam and Ana!',
    );
    expect(suggestedUpdate({ weeks: { state: 'after' }, units: 12, unit: 'lunches', givenMinor: 14400, country: 'UK', friends: [] })).toBe('Challenge finished: 12 lunches skipped, £144.00 given so far');
  });
});

describe('firstSentence', () => {
  it('takes the text up to its first full stop', () => {
    expect(firstSentence('KidsCan provides food to children. It also does more.')).toBe('KidsCan provides food to children.');
    expect(firstSentence('No stop at all')).toBe('No stop at all');
    expect(firstSentence('Costs $3.50 a day. More.')).toBe('Costs $3.50 a day.');
  });
});
