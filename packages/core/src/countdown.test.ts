import { describe, expect, it } from 'vitest';
import { startOfDayInstant } from './calendar.ts';
import { COUNTRIES } from './countries.ts';
import {
  CLOSED_AFTER_DAYS,
  campaignMonthAndName,
  countdownText,
  daysToStart,
  hasStarted,
  isClosed,
  isJoinOpen,
  joinButtonText,
  navbarCampaignLabel,
  truncateName, LOW_PLEDGE_COUNT } from './countdown.ts';

const at = (iso: string) => new Date(iso);
const DAY = 24 * 3600_000;

describe('daysToStart', () => {
  it('rounds up to whole days until 00:00 local on the start date', () => {
    // 2026-11-22 10:00 NZDT
    expect(daysToStart('2026-11-23', 'NZ', at('2026-11-21T21:00:00Z'))).toBe(1);
    expect(daysToStart('2026-11-30', 'NZ', at('2026-11-21T21:00:00Z'))).toBe(8);
    // exactly midnight 22 Nov NZDT: one full day to go
    expect(daysToStart('2026-11-23', 'NZ', at('2026-11-21T11:00:00Z'))).toBe(1);
  });

  it('reaches 0 (started) at midnight in the campaign zone', () => {
    expect(daysToStart('2026-11-23', 'NZ', at('2026-11-22T10:59:59Z'))).toBe(1);
    expect(daysToStart('2026-11-23', 'NZ', at('2026-11-22T11:00:00Z'))).toBe(0);
    expect(hasStarted('2026-11-23', 'NZ', at('2026-11-22T11:00:00Z'))).toBe(true);
    expect(hasStarted('2026-11-23', 'NZ', at('2026-11-22T10:59:59Z'))).toBe(false);
    expect(daysToStart('2026-11-23', 'NZ', at('2026-11-25T00:00:00Z'))).toBe(-2);
  });

  it('differs between Auckland and London at the same instant', () => {
    const now = at('2026-11-22T11:30:00Z'); // 23 Nov 00:30 in Auckland, 22 Nov 11:30 in London
    expect(daysToStart('2026-11-23', 'NZ', now)).toBe(0);
    expect(daysToStart('2026-11-23', 'UK', now)).toBe(1);
    expect(hasStarted('2026-11-23', 'UK', at('2026-11-23T00:00:00Z'))).toBe(true);
  });

  it('equals ceil((start 00:00 local - now) / 24 h) on days that last 24 hours', () => {
    for (const country of ['NZ', 'UK'] as const) {
      const tz = COUNTRIES[country].timeZone;
      const start = '2026-11-20'; // November: no DST change in either zone
      for (let t = at('2026-11-01T00:00:00Z').getTime(); t < at('2026-11-25T00:00:00Z').getTime(); t += 1800_000) {
        const now = new Date(t);
        const formula = Math.ceil((startOfDayInstant(start, tz).getTime() - t) / DAY) || 0; // no -0
        expect(daysToStart(start, country, now)).toBe(formula);
      }
    }
  });

  // Across DST a day lasts 23 or 25 hours; dividing by 24 h would be off by one for an hour.
  it('counts local days across NZ DST end (25-hour 5 April 2026)', () => {
    const now = at('2026-04-03T11:10:00Z'); // 4 April 00:10 NZDT
    expect(daysToStart('2026-04-06', 'NZ', now)).toBe(2); // the 24 h division gives 3
    expect(daysToStart('2026-04-06', 'NZ', at('2026-04-05T11:59:00Z'))).toBe(1); // 5 Apr 23:59 NZST
    expect(daysToStart('2026-04-06', 'NZ', at('2026-04-05T12:00:00Z'))).toBe(0);
  });

  it('counts local days across NZ DST start (23-hour 27 September 2026)', () => {
    const now = at('2026-09-26T11:30:00Z'); // 26 Sep 23:30 NZST
    expect(daysToStart('2026-09-28', 'NZ', now)).toBe(2); // the 24 h division gives 1
    expect(daysToStart('2026-09-28', 'NZ', at('2026-09-27T10:59:00Z'))).toBe(1); // 27 Sep 23:59 NZDT
    expect(daysToStart('2026-09-28', 'NZ', at('2026-09-27T11:00:00Z'))).toBe(0);
  });

  it('counts local days across UK DST start (23-hour 29 March 2026)', () => {
    expect(daysToStart('2026-03-30', 'UK', at('2026-03-28T23:30:00Z'))).toBe(2); // the 24 h division gives 1
    expect(daysToStart('2026-03-30', 'UK', at('2026-03-29T22:59:00Z'))).toBe(1); // 29 Mar 23:59 BST
    expect(daysToStart('2026-03-30', 'UK', at('2026-03-29T23:00:00Z'))).toBe(0);
  });

  it('counts local days across UK DST end (25-hour 25 October 2026)', () => {
    expect(daysToStart('2026-10-26', 'UK', at('2026-10-23T23:10:00Z'))).toBe(2); // 24 Oct 00:10 BST; division gives 3
    expect(daysToStart('2026-10-26', 'UK', at('2026-10-25T23:59:00Z'))).toBe(1); // 25 Oct 23:59 GMT
    expect(daysToStart('2026-10-26', 'UK', at('2026-10-26T00:00:00Z'))).toBe(0);
  });
});

