import { describe, expect, it } from 'vitest';
import { confirmPledgeSchema, pledgeRequestSchema } from './pledge.ts';
import { issuesOf } from './test-helpers.ts';

const pledge = { recipient_id: 1, challenge_id: 2, campaign_id: 3, number_of_units: 6, cost_per_unit: 15, confirmed_amount: 90 };

describe('pledgeRequestSchema', () => {
  it('accepts the pledge figures, weekly by default', () => {
    expect(pledgeRequestSchema.parse(pledge)).toEqual({ ...pledge, period: 'weekly' });
    expect(pledgeRequestSchema.parse({ ...pledge, period: 'monthly' }).period).toBe('monthly');
    expect(issuesOf(pledgeRequestSchema, { ...pledge, number_of_units: 0, cost_per_unit: 0 })).toEqual([]);
  });

  it('refuses bad figures', () => {
    expect(issuesOf(pledgeRequestSchema, { ...pledge, campaign_id: -3 })).toEqual(['campaign_id: Please choose a campaign']);
    expect(issuesOf(pledgeRequestSchema, { ...pledge, challenge_id: '2' })).toEqual(['challenge_id: Please choose a challenge']);
    expect(issuesOf(pledgeRequestSchema, { ...pledge, number_of_units: -1 })).toEqual([
      'number_of_units: Number must be a whole number of 0 or more',
    ]);
    expect(issuesOf(pledgeRequestSchema, { ...pledge, number_of_units: 1001 })).toEqual(['number_of_units: Number is too large']);
    expect(issuesOf(pledgeRequestSchema, { ...pledge, cost_per_unit: -1 })).toEqual(['cost_per_unit: Amount must not be negative']);
    expect(issuesOf(pledgeRequestSchema, { ...pledge, confirmed_amount: 90.001 })).toEqual([
      'confirmed_amount: Amount must be a number with at most two decimal places',
    ]);
  });
});

describe('confirmPledgeSchema', () => {
  it('needs a payment method', () => {
    expect(confirmPledgeSchema.parse({ payment_method_id: 'pm_123' })).toEqual({ payment_method_id: 'pm_123' });
    expect(issuesOf(confirmPledgeSchema, { payment_method_id: '' })).toEqual([
      'payment_method_id: Please select a payment method',
    ]);
    expect(issuesOf(confirmPledgeSchema, {})).toEqual(['payment_method_id: Please select a payment method']);
  });
});
