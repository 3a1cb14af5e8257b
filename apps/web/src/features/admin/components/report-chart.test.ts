import { describe, expect, it } from 'vitest';
import { campaignDays } from './report-chart';

const campaign = { start_date: '2026-11-17', end_date: '2026-11-21' } as const;

describe('the report chart’s days', () => {
  it('has one bar per day of the campaign, a quiet day with zeros', () => {
    const days = campaignDays([{ date: '2026-11-19', pledges: 3, collected: 52.5 }], campaign);
    expect(days).toEqual([
      { date: '2026-11-17', pledges: 0, collected: 0 },
      { date: '2026-11-18', pledges: 0, collected: 0 },
      { date: '2026-11-19', pledges: 3, collected: 52.5 },
      { date: '2026-11-20', pledges: 0, collected: 0 },
      { date: '2026-11-21', pledges: 0, collected: 0 },
    ]);
  });

  it('reaches back to a pledge made before the campaign began and on to a payment after it ended', () => {
    const days = campaignDays(
      [
        { date: '2026-11-24', pledges: 0, collected: 17.5 },
        { date: '2026-11-15', pledges: 1, collected: 0 },
      ],
      campaign,
    );
    expect(days.map((d) => d.date)).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
    expect(days[0]).toEqual({ date: '2026-11-15', pledges: 1, collected: 0 });
    expect(days.at(-1)).toEqual({ date: '2026-11-24', pledges: 0, collected: 17.5 });
  });
});
