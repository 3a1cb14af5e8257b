import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isLockTimeout, isStillReferenced, isUniqueViolation } from './pg-errors.ts';

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

  it('tells a database that is away from a query that went wrong', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }))).toBe(true);
    expect(isDatabaseUnavailable({ code: '08006' })).toBe(true);
    expect(isDatabaseUnavailable({ code: '53300' })).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(wrapped({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
