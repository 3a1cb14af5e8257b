import { describe, expect, it } from 'vitest';
import { challengeRequestSchema, charityRequestSchema } from './admin-charities.ts';
import { payoutCorrectionRequestSchema, payoutRequestSchema } from './campaign-report.ts';
import { issuesOf } from './schemas.test-support.ts';

// Admin text fields take the safe-text rule (core safe-text.ts, docs/decisions/152; it extends 130):
// no control or invisible character, naming the field; multi-line text keeps its line breaks only.

const charity = {
  recipient_name: 'Kids Can',
  country: 'NZ',
  impact_cost: 12.5,
  impact_unit: 'meals',
  impact_unit_singular: 'meal',
  impact_description: 'Meals for children at school.',
  impact_multiplier: 1,
  description: 'Food and clothing for children.\nIn every region.',
  link: 'https://kidscan.org.nz',
};
const challenge = {
  name: 'Coffee',
  icon: 'coffee',
  unit: 'coffees',
  description: 'Skip a coffee.\nGive it instead.',
  hashtag: '#UpliftCoffee',
  hashtag_link: 'https://www.instagram.com/explore/tags/upliftcoffee/',
};

describe('admin text fields', () => {
  it('take ordinary text, with line breaks in descriptions', () => {
    expect(issuesOf(charityRequestSchema, charity)).toEqual([]);
    expect(issuesOf(challengeRequestSchema, challenge)).toEqual([]);
  });

  it("refuse a charity's control characters, naming the field", () => {
    expect(issuesOf(charityRequestSchema, { ...charity, recipient_name: 'Kids\u0000Can' })).toEqual([
      "recipient_name: Charity name can't contain invisible or control characters",
    ]);
    expect(issuesOf(charityRequestSchema, { ...charity, impact_unit: 'meals\n' + 'x' })).toEqual([
      "impact_unit: Impact unit can't contain invisible or control characters",
    ]);
    expect(issuesOf(charityRequestSchema, { ...charity, description: 'Food\u001b[31m' })).toEqual([
      "description: Description can't contain invisible or control characters (line breaks are fine)",
    ]);
  });

  it("refuse a challenge's control characters, naming the field", () => {
    expect(issuesOf(challengeRequestSchema, { ...challenge, name: 'Cof\rfee' })).toEqual([
      "name: Challenge name can't contain invisible or control characters",
    ]);
    expect(issuesOf(challengeRequestSchema, { ...challenge, unit: 'cof\u0007fees' })).toEqual([
      "unit: Unit can't contain invisible or control characters",
    ]);
  });

  it("refuse a payout's reference and a correction's reason with control characters", () => {
    const payout = { recipient_id: 1, amount: 10, paid_on: '2026-11-23', reference: 'TRF\u00001' };
    expect(issuesOf(payoutRequestSchema, payout)).toEqual(["reference: Reference can't contain invisible or control characters"]);
    expect(issuesOf(payoutCorrectionRequestSchema, { amount: 5, reason: 'Typo\u0000' })).toEqual([
      "reason: Reason can't contain invisible or control characters (line breaks are fine)",
    ]);
  });
});
