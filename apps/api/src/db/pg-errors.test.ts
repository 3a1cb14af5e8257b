import { describe, expect, it } from 'vitest';
import { isLockTimeout, isStillReferenced, isUniqueViolation } from './pg-errors.ts';

const wrapped = (inner: object) => Object.assign(new Error('Failed query'), { cause: inner });

describe('PostgreSQL error checks', () => {
  it('finds the code on the error or on what it wraps (Drizzle)', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(wrapped({ code: '23505', constraint: 'users_email_key' }), 'users_email_key')).toBe(true);
    expect(isUniqueViolation(wrapped({ code: '23505', constraint: 'other' }), 'users_email_key')).toBe(false);
    expect(isLockTimeout(wrapped({ code: '55P03' }))).toBe(true);
    expect(isStillReferenced(wrapped({ code: '23001' }))).toBe(true);
    expect(isStillReferenced({ code: '23503' })).toBe(true);
  });

  it('is false for other errors and for non-errors', () => {
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isLockTimeout({ code: '23505' })).toBe(false);
    expect(isStillReferenced(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
