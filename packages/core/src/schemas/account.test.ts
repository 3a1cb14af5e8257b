import { describe, expect, it } from 'vitest';
import {
  consentsUpdateSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  eraseRequestSchema,
  passwordChangeSchema,
  profileUpdateSchema,
} from '@uplift/core/schemas/account';
import { issuesOf } from './schemas.test-support.ts';

// The account area's inputs (decision 083), with the limits and messages as literals.
describe('account inputs', () => {
  it('corrects the name and address in place: trimmed, the address at most 200 characters', () => {
    expect(profileUpdateSchema.parse({ first_name: ' Aroha ', last_name: 'Ngata', user_address: ' 1 Queen Street ' })).toEqual({
      first_name: 'Aroha',
      last_name: 'Ngata',
      user_address: '1 Queen Street',
    });
    expect(issuesOf(profileUpdateSchema, { first_name: 'A', last_name: 'B', user_address: 'x'.repeat(200) })).toEqual([]);
    expect(issuesOf(profileUpdateSchema, { first_name: 'A', last_name: 'B', user_address: 'x'.repeat(201) })).toEqual([
      'user_address: Address must be at most 200 characters long',
    ]);
    expect(issuesOf(profileUpdateSchema, { first_name: ' ', last_name: 'B', user_address: '' })).toEqual(['first_name: First name is required']);
  });

  it('asks for the current password without judging its strength, up to 1024 characters', () => {
    expect(issuesOf(eraseRequestSchema, { password: 'x' })).toEqual([]);
    expect(issuesOf(eraseRequestSchema, { password: '' })).toEqual(['password: Password is required']);
    expect(issuesOf(eraseRequestSchema, {})).toEqual(['password: Password is required']);
    expect(issuesOf(eraseRequestSchema, { password: 'x'.repeat(1024) })).toEqual([]);
    expect(issuesOf(eraseRequestSchema, { password: 'x'.repeat(1025) })).toEqual(['password: Password is incorrect']);
  });

  it('changes the email with the password; the new email is normalised', () => {
    expect(emailChangeRequestSchema.parse({ new_email: ' New@Example.org ', password: 'pw' })).toEqual({ new_email: 'new@example.org', password: 'pw' });
    expect(issuesOf(emailChangeRequestSchema, { new_email: 'nope', password: '' })).toEqual([
      'new_email: Email is invalid',
      'password: Password is required',
    ]);
  });

  it('confirms the change with the token from the link (trimmed, at most 512 characters)', () => {
    expect(emailChangeConfirmSchema.parse({ token: ' abc ' })).toEqual({ token: 'abc' });
    expect(issuesOf(emailChangeConfirmSchema, { token: ' ' })).toEqual(['token: Token is required']);
    expect(issuesOf(emailChangeConfirmSchema, {})).toEqual(['token: Token is required']);
    expect(issuesOf(emailChangeConfirmSchema, { token: 'x'.repeat(512) })).toEqual([]);
    expect(issuesOf(emailChangeConfirmSchema, { token: 'x'.repeat(513) })).toEqual(['token: Not a valid token']);
  });

  it('changes the password: the current one as typed, the new one by the registration rules', () => {
    expect(issuesOf(passwordChangeSchema, { current_password: 'old', new_password: 'a long new password' })).toEqual([]);
    expect(issuesOf(passwordChangeSchema, { current_password: '', new_password: 'short' })).toEqual([
      'current_password: Password is required',
      'new_password: Password must be at least 8 characters long',
    ]);
  });

  it('takes each opt-in as true or false only', () => {
    expect(issuesOf(consentsUpdateSchema, { opt_in_uplift_comms: true, opt_in_charity_comms: false })).toEqual([]);
    expect(issuesOf(consentsUpdateSchema, { opt_in_uplift_comms: 'yes' })).toEqual([
      'opt_in_uplift_comms: Opt-in must be true or false',
      'opt_in_charity_comms: Opt-in must be true or false',
    ]);
  });
});
