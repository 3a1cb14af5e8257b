import { describe, expect, it } from 'vitest';
import { payoutRequestSchema } from '@uplift/core/schemas/campaign-report';
import { issuesOf } from './schemas.test-support.ts';

// A payout recorded by an admin (decision 056): limits and messages as literals.
const payout = { recipient_id: 3, amount: 1250.5, paid_on: '2026-12-01', reference: ' BANK-123 ' };

describe('payoutRequestSchema', () => {
  it('takes a payout, the reference trimmed', () => {
    expect(payoutRequestSchema.parse(payout)).toEqual({ ...payout, reference: 'BANK-123' });
  });

  it('wants a non-zero amount of at most 10,000,000 either way, with at most two decimals (negative corrects)', () => {
    const amount = (value: unknown) => issuesOf(payoutRequestSchema, { ...payout, amount: value });
    const invalid = ['amount: The amount must be a non-zero amount with at most two decimal places (negative for a correction)'];
    for (const ok of [0.01, -0.01, -250, 10_000_000, -10_000_000]) expect(amount(ok), String(ok)).toEqual([]);
    for (const bad of [0, 1.005, 10_000_000.01, -10_000_000.01, '5']) expect(amount(bad), String(bad)).toEqual(invalid);
  });

  it('wants a charity id, a real date and a reference of 1 to 200 characters', () => {
    expect(issuesOf(payoutRequestSchema, { ...payout, recipient_id: 0 })).toEqual(['recipient_id: Please choose a charity']);
    expect(issuesOf(payoutRequestSchema, { ...payout, recipient_id: 2_147_483_648 })).toEqual(['recipient_id: Please choose a charity']);
    expect(issuesOf(payoutRequestSchema, { ...payout, paid_on: '2026-02-30' })).toEqual(['paid_on: The payout date must be a real date (YYYY-MM-DD)']);
    expect(issuesOf(payoutRequestSchema, { ...payout, reference: ' ' })).toEqual(['reference: Please enter a reference (for example the bank transfer’s)']);
    expect(issuesOf(payoutRequestSchema, { ...payout, reference: 'x'.repeat(200) })).toEqual([]);
    expect(issuesOf(payoutRequestSchema, { ...payout, reference: 'x'.repeat(201) })).toEqual(['reference: The reference must be at most 200 characters long']);
  });
});
