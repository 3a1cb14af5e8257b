import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { MSG } from '../messages.ts';
import { countryCodeSchema, idSchema, safeText } from './common.ts';
import { pledgeFields } from './pledge.ts';
import { TWO_FACTOR_STEPS } from './two-factor.ts';

// Auth forms and request bodies with product-rules §5's messages. Form schemas carry the fields the
// user types (confirm_password, terms); request schemas are what the API receives.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

/** Trimmed, lower-cased, required, then checked as an email address. */
export const emailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: MSG.emailRequired })
  .max(254, { error: MSG.emailTooLong })
  // A pipe runs only when the checks above passed, so an empty email is not also 'invalid'.
  .pipe(z.email({ error: MSG.emailInvalid }));

// No `abort: true` in these field schemas: an aborting field issue stops the form-level
// 'Passwords must match' check, and the form should show every problem at once.

/** A new password: 8 to 1024 characters, kept exactly as typed (never trimmed). */
export const newPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(PASSWORD_MIN, { error: (iss) => (iss.input === '' ? MSG.passwordRequired : MSG.passwordTooShort) })
  .max(PASSWORD_MAX, { error: MSG.passwordTooLong });

const confirmPasswordSchema = z
  .string({ error: MSG.confirmPasswordRequired })
  .min(1, { error: MSG.confirmPasswordRequired });

const tokenSchema = z
  .string({ error: MSG.tokenRequired })
  .trim()
  .min(1, { error: MSG.tokenRequired })
  .max(512, { error: MSG.invalidToken });

/**
 * Where and when 'Passwords must match' is reported: on the confirmation field. It runs even
 * when other fields are wrong (so the form shows every problem at once) but only once a
 * confirmation is typed, so an empty one shows just 'Please confirm your password'.
 */
function passwordsMatchParams(passwordKey: string) {
  return {
    error: MSG.passwordsMustMatch,
    path: ['confirm_password'],
    when: (payload: { value: unknown }) => {
      const v = payload.value as Record<string, unknown> | undefined;
      return typeof v?.[passwordKey] === 'string' && typeof v.confirm_password === 'string' && v.confirm_password !== '';
    },
  };
}

/** Login reveals no rules: an email and a non-empty password; anything else fails as a bad login. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired })
    .max(PASSWORD_MAX, { error: MSG.loginFailed }),
});

/** A person's name: one line of at most 100 characters, under the safe-text rule. */
export const nameField = (field: string, required: string, tooLong: string) =>
  safeText(field, 'line', required, (text) => text.trim().min(1, { error: required }).max(100, { error: tooLong }));

/** A postal address as typed: one line of at most 200 characters, under the safe-text rule. */
export const addressField = safeText('Address', 'line', MSG.addressTooLong, (text) => text.trim().max(200, { error: MSG.addressTooLong }));

const userFields = {
  first_name: nameField('First name', MSG.firstNameRequired, MSG.firstNameTooLong),
  last_name: nameField('Last name', MSG.lastNameRequired, MSG.lastNameTooLong),
  user_address: addressField.optional(),
  // The form's select starts empty: any value other than NZ or UK asks to select a country.
  country: z.enum(COUNTRY_CODES, { error: MSG.countryRequired }),
  email: emailSchema,
  password: newPasswordSchema,
};

/** The registration form (product-rules §2 "Registration form"). */
export const registerFormSchema = z
  .object({
    ...userFields,
    confirm_password: confirmPasswordSchema,
    terms: z.boolean({ error: MSG.termsRequired }).refine((v) => v, { error: MSG.termsRequired }),
    opt_in_uplift_comms: z.boolean({ error: MSG.optInInvalid }),
    opt_in_charity_comms: z.boolean({ error: MSG.optInInvalid }),
  })
  .refine((d) => d.password === d.confirm_password, passwordsMatchParams('password'));

/** POST /api/auth/register (product-rules §7): the account and the pledge it starts with. */
export const registerRequestSchema = z.object({
  ...userFields,
  ...pledgeFields,
  opt_in_uplift_comms: z.boolean({ error: MSG.optInInvalid }).default(false),
  opt_in_charity_comms: z.boolean({ error: MSG.optInInvalid }).default(false),
  terms_accepted: z.literal(true, { error: MSG.termsRequired }),
});

