import { describe, expect, it } from 'vitest';
// Through the package's subpath export, as apps/api and apps/web import it.
import {
  activateQuerySchema,
  forgotSchema,
  loginSchema,
  registerFormSchema,
  registerRequestSchema,
  resetFormSchema,
  resetRequestSchema,
} from '@uplift/core/schemas/auth';
import { issuesOf } from './schemas.test-support.ts';

describe('loginSchema', () => {
  it('trims and lower-cases the email, keeps the password as typed', () => {
    expect(loginSchema.parse({ email: '  Aroha@Example.CO.NZ ', password: ' pass ' })).toEqual({
      email: 'aroha@example.co.nz',
      password: ' pass ',
    });
  });

  it('asks only for an email and a password, revealing no rules', () => {
    expect(issuesOf(loginSchema, { email: '', password: '' })).toEqual([
      'email: Email is required',
      'password: Password is required',
    ]);
    expect(issuesOf(loginSchema, {})).toEqual(['email: Email is required', 'password: Password is required']);
    expect(issuesOf(loginSchema, { email: 'nope', password: 'x' })).toEqual(['email: Email is invalid']);
    expect(issuesOf(loginSchema, { email: 'a@b.co', password: 'short' })).toEqual([]);
  });
});

const form = {
  first_name: 'Aroha',
  last_name: 'Smith',
  user_address: '1 Queen St, Auckland',
  country: 'NZ',
  email: 'Aroha@Example.com',
  password: 'correct horse',
  confirm_password: 'correct horse',
  terms: true,
  opt_in_uplift_comms: false,
  opt_in_charity_comms: true,
};

describe('registerFormSchema', () => {
  it('accepts a filled form', () => {
    expect(registerFormSchema.parse(form)).toEqual({ ...form, email: 'aroha@example.com' });
    expect(issuesOf(registerFormSchema, { ...form, user_address: undefined })).toEqual([]);
    expect(issuesOf(registerFormSchema, { ...form, user_address: '' })).toEqual([]);
  });

  it('shows every problem of an empty form at once', () => {
    expect(
      issuesOf(registerFormSchema, {
        first_name: ' ',
        last_name: '',
        user_address: '',
        country: '',
        email: '',
        password: '',
        confirm_password: '',
        terms: false,
        opt_in_uplift_comms: false,
        opt_in_charity_comms: false,
      }),
    ).toEqual([
      'first_name: First name is required',
      'last_name: Last name is required',
      'country: Please select a country',
      'email: Email is required',
      'password: Password is required',
      'confirm_password: Please confirm your password',
      'terms: You must accept the above terms to participate in the challenge',
    ]);
  });

  it("uses the messages of product-rules §5", () => {
    expect(issuesOf(registerFormSchema, { ...form, email: 'aroha@' })).toEqual(['email: Email is invalid']);
    expect(issuesOf(registerFormSchema, { ...form, country: 'AU' })).toEqual(['country: Please select a country']);
    expect(issuesOf(registerFormSchema, { ...form, country: undefined })).toEqual(['country: Please select a country']);
    expect(issuesOf(registerFormSchema, { ...form, password: '1234567', confirm_password: '1234567' })).toEqual([
      'password: Password must be at least 8 characters long',
    ]);
    expect(issuesOf(registerFormSchema, { ...form, confirm_password: 'correct horses' })).toEqual([
      'confirm_password: Passwords must match',
    ]);
    expect(issuesOf(registerFormSchema, { ...form, terms: false })).toEqual([
      'terms: You must accept the above terms to participate in the challenge',
    ]);
    expect(issuesOf(registerFormSchema, { ...form, user_address: 'x'.repeat(201) })).toEqual([
      'user_address: Address must be at most 200 characters long',
    ]);
  });

  it('reports a mismatch alongside other problems', () => {
    expect(issuesOf(registerFormSchema, { ...form, first_name: '', confirm_password: 'other' })).toEqual([
      'first_name: First name is required',
      'confirm_password: Passwords must match',
    ]);
  });

  it('accepts long passphrases unchanged, up to 1024 characters', () => {
    const passphrase = `  ${'tūī sing at dawn '.repeat(61)}`.slice(0, 1024);
    expect(passphrase).toHaveLength(1024);
    const parsed = registerFormSchema.parse({ ...form, password: passphrase, confirm_password: passphrase });
    expect(parsed.password).toBe(passphrase);
    const tooLong = `${passphrase}x`;
    expect(issuesOf(registerFormSchema, { ...form, password: tooLong, confirm_password: tooLong })).toEqual([
      'password: Password must be at most 1024 characters long',
    ]);
    expect(issuesOf(registerFormSchema, { ...form, password: '12345678', confirm_password: '12345678' })).toEqual([]);
  });
});

