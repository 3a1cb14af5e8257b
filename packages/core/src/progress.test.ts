import { describe, expect, it } from 'vitest';
import type { Minor } from './money.ts';
import { progressLines, unitsGivenUp } from './progress.ts';

const youthline = { name: 'Youthline', impactCostMinor: 3500 as Minor, impactMultiplier: 7, impactUnit: 'hours of helpline support', impactUnitSingular: 'hour of helpline support' };
const trussell = { name: 'The Trussell Trust', impactCostMinor: 500 as Minor, impactMultiplier: 1, impactUnit: 'emergency food parcels', impactUnitSingular: 'emergency food parcel' };

describe('progress in a weekly receipt', () => {
  it('counts the units gone without, weekly or monthly (a month is 4 weeks)', () => {
    expect(unitsGivenUp(5, 'weekly', 3)).toBe(15);
    expect(unitsGivenUp(2, 'monthly', 1)).toBe(1); // 0.5 rounds up
    expect(unitsGivenUp(4, 'monthly', 3)).toBe(3);
  });

  it('NZ, week 3 of 4: weeks without coffee ≈ coffees and NZ$ so far, the impact, the next date', () => {
    const p = progressLines({
      country: 'NZ',
      week: 3,
      weeks: 4,
      challengeName: 'Coffees',
      unit: 'coffees',
      numberOfUnits: 5,
      period: 'weekly',
      givenMinor: 5250 as Minor,
      charity: youthline,
      nextDate: '2026-12-14',
    });
    expect(p.title).toBe('Your progress: week 3 of 4');
    expect(p.lines).toEqual([
      '3 weeks without coffees ≈ 15 coffees, $52.50 NZD given so far.',
      'That is about 14 hours of helpline support at Youthline. Every $35.00 gives 7 hours of helpline support at Youthline.',
      'Your next payment is on Monday 14 December 2026.',
    ]);
  });

  it('UK, week 1 of 4 and the last week: £, singular units, no next date', () => {
    const first = progressLines({
      country: 'UK',
      week: 1,
      weeks: 4,
      challengeName: 'Lunches',
      unit: 'lunches',
      numberOfUnits: 3,
      period: 'weekly',
      givenMinor: 600 as Minor,
      charity: trussell,
      nextDate: '2026-12-07',
    });
    expect(first.lines[0]).toBe('1 week without lunches ≈ 3 lunches, £6.00 GBP given so far.');
    expect(first.lines[1]).toBe('That is about 1 emergency food parcel at The Trussell Trust. Every £5.00 gives 1 emergency food parcel at The Trussell Trust.');
    const last = progressLines({ ...{ country: 'UK' as const, challengeName: 'Lunches', unit: 'lunches', numberOfUnits: 3, period: 'weekly' as const, charity: trussell }, week: 4, weeks: 4, givenMinor: 2400 as Minor, nextDate: null });
    expect(last.lines[2]).toBe('That was your last payment: your pledge is complete.');
  });
});
