import { describe, expect, it } from 'vitest';
import { daysBefore, RETENTION, RETENTION_TEXT, yearsBefore } from './retention.ts';

describe('retention periods', () => {
  it('are the ones docs/decisions/128 (and 133, for alert records) settle', () => {
    expect(RETENTION).toEqual({ sentMailDays: 90, failedMailDays: 30, tokenGraceDays: 30, rateLimitHours: 24, donationRecordYears: 7, alertRecordDays: 90 });
    expect(RETENTION_TEXT).toEqual({ sentMail: '90 days', failedMail: '30 days', tokens: '30 days', rateLimits: '24 hours', donationRecords: '7 years' });
  });

  it('count back whole days and calendar years', () => {
    const now = new Date('2026-11-23T09:00:00Z');
    expect(daysBefore(now, 90).toISOString()).toBe('2026-08-25T09:00:00.000Z');
    expect(yearsBefore(now, 7).toISOString()).toBe('2019-11-23T09:00:00.000Z');
    expect(yearsBefore(new Date('2028-02-29T12:00:00Z'), 7).toISOString()).toBe('2021-03-01T12:00:00.000Z');
  });
});