const request = {
  first_name: 'Aroha',
  last_name: 'Smith',
  email: ' Aroha@Example.com',
  user_address: '',
  country: 'NZ',
  password: 'correct horse',
  recipient_id: 1,
  challenge_id: 2,
  campaign_id: 3,
  number_of_units: 5,
  cost_per_unit: 3.5,
  confirmed_amount: 70,
  terms_accepted: true,
};

describe('registerRequestSchema', () => {
  it('accepts product-rules §7 body, filling in the defaults', () => {
    expect(registerRequestSchema.parse(request)).toEqual({
      ...request,
      email: 'aroha@example.com',
      period: 'weekly',
      opt_in_uplift_comms: false,
      opt_in_charity_comms: false,
    });
    expect(registerRequestSchema.parse({ ...request, period: 'monthly', opt_in_uplift_comms: true })).toMatchObject({
      period: 'monthly',
      opt_in_uplift_comms: true,
    });
  });

  it('refuses bad pledge figures and unaccepted terms', () => {
    expect(issuesOf(registerRequestSchema, { ...request, terms_accepted: false })).toEqual([
      'terms_accepted: You must accept the above terms to participate in the challenge',
    ]);
    expect(issuesOf(registerRequestSchema, { ...request, terms_accepted: undefined })).toHaveLength(1);
    expect(issuesOf(registerRequestSchema, { ...request, cost_per_unit: 3.505 })).toEqual([
      'cost_per_unit: Amount must be a number with at most two decimal places',
    ]);
    expect(issuesOf(registerRequestSchema, { ...request, recipient_id: 0 })).toEqual(['recipient_id: Please choose a charity']);
    expect(issuesOf(registerRequestSchema, { ...request, number_of_units: 1.5 })).toHaveLength(1);
    expect(issuesOf(registerRequestSchema, { ...request, period: 'daily' })).toEqual(['period: Period must be weekly or monthly']);
    expect(issuesOf(registerRequestSchema, { ...request, country: 'GB' })).toEqual(['country: Please select a country']);
    expect(issuesOf(registerRequestSchema, { ...request, password: 'short' })).toEqual([
      'password: Password must be at least 8 characters long',
    ]);
  });
});

describe('activation, recovery and reset', () => {
  it('needs an activation token', () => {
    expect(activateQuerySchema.parse({ activation_token: ' abc ' })).toEqual({ activation_token: 'abc' });
    expect(issuesOf(activateQuerySchema, { activation_token: '' })).toEqual(['activation_token: Token is required']);
    expect(issuesOf(activateQuerySchema, {})).toEqual(['activation_token: Token is required']);
  });

  it('needs an email to recover', () => {
    expect(forgotSchema.parse({ email: 'A@B.co' })).toEqual({ email: 'a@b.co' });
    expect(issuesOf(forgotSchema, { email: '' })).toEqual(['email: Email is required']);
    // product-rules §8 / §17: recovery says 'Not a valid email' (registration: 'Email is invalid').
    expect(issuesOf(forgotSchema, { email: 'x' })).toEqual(['email: Not a valid email']);
    expect(issuesOf(forgotSchema, { email: 'someone@' })).toEqual(['email: Not a valid email']);
    expect(issuesOf(forgotSchema, { email: `${'a'.repeat(250)}@example.org` })).toEqual(['email: Not a valid email']);
  });

  it('checks the reset form', () => {
    const ok = { reset_token: 'tok', new_password: 'new password', confirm_password: 'new password' };
    expect(issuesOf(resetFormSchema, ok)).toEqual([]);
    expect(issuesOf(resetFormSchema, { reset_token: '', new_password: '', confirm_password: '' })).toEqual([
      'reset_token: Token is required',
      'new_password: Password is required',
      'confirm_password: Please confirm your password',
    ]);
    expect(issuesOf(resetFormSchema, { ...ok, new_password: 'short', confirm_password: 'short' })).toEqual([
      'new_password: Password must be at least 8 characters long',
    ]);
    expect(issuesOf(resetFormSchema, { ...ok, confirm_password: 'new passwore' })).toEqual([
      'confirm_password: Passwords must match',
    ]);
  });

  it('checks the reset request', () => {
    expect(resetRequestSchema.parse({ reset_token: 'tok', new_password: ' spaced out ' })).toEqual({
      reset_token: 'tok',
      new_password: ' spaced out ',
    });
    expect(issuesOf(resetRequestSchema, { reset_token: 'tok', new_password: '' })).toEqual([
      'new_password: Password is required',
    ]);
  });
});
