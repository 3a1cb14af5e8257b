import { describe, expect, it } from 'vitest';
import { adminCampaignSchema, campaignRequestSchema, campaignSchema, isCampaignName } from './campaign.ts';
import { issuesOf } from './schemas.test-support.ts';

const campaign = {
  campaign_name: 'November Uplift Challenge',
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  billing_start_date: '2026-11-09',
  country: 'NZ',
  billing_cycle: 'Weekly',
  is_active: true,
};

describe('campaign names', () => {
  it('are a month then a name', () => {
    expect(isCampaignName('November Uplift Challenge')).toBe(true);
    expect(isCampaignName('May Uplift')).toBe(true);
    for (const name of ['November', 'Uplift Challenge', 'november Uplift', 'Novembre Uplift', '']) {
      expect(isCampaignName(name), name).toBe(false);
    }
  });
});

describe('campaignRequestSchema', () => {
  it('accepts a campaign, Weekly by default', () => {
    // No goal unless one is given.
    expect(campaignRequestSchema.parse(campaign)).toEqual({ ...campaign, goal_amount: null });
    expect(campaignRequestSchema.parse({ ...campaign, goal_amount: 2500.5 }).goal_amount).toBe(2500.5);
    expect(campaignRequestSchema.parse({ ...campaign, billing_cycle: undefined }).billing_cycle).toBe('Weekly');
    expect(campaignRequestSchema.parse({ ...campaign, campaign_name: '  May Uplift ' }).campaign_name).toBe('May Uplift');
  });

  it('checks the name', () => {
    const format = 'campaign_name: Campaign name must be a month followed by a name, e.g. November Uplift Challenge';
    expect(issuesOf(campaignRequestSchema, { ...campaign, campaign_name: 'Uplift Challenge' })).toEqual([format]);
    expect(issuesOf(campaignRequestSchema, { ...campaign, campaign_name: 'November' })).toEqual([format]);
    expect(issuesOf(campaignRequestSchema, { ...campaign, campaign_name: '' })).toEqual([
      'campaign_name: Campaign name is required',
    ]);
    expect(issuesOf(campaignRequestSchema, { ...campaign, campaign_name: `November ${'x'.repeat(92)}` })).toEqual([
      'campaign_name: Campaign name must be at most 100 characters long',
    ]);
  });

  it('checks the dates, naming the field at fault', () => {
    expect(issuesOf(campaignRequestSchema, { ...campaign, start_date: '2026-02-30' })).toEqual([
      'start_date: Start date must be a real date in the form YYYY-MM-DD',
    ]);
    expect(issuesOf(campaignRequestSchema, { ...campaign, end_date: '2026-10-31', billing_start_date: '2026-11-01' })).toEqual([
      'end_date: End date must be on or after the start date',
      'billing_start_date: Billing start date must be between the start date and the end date',
    ]);
    expect(issuesOf(campaignRequestSchema, { ...campaign, billing_start_date: '2026-10-31' })).toEqual([
      'billing_start_date: Billing start date must be between the start date and the end date',
    ]);
    expect(issuesOf(campaignRequestSchema, { ...campaign, billing_start_date: '2026-12-01' })).toEqual([
      'billing_start_date: Billing start date must be between the start date and the end date',
    ]);
    // Inclusive at both ends; a one-day campaign is allowed.
    expect(issuesOf(campaignRequestSchema, { ...campaign, billing_start_date: '2026-11-01' })).toEqual([]);
    expect(issuesOf(campaignRequestSchema, { ...campaign, billing_start_date: '2026-11-30' })).toEqual([]);
    expect(
      issuesOf(campaignRequestSchema, { ...campaign, start_date: '2026-11-01', end_date: '2026-11-01', billing_start_date: '2026-11-01' }),
    ).toEqual([]);
  });

  it('checks the other fields', () => {
    expect(issuesOf(campaignRequestSchema, { ...campaign, country: 'AU' })).toEqual(['country: Country must be NZ or UK']);
    expect(issuesOf(campaignRequestSchema, { ...campaign, billing_cycle: 'Monthly' })).toEqual([
      'billing_cycle: Billing cycle must be Weekly',
    ]);
    expect(issuesOf(campaignRequestSchema, { ...campaign, is_active: 'yes' })).toEqual(['is_active: Active must be true or false']);
    for (const goal of [0, 0.99, -5, 10_000_000.01, 12.345, '100', Number.NaN]) {
      expect(issuesOf(campaignRequestSchema, { ...campaign, goal_amount: goal }), String(goal)).toEqual([
        'goal_amount: The goal must be an amount of at least 1 and at most 10,000,000, with at most two decimal places, or left empty',
      ]);
    }
    expect(issuesOf(campaignRequestSchema, { ...campaign, goal_amount: 10_000_000 })).toEqual([]);
    expect(issuesOf(campaignRequestSchema, { ...campaign, goal_amount: 1 })).toEqual([]);
  });
});

describe('campaignSchema (the answer of every campaign route)', () => {
  const answer = { id: 1, ...campaign, goal_amount: null };

  it('keeps the declared fields and drops the rest (timestamps never reach the browser)', () => {
    expect(campaignSchema.parse({ ...answer, created_at: new Date(), updated_at: new Date() })).toEqual(answer);
  });

  it('refuses a country, billing cycle or date the contract does not know', () => {
    expect(campaignSchema.safeParse({ ...answer, country: 'AU' }).success).toBe(false);
    expect(campaignSchema.safeParse({ ...answer, billing_cycle: 'Monthly' }).success).toBe(false);
    expect(campaignSchema.safeParse({ ...answer, start_date: '2026-11-01T00:00:00Z' }).success).toBe(false);
  });

  it("is the admin's campaign too, with its pledge count", () => {
    expect(adminCampaignSchema.parse({ ...answer, pledge_count: 3 })).toEqual({ ...answer, pledge_count: 3 });
    expect(adminCampaignSchema.safeParse(answer).success).toBe(false);
  });
});
