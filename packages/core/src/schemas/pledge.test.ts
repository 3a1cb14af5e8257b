import { describe, expect, it } from 'vitest';
import { PLEDGE_STATUSES } from '../statuses.ts';
import {
  skipWeekRequestSchema,
  skipWeekResponseSchema,
  cancelPledgeResponseSchema,
  confirmedPledgeResponseSchema,
  confirmPledgeRequestSchema,
  confirmPledgeSchema,
  deletePledgeResponseSchema,
  pledgeRequestSchema,
  pledgeSchema,
  pledgeWithPaymentsSchema,
} from './pledge.ts';
import { issuesOf } from './schemas.test-support.ts';

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

describe('confirmPledgeRequestSchema', () => {
  it('takes the card and, optionally, the total the donor was shown', () => {
    expect(confirmPledgeRequestSchema.parse({ payment_method_id: '12' })).toEqual({ payment_method_id: '12' });
    expect(confirmPledgeRequestSchema.parse({ payment_method_id: '12', confirmed_amount: 39.96 }).confirmed_amount).toBe(39.96);
    expect(issuesOf(confirmPledgeRequestSchema, { payment_method_id: '12', confirmed_amount: 1.005 })).toEqual([
      'confirmed_amount: Amount must be a number with at most two decimal places',
    ]);
  });
});

describe('pledge response schemas', () => {
  const view = {
    id: 7,
    campaign_id: 3,
    challenge_id: 2,
    recipient_id: 1,
    number_of_units: 5,
    cost_per_unit: 3.5,
    period: 'weekly',
    confirmed_amount: 70,
    pledge_status: 'Pending',
    country: 'NZ',
  };

  it('describe a pledge with every status of the one list', () => {
    for (const pledge_status of PLEDGE_STATUSES) expect(issuesOf(pledgeSchema, { ...view, pledge_status })).toEqual([]);
    expect(issuesOf(pledgeSchema, { ...view, pledge_status: 'Paused' })).toHaveLength(1);
    expect(issuesOf(pledgeSchema, { ...view, period: 'daily' })).toHaveLength(1);
    expect(issuesOf(pledgeSchema, { ...view, country: 'AU' })).toHaveLength(1);
  });

  it('drop keys they do not declare (what the API would never send)', () => {
    expect(pledgeSchema.parse({ ...view, user_id: 9, payment_method_id: 4 })).toEqual(view);
  });

  it('describe the confirmed pledge, the pledge with its payments, cancel and delete answers', () => {
    const payment = { processing_date: '2026-11-25', amount: 17.5, fee_cover: 0.83, payment_status: 'Pending' };
    expect(issuesOf(confirmedPledgeResponseSchema, { ...view, pledge_status: 'Confirmed', payments: [payment] })).toEqual([]);
    expect(issuesOf(pledgeWithPaymentsSchema, { ...view, payments: [{ id: 1, ...payment, skipped_from: null }] })).toEqual([]);
    expect(issuesOf(pledgeWithPaymentsSchema, { ...view, payments: [{ id: 1, ...payment, skipped_from: '2026-11-18' }] })).toEqual([]);
    expect(issuesOf(pledgeWithPaymentsSchema, { ...view, payments: [{ id: 1, ...payment, skipped_from: null, processing_date: '25/11/2026' }] })).toHaveLength(1);
    expect(
      issuesOf(cancelPledgeResponseSchema, {
        message: 'Your pledge has been cancelled',
        pledge_id: 7,
        pledge_status: 'Cancelled',
        cancelled_payments: 3,
        paid_amount: 25,
      }),
    ).toEqual([]);
    expect(issuesOf(deletePledgeResponseSchema, { message: 'Pending pledge deleted', deleted: 1 })).toEqual([]);
  });
});

describe('skip a week schemas', () => {
  it('take a week from 1 to 4 and name the field otherwise', () => {
    for (const week of [1, 2, 3, 4]) expect(skipWeekRequestSchema.parse({ week })).toEqual({ week });
    for (const week of [0, 5, 2.5, '2', null, undefined]) {
      expect(issuesOf(skipWeekRequestSchema, { week }), String(week)).toEqual(['week: week must be a whole number from 1 to 4']);
    }
  });

  it('describe the answer with the moved dates, or none after an undo', () => {
    const payments = [{ id: 1, processing_date: '2026-12-21', amount: 17.5, fee_cover: 0, payment_status: 'Pending', skipped_from: '2026-11-30' }];
    expect(issuesOf(skipWeekResponseSchema, { message: 'ok', pledge_id: 7, skipped_from: '2026-11-30', moved_to: '2026-12-21', payments })).toEqual([]);
    expect(issuesOf(skipWeekResponseSchema, { message: 'ok', pledge_id: 7, skipped_from: null, moved_to: null, payments: [] })).toEqual([]);
  });
});