describe('isJoinOpen', () => {
  const campaign = { is_active: true, end_date: '2026-12-20', country: 'NZ' as const };

  it('is open while active and today is before the end date', () => {
    expect(isJoinOpen(campaign, at('2026-11-01T00:00:00Z'))).toBe(true);
    expect(isJoinOpen(campaign, at('2026-12-19T10:59:00Z'))).toBe(true); // 19 Dec 23:59 NZDT
    expect(isJoinOpen(campaign, at('2026-12-19T11:00:00Z'))).toBe(false); // 20 Dec in Auckland
    expect(isJoinOpen({ ...campaign, is_active: false }, at('2026-11-01T00:00:00Z'))).toBe(false);
  });

  it('judges the end date in the campaign country', () => {
    const uk = { ...campaign, country: 'UK' as const };
    expect(isJoinOpen(uk, at('2026-12-19T11:00:00Z'))).toBe(true); // still 19 Dec in London
    expect(isJoinOpen(uk, at('2026-12-20T00:00:00Z'))).toBe(false);
  });
});

describe('isClosed', () => {
  it('closes more than 7 days after the start date', () => {
    expect(CLOSED_AFTER_DAYS).toBe(7);
    const nz = { start_date: '2026-11-23', country: 'NZ' as const };
    expect(isClosed(nz, at('2026-11-29T12:00:00Z'))).toBe(false); // 30 Nov NZ: 7 days after
    expect(isClosed(nz, at('2026-11-30T10:59:00Z'))).toBe(false); // 30 Nov 23:59 NZ
    expect(isClosed(nz, at('2026-11-30T11:00:00Z'))).toBe(true); // 1 Dec NZ: 8 days after
    expect(isClosed({ ...nz, country: 'UK' }, at('2026-11-30T11:00:00Z'))).toBe(false); // 30 Nov in London
    expect(isClosed(nz, at('2026-11-01T00:00:00Z'))).toBe(false);
  });
});

describe('countdownText', () => {
  const base = { pledgeCount: 12, amountMinor: 123450, country: 'NZ' as const };

  it('counts down with day or days', () => {
    expect(countdownText({ ...base, daysToStart: 1 })).toBe('Starting in 1 day');
    expect(countdownText({ ...base, daysToStart: 5 })).toBe('Starting in 5 days');
    expect(countdownText({ ...base, daysToStart: 2 })).toBe('Starting in 2 days');
  });

  it('shows the count and amount once started', () => {
    expect(countdownText({ ...base, daysToStart: 0 })).toBe("The campaign has started, join 12 others who've pledged $1,234.50!");
    expect(countdownText({ ...base, daysToStart: -3, country: 'UK' })).toBe(
      "The campaign has started, join 12 others who've pledged £1,234.50!",
    );
    expect(countdownText({ daysToStart: 0, pledgeCount: 10, amountMinor: 69000, country: 'NZ' })).toBe("The campaign has started, join 10 others who've pledged $690.00!");
  });

  it('invites, with the honest count and no sum, while fewer than 10 have pledged (docs/decisions/167)', () => {
    expect(LOW_PLEDGE_COUNT).toBe(10);
    expect(countdownText({ daysToStart: 0, pledgeCount: 5, amountMinor: 69000, country: 'NZ' })).toBe('The campaign has started: be one of the first to pledge and join 5 others!');
    expect(countdownText({ daysToStart: -2, pledgeCount: 9, amountMinor: 99000, country: 'UK' })).toBe('The campaign has started: be one of the first to pledge and join 9 others!');
    expect(countdownText({ daysToStart: 0, pledgeCount: 1, amountMinor: 5000, country: 'NZ' })).toBe('The campaign has started: be one of the first to pledge and join 1 other!');
    expect(countdownText({ daysToStart: 0, pledgeCount: 5, amountMinor: 69000, country: 'NZ' })).not.toContain('$');
  });

  it("says 'heaps of' when the count is zero or less", () => {
    const heaps = "The campaign has started, join heaps of others who've pledged heaps!";
    expect(countdownText({ ...base, daysToStart: 0, pledgeCount: 0 })).toBe(heaps);
    expect(countdownText({ ...base, daysToStart: 0, pledgeCount: -1, country: 'UK' })).toBe(heaps);
    expect(countdownText({ ...base, daysToStart: 0, pledgeCount: NaN })).toBe(heaps);
  });
});

describe('campaign names', () => {
  it('splits month and name', () => {
    expect(campaignMonthAndName('November Uplift Challenge')).toEqual({ month: 'November', name: 'Uplift Challenge' });
    expect(campaignMonthAndName('  March   Give Up  Takeaways ')).toEqual({ month: 'March', name: 'Give Up Takeaways' });
    expect(campaignMonthAndName('November')).toEqual({ month: 'November', name: '' });
    expect(campaignMonthAndName('')).toEqual({ month: '', name: '' });
  });

  it('labels the Join button and the navbar', () => {
    expect(joinButtonText('November Uplift Challenge')).toBe('Join the November Uplift Challenge');
    expect(navbarCampaignLabel('November Uplift Challenge')).toBe('November Uplift');
    expect(navbarCampaignLabel('November Uplift')).toBe('November Uplift');
    expect(navbarCampaignLabel('November')).toBe('November');
  });

  it('cuts card names at 20 characters, marking the cut', () => {
    expect(truncateName('November Uplift')).toBe('November Uplift');
    expect(truncateName('12345678901234567890')).toBe('12345678901234567890');
    expect(truncateName('123456789012345678901')).toBe('12345678901234567890…');
    expect(truncateName('November Uplift Challenge')).toBe('November Uplift Chal…');
    expect(truncateName('November Uplift Challenge', 16)).toBe('November Uplift…'); // no space before the mark
    expect(truncateName('😀'.repeat(25), 20)).toBe(`${'😀'.repeat(20)}…`);
  });
});
