import { describe, expect, it } from 'vitest';
import { REFUND_MESSAGES, refundParamsSchema, refundRequestSchema } from './refund.ts';
import { issuesOf } from './schemas.test-support.ts';

// docs/decisions/132-refunds.md: every bad field of a refund request is refused with a message naming it.
describe('refund request', () => {
  it('takes a whole number of minor units of 1 or more and a reason of 3 to 500 characters', () => {
    expect(issuesOf(refundRequestSchema, { amountMinor: 1, reason: 'abc' })).toEqual([]);
    expect(refundRequestSchema.parse({ amountMinor: 875, reason: '  Charged twice  ' })).toEqual({ amountMinor: 875, reason: 'Charged twice' });
    expect(issuesOf(refundRequestSchema, { amountMinor: 100, reason: 'x'.repeat(500) })).toEqual([]);
  });

  it('names the field in every refusal', () => {
    expect(issuesOf(refundRequestSchema, { amountMinor: 0, reason: 'abc' })).toEqual([`amountMinor: ${REFUND_MESSAGES.amountInvalid}`]);
    expect(issuesOf(refundRequestSchema, { amountMinor: -5, reason: 'abc' })).toEqual([`amountMinor: ${REFUND_MESSAGES.amountInvalid}`]);
    expect(issuesOf(refundRequestSchema, { amountMinor: 1.5, reason: 'abc' })).toEqual([`amountMinor: ${REFUND_MESSAGES.amountInvalid}`]);
    expect(issuesOf(refundRequestSchema, { amountMinor: '100', reason: 'abc' })).toEqual([`amountMinor: ${REFUND_MESSAGES.amountInvalid}`]);
    expect(issuesOf(refundRequestSchema, { amountMinor: 1_000_000_001, reason: 'abc' })).toEqual([`amountMinor: ${REFUND_MESSAGES.amountTooLarge}`]);
    expect(issuesOf(refundRequestSchema, { amountMinor: 100 })).toEqual([`reason: ${REFUND_MESSAGES.reasonRequired}`]);
    expect(issuesOf(refundRequestSchema, { amountMinor: 100, reason: ' ab ' })).toEqual([`reason: ${REFUND_MESSAGES.reasonRequired}`]);
    expect(issuesOf(refundRequestSchema, { amountMinor: 100, reason: 'x'.repeat(501) })).toEqual([`reason: ${REFUND_MESSAGES.reasonTooLong}`]);
    expect(issuesOf(refundRequestSchema, { amountMinor: 100, reason: 'bad\u0007reason' })[0]).toMatch(/^reason: reason can't contain invisible or control characters/);
    expect(issuesOf(refundParamsSchema, { paymentId: 'x' })).toEqual([`paymentId: ${REFUND_MESSAGES.paymentIdInvalid}`]);
  });
});
