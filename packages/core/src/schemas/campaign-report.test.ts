import { describe, expect, it } from 'vitest';
import { payoutCorrectionFormSchema, payoutCorrectionRequestSchema, payoutFormSchema, payoutRequestSchema } from '@uplift/core/schemas/campaign-report';
import { issuesOf } from './schemas.test-support.ts';

// A payout recorded by an admin (decision 056): limits and messages as literals.
const payout = { recipient_id: 3, amount: 1250.5, paid_on: '2026-12-01', reference: ' BANK-123 ' };

describe('payoutRequestSchema', () => {
  it('takes a payout, the reference trimmed', () => {
    expect(payoutRequestSchema.parse(payout)).toEqual({ ...payout, reference: 'BANK-123' });
  });

  it('wants an amount above 0 and at most 10,000,000, with at most two decimals: one message per problem (decision 122)', () => {
    const amount = (value: unknown) => issuesOf(payoutRequestSchema, { ...payout, amount: value });
    for (const ok of [0.01, 250, 10_000_000]) expect(amount(ok), String(ok)).toEqual([]);
    const decimals = ['amount: The amount must be a number with at most two decimal places'];
    for (const bad of [1.005, '5', Number.NaN]) expect(amount(bad), String(bad)).toEqual(decimals);
    const notPositive = ['amount: The amount must be more than 0 (to correct a payout recorded by mistake, use Correct on it)'];
    for (const bad of [0, -0.01, -250, -1.005]) expect(amount(bad), String(bad)).toEqual(notPositive);
    const tooLarge = ['amount: The amount is too large: a payout is at most 10,000,000.00'];
    for (const bad of [10_000_000.01, 99_999_999, 1e300]) expect(amount(bad), String(bad)).toEqual(tooLarge);
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

describe('payoutFormSchema', () => {
  it('reads the typed text into a payout, and says every problem at once', () => {
    expect(payoutFormSchema.parse({ recipient_id: '3', amount: ' 12.50 ', paid_on: '2026-12-01', reference: ' B ' })).toEqual({
      recipient_id: 3,
      amount: 12.5,
      paid_on: '2026-12-01',
      reference: 'B',
    });
    expect(issuesOf(payoutFormSchema, { recipient_id: '', amount: '12,50', paid_on: '', reference: '' })).toEqual([
      'recipient_id: Please choose a charity',
      'amount: The amount must be a number with at most two decimal places',
      'paid_on: The payout date must be a real date (YYYY-MM-DD)',
      'reference: Please enter a reference (for example the bank transfer’s)',
    ]);
    const amount = (text: string) => issuesOf(payoutFormSchema, { recipient_id: '3', amount: text, paid_on: '2026-12-01', reference: 'B' });
    expect(amount('99999999')).toEqual(['amount: The amount is too large: a payout is at most 10,000,000.00']);
    expect(amount('-5')).toEqual(['amount: The amount must be more than 0 (to correct a payout recorded by mistake, use Correct on it)']);
    expect(amount('1.234')).toEqual(['amount: The amount must be a number with at most two decimal places']);
  });
});

describe('payoutCorrectionRequestSchema', () => {
  it('wants a positive amount to take back and a reason of 1 to 500 characters, trimmed', () => {
    expect(payoutCorrectionRequestSchema.parse({ amount: 5, reason: ' Typed 20 for 15 ' })).toEqual({ amount: 5, reason: 'Typed 20 for 15' });
    const invalid = 'amount: The amount to take back must be more than 0, with at most two decimal places';
    for (const bad of [0, -5, 1.005, '5']) expect(issuesOf(payoutCorrectionRequestSchema, { amount: bad, reason: 'R' }), String(bad)).toEqual([invalid]);
    expect(issuesOf(payoutCorrectionRequestSchema, { amount: 10_000_000.01, reason: 'R' })).toEqual(['amount: The amount to take back is too large: at most 10,000,000.00']);
    expect(issuesOf(payoutCorrectionRequestSchema, { amount: 5, reason: ' ' })).toEqual(['reason: Please say why this payout is being corrected']);
    expect(issuesOf(payoutCorrectionRequestSchema, { amount: 5, reason: 'x'.repeat(501) })).toEqual(['reason: The reason must be at most 500 characters long']);
    expect(issuesOf(payoutCorrectionFormSchema, { amount: '', reason: '' })).toEqual([invalid, 'reason: Please say why this payout is being corrected']);
  });
});
