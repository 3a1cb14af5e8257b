import { asMinor } from '@uplift/core/money';
import { countrySlips } from '@uplift/core/country-check';
import { describe, expect, it } from 'vitest';
import { shareCardLines, shareCardText } from './share-card.text.ts';

const campaign = { campaignName: 'November Uplift Challenge', pledges: 1234, amountMinor: asMinor(12_345_678) };

describe('the preview card text', () => {
  it('shows the campaign, the pledge count and the total in the country’s currency', () => {
    expect(shareCardLines(shareCardText({ country: 'NZ', ...campaign }))).toEqual([
      'Uplift · New Zealand',
      'November Uplift Challenge',
      '1,234 pledges',
      '$123,456.78 NZD pledged',
      'Give up a little for a month. Lift up a lot.',
    ]);
    expect(shareCardLines(shareCardText({ country: 'UK', ...campaign, pledges: 1, amountMinor: asMinor(7000) }))).toEqual([
      'Uplift · United Kingdom',
      'November Uplift Challenge',
      '1 pledge',
      '£70.00 GBP pledged',
      'Give up a little for a month. Lift up a lot.',
    ]);
  });

  it('invites the first pledge, and says when no campaign is on', () => {
    expect(shareCardText({ country: 'UK', ...campaign, pledges: 0, amountMinor: asMinor(0) })).toMatchObject({ pledges: 'Be the first to pledge', amount: null });
    expect(shareCardLines(shareCardText({ country: 'NZ', campaignName: null, pledges: 0, amountMinor: asMinor(0) }))).toEqual([
      'Uplift · New Zealand',
      'Campaign Coming Soon!',
      'Give up a little for a month. Lift up a lot.',
    ]);
  });

  it('has no slip of the other country', () => {
    for (const country of ['NZ', 'UK'] as const) {
      const text = shareCardLines(shareCardText({ country, ...campaign })).join('\n');
      expect(countrySlips(text, { country, today: '2026-11-23', dates: [] })).toEqual([]);
    }
  });
});
