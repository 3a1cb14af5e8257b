import { describe, expect, it } from 'vitest';
import { twoFactorCodeSchema } from '@uplift/core/schemas/two-factor';
import { issuesOf } from './schemas.test-support.ts';

// Decision 077: what the admin types is read leniently (spaces and dashes ignored, letters lower-cased);
// anything else is simply a wrong code, checked by the API, never a hint at the format.
describe('twoFactorCodeSchema', () => {
  it('ignores spaces and dashes and lower-cases letters', () => {
    expect(twoFactorCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(twoFactorCodeSchema.parse({ code: ' ABCDE-FGHJK\t' })).toEqual({ code: 'abcdefghjk' });
  });

  it('asks for a code when nothing but spaces and dashes is typed', () => {
    expect(issuesOf(twoFactorCodeSchema, { code: '' })).toEqual(['code: Code is required']);
    expect(issuesOf(twoFactorCodeSchema, { code: ' - ' })).toEqual(['code: Code is required']);
    expect(issuesOf(twoFactorCodeSchema, {})).toEqual(['code: Code is required']);
  });

  it('calls anything over 64 characters a wrong code', () => {
    expect(issuesOf(twoFactorCodeSchema, { code: '1'.repeat(65) })).toEqual(['code: That code is not right. Please try again.']);
    expect(issuesOf(twoFactorCodeSchema, { code: '1'.repeat(64) })).toEqual([]);
  });
});
