import { describe, expect, it } from 'vitest';
import { challengeRequestSchema, charityRequestSchema } from './admin-charities.ts';
import { payoutCorrectionRequestSchema, payoutRequestSchema } from './campaign-report.ts';
import { hasControlCharacters } from './common.ts';
import { issuesOf } from './schemas.test-support.ts';

// Admin text fields refuse C0 control characters (and DEL), naming the field; multi-line text
// keeps its line breaks and tabs (docs/decisions/130).

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
  description: 'Skip a coffee.\n\tGive it instead.',
  hashtag: '#UpliftCoffee',
  hashtag_link: 'https://www.instagram.com/explore/tags/upliftcoffee/',
};

describe('hasControlCharacters', () => {
  it('finds C0 controls and DEL; multi-line text may hold newlines, CRLF and tabs, never a lone CR', () => {
    expect(hasControlCharacters('Kids Can')).toBe(false);
    expect(hasControlCharacters('Kids\u0000Can')).toBe(true);
    expect(hasControlCharacters('Kids\u001bCan')).toBe(true);
    expect(hasControlCharacters('Kids\u007fCan')).toBe(true);
    expect(hasControlCharacters('a\nb')).toBe(true);
    expect(hasControlCharacters('a\nb\r\nc\td', true)).toBe(false);
    expect(hasControlCharacters('a\rb', true)).toBe(true);
    expect(hasControlCharacters('Māori ā ō — “quotes”')).toBe(false);
  });
});

describe('admin text fields', () => {
  it('take ordinary text, with line breaks and tabs in descriptions', () => {
    expect(issuesOf(charityRequestSchema, charity)).toEqual([]);
    expect(issuesOf(challengeRequestSchema, challenge)).toEqual([]);
  });

  it("refuse a charity's control characters, naming the field", () => {
    expect(issuesOf(charityRequestSchema, { ...charity, recipient_name: 'Kids\u0000Can' })).toEqual([
      'recipient_name: Charity name cannot contain control characters (such as line breaks, tabs or NUL)',
    ]);
    expect(issuesOf(charityRequestSchema, { ...charity, impact_unit: 'meals\n' + 'x' })).toEqual([
      'impact_unit: Impact unit cannot contain control characters (such as line breaks, tabs or NUL)',
    ]);
    expect(issuesOf(charityRequestSchema, { ...charity, description: 'Food\u001b[31m' })).toEqual([
      'description: Description cannot contain control characters (only line breaks and tabs)',
    ]);
  });

  it("refuse a challenge's control characters, naming the field", () => {
    expect(issuesOf(challengeRequestSchema, { ...challenge, name: 'Cof\rfee' })).toEqual([
      'name: Challenge name cannot contain control characters (such as line breaks, tabs or NUL)',
    ]);
    expect(issuesOf(challengeRequestSchema, { ...challenge, unit: 'cof\u0007fees' })).toEqual([
      'unit: Unit cannot contain control characters (such as line breaks, tabs or NUL)',
    ]);
  });

  it("refuse a payout's reference and a correction's reason with control characters", () => {
    const payout = { recipient_id: 1, amount: 10, paid_on: '2026-11-23', reference: 'TRF\u00001' };
    expect(issuesOf(payoutRequestSchema, payout)).toEqual(['reference: Reference cannot contain control characters (such as line breaks, tabs or NUL)']);
    expect(issuesOf(payoutCorrectionRequestSchema, { amount: 5, reason: 'Typo\u0000' })).toEqual([
      'reason: Reason cannot contain control characters (only line breaks and tabs)',
    ]);
  });
});