/** GET /api/auth/activate?activation_token=… */
export const activateQuerySchema = z.object({ activation_token: tokenSchema });

/**
 * POST /api/auth/forgot and the recovery form. product-rules §8 and §17 give recovery
 * its own word for a malformed address, 'Not a valid email' (registration says 'Email is invalid').
 */
export const forgotSchema = z.object({
  email: z
    .string({ error: MSG.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: MSG.emailRequired })
    .max(254, { error: MSG.invalidEmail })
    .pipe(z.email({ error: MSG.invalidEmail })),
});

/** The reset password form. */
export const resetFormSchema = z
  .object({
    reset_token: tokenSchema,
    new_password: newPasswordSchema,
    confirm_password: confirmPasswordSchema,
  })
  .refine((d) => d.new_password === d.confirm_password, passwordsMatchParams('new_password'));

/** POST /api/auth/reset */
export const resetRequestSchema = z.object({
  reset_token: tokenSchema,
  new_password: newPasswordSchema,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.output<typeof registerFormSchema>;
/** What the browser sends (defaults may be left out). */
export type RegisterRequestInput = z.input<typeof registerRequestSchema>;
/** What the server gets after parsing. */
export type RegisterRequest = z.output<typeof registerRequestSchema>;
export type ActivateQuery = z.infer<typeof activateQuerySchema>;
export type ForgotInput = z.infer<typeof forgotSchema>;
export type ResetForm = z.infer<typeof resetFormSchema>;
export type ResetRequest = z.infer<typeof resetRequestSchema>;

// Answers

/**
 * POST /api/auth/login and /api/auth/refresh: the access token (the refresh token goes in a
 * cookie). `two_factor` is set for an admin whose sign-in still needs its second factor: the
 * token then carries no admin rights (docs/decisions/077).
 */
export const accessTokenResponseSchema = z.object({ access_token: z.string(), two_factor: z.enum(TWO_FACTOR_STEPS).optional() });
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/**
 * GET /api/auth/continue (docs/decisions/168): whether this browser, which registered less than 30
 * minutes ago, may continue into its now activated account without the password. Only the first
 * name, for "Continue as {first name}"; null when there is nothing to continue.
 */
export const continuationOfferSchema = z.object({ first_name: z.string().nullable() });
export type ContinuationOffer = z.infer<typeof continuationOfferSchema>;

/**
 * An account as the API shows it: GET /api/auth/user_info (one's own) and the admin's user
 * table. Never the password hash, role or tokens.
 */
export const userSchema = z
  .object({
    id: idSchema,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    user_address: z.string(),
    country: countryCodeSchema,
    activated: z.boolean(),
    opt_in_uplift_comms: z.boolean(),
    opt_in_charity_comms: z.boolean(),
    /** True for an account its donor deleted: the row is anonymised (the admin list shows "Erased"). */
    erased: z.boolean().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/**
 * Re-confirming it is you (docs/decisions/151): a change to how the account signs in (adding or
 * removing a passkey, the second factor, new recovery codes) needs the password, or a code from
 * the authenticator app, typed again in this sign-in within the last few minutes.
 */
export const STEP_UP_WINDOW_MS = 5 * 60_000;
/** The code of the answer that asks for it: the web then asks for the password and tries again. */
export const STEP_UP_REQUIRED_CODE = 'auth.step_up_required';

/** POST /api/auth/step-up: the password, or (for an account with a second factor) a code from the app. */
export const stepUpSchema = z
  .object({
    password: z.string({ error: MSG.passwordRequired }).max(PASSWORD_MAX, { error: 'Password is incorrect' }).optional(),
    code: z.string({ error: MSG.twoFactorCodeRequired }).max(64, { error: MSG.twoFactorCodeInvalid }).optional(),
  })
  // A proof: the password (the dialog's field) or a code; given both, the password is the one checked.
  .refine((v) => (v.password ?? '') !== '' || (v.code ?? '').replace(/[\s-]/g, '') !== '', { error: MSG.passwordRequired, path: ['password'] });
export type StepUpInput = z.infer<typeof stepUpSchema>;

/** The answer: until when this sign-in may change how the account signs in. */
export const stepUpResponseSchema = z.object({ message: z.string(), fresh_until: z.string() });
export type StepUpResponse = z.infer<typeof stepUpResponseSchema>;
