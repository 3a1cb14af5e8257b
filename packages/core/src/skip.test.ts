import { describe, expect, it } from 'vitest';
import { todayInCountry } from './calendar.ts';
import { beforeSkipCutoff, movedPaymentDate, SKIP_REFUSAL_MESSAGES, skipCutoff, skipRefusal, undoSkipRefusal, weekDate } from './skip.ts';

const at = (iso: string) => new Date(iso);

describe('skipCutoff', () => {
  it('is 24 hours before the start of the payment day in the campaign zone', () => {
    // NZDT is UTC+13 in December: 2 Dec starts at 1 Dec 11:00 UTC.
    expect(skipCutoff('2026-12-02', 'NZ').toISOString()).toBe('2026-11-30T11:00:00.000Z');
    // GMT in December: 2 Dec starts at 00:00 UTC.
    expect(skipCutoff('2026-12-02', 'UK').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    // BST in July: 2 Jul starts at 1 Jul 23:00 UTC.
    expect(skipCutoff('2026-07-02', 'UK').toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });

  it('closes at Auckland midnight while London is still on the day before', () => {
    // At 30 Nov 11:00 UTC it is 1 Dec 00:00 in Auckland and 30 Nov 11:00 in London.
    const justBefore = at('2026-11-30T10:59:59.999Z');
    const atMidnight = at('2026-11-30T11:00:00.000Z');
    expect(todayInCountry('NZ', atMidnight)).toBe('2026-12-01');
    expect(todayInCountry('UK', atMidnight)).toBe('2026-11-30');
    expect(beforeSkipCutoff('2026-12-02', 'NZ', justBefore)).toBe(true);
    expect(beforeSkipCutoff('2026-12-02', 'NZ', atMidnight)).toBe(false);
    // The same instants leave a London payment of the same date open for another 13 hours.
    expect(beforeSkipCutoff('2026-12-02', 'UK', atMidnight)).toBe(true);
  });

  it('closes at London midnight while Auckland is already a day ahead', () => {
    const justBefore = at('2026-11-30T23:59:59.999Z');
    const atMidnight = at('2026-12-01T00:00:00.000Z');
    expect(todayInCountry('UK', justBefore)).toBe('2026-11-30');
    expect(todayInCountry('NZ', justBefore)).toBe('2026-12-01');
    expect(beforeSkipCutoff('2026-12-02', 'UK', justBefore)).toBe(true);
    expect(beforeSkipCutoff('2026-12-02', 'UK', atMidnight)).toBe(false);
    // Auckland's payment of that date closed 13 hours earlier.
    expect(beforeSkipCutoff('2026-12-02', 'NZ', justBefore)).toBe(false);
  });

  it('counts 24 real hours across a clock change (London, last Sunday of October)', () => {
    // 26 Oct 2026 starts at 00:00 GMT; BST ended on 25 Oct, a 25-hour day.
    expect(skipCutoff('2026-10-26', 'UK').toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });
});

describe('weekDate and movedPaymentDate', () => {
  it('gives the campaign week dates 1 to 4 and refuses others', () => {
    expect(weekDate('2026-11-23', 1)).toBe('2026-11-23');
    expect(weekDate('2026-11-23', 2)).toBe('2026-11-30');
    expect(weekDate('2026-11-23', 4)).toBe('2026-12-14');
    for (const week of [0, 5, 1.5, -1, Number.NaN]) expect(() => weekDate('2026-11-23', week), String(week)).toThrow(RangeError);
  });

  it('moves a skipped payment to one week after the last, whatever the order', () => {
    expect(movedPaymentDate(['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14'])).toBe('2026-12-21');
    expect(movedPaymentDate(['2026-12-14', '2026-11-23', '2026-12-07'])).toBe('2026-12-21');
    expect(movedPaymentDate(['2026-12-28'])).toBe('2027-01-04');
    expect(() => movedPaymentDate([])).toThrow(RangeError);
  });
});

describe('skipRefusal', () => {
  const now = at('2026-11-25T00:00:00Z');
  const payment = { status: 'Pending' as const, claimed: false, date: '2026-11-30' };
  const base = { pledgeStatus: 'Confirmed' as const, payment, hasSkip: false, country: 'UK' as const, now };

  it('allows a future Pending payment of a confirmed pledge with no skip yet', () => {
    expect(skipRefusal(base)).toBeNull();
  });

  it('says why a skip is refused', () => {
    expect(skipRefusal({ ...base, pledgeStatus: 'Cancelled' })).toBe('pledge_not_confirmed');
    expect(skipRefusal({ ...base, pledgeStatus: 'Pending' })).toBe('pledge_not_confirmed');
    expect(skipRefusal({ ...base, hasSkip: true })).toBe('already_skipped');
    expect(skipRefusal({ ...base, payment: undefined })).toBe('no_payment_that_week');
    expect(skipRefusal({ ...base, payment: { ...payment, status: 'Cancelled' } })).toBe('no_payment_that_week');
    expect(skipRefusal({ ...base, payment: { ...payment, status: 'Success' } })).toBe('already_charged');
    expect(skipRefusal({ ...base, payment: { ...payment, status: 'Failed' } })).toBe('already_charged');
    expect(skipRefusal({ ...base, payment: { ...payment, claimed: true } })).toBe('already_charged');
    expect(skipRefusal({ ...base, now: at('2026-11-29T00:00:00Z') })).toBe('too_late');
    expect(skipRefusal({ ...base, now: at('2026-11-28T23:59:59.999Z') })).toBeNull();
  });

  it('has a plain message for every refusal', () => {
    for (const message of Object.values(SKIP_REFUSAL_MESSAGES)) expect(message.length).toBeGreaterThan(10);
    expect(SKIP_REFUSAL_MESSAGES.too_late).toContain('24 hours');
  });
});

describe('undoSkipRefusal', () => {
  const now = at('2026-11-25T00:00:00Z');
  const skipped = { status: 'Pending' as const, claimed: false, date: '2026-12-21', skippedFrom: '2026-11-30' };
  const base = { pledgeStatus: 'Confirmed' as const, skipped, country: 'UK' as const, now };

  it('allows an undo until the skipped date’s cut-off', () => {
    expect(undoSkipRefusal(base)).toBeNull();
    expect(undoSkipRefusal({ ...base, now: at('2026-11-28T23:59:59.999Z') })).toBeNull();
    expect(undoSkipRefusal({ ...base, now: at('2026-11-29T00:00:00Z') })).toBe('too_late');
  });

  it('says why an undo is refused', () => {
    expect(undoSkipRefusal({ ...base, pledgeStatus: 'Cancelled' })).toBe('pledge_not_confirmed');
    expect(undoSkipRefusal({ ...base, skipped: undefined })).toBe('not_skipped');
    expect(undoSkipRefusal({ ...base, skipped: { ...skipped, status: 'Success' } })).toBe('already_charged');
    expect(undoSkipRefusal({ ...base, skipped: { ...skipped, claimed: true } })).toBe('already_charged');
  });
});
