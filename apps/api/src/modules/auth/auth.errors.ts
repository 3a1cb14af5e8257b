import { MSG } from '@uplift/core/messages';
import { RESEND_ACTIVATION_MAX_PER_HOUR } from '@uplift/core/schemas/admin';
import { STEP_UP_REQUIRED_CODE } from '@uplift/core/schemas/auth';
import { defineErrors } from '../../errors.ts';

// The auth module's answers (docs/decisions/111). Texts are product-rules' (core's MSG) where it has one.

export const authErrors = defineErrors('auth', {
  emailExists: { code: 'auth.email_exists', status: 409, message: MSG.emailExists },
  invalidToken: { code: 'auth.invalid_token', status: 400, message: MSG.invalidToken },
  loginFailed: { code: 'auth.login_failed', status: 401, message: MSG.loginFailed },
  /** The password was right but the account is not activated yet (docs/decisions/010). */
  notActivated: {
    code: 'auth.not_activated',
    status: 403,
    message: 'Your account is not activated yet. Please activate it with the token we emailed you when you registered.',
  },
  /** The refresh token is missing, used, revoked or past its family's lifetime: sign in again. */
  sessionEnded: { code: 'auth.unauthorized', status: 401, message: 'Your session has ended. Please log in again.' },
  /** An account's limit of logins, registrations, recovery mails or second-factor codes (product-rules §17). */
  rateLimited: { code: 'auth.rate_limited', status: 429, message: MSG.tooManyRequests },

  // Admin two-factor sign-in (docs/decisions/077).
  twoFactorEnrolled: { code: 'auth.two_factor_enrolled', status: 409, message: 'Two-factor sign-in is already set up for this account.' },
  twoFactorRequiredForAdmins: { code: 'auth.two_factor_required_for_admins', status: 409, message: 'An admin account always signs in with two-factor sign-in: it cannot be turned off.' },
  twoFactorNotEnrolled: { code: 'auth.two_factor_not_enrolled', status: 409, message: 'Two-factor sign-in is not set up yet. Please set it up first.' },
  twoFactorNotStarted: {
    code: 'auth.two_factor_not_started',
    status: 409,
    message: 'Please start the set-up again: scan the new QR code, then enter its code.',
  },
  // Re-confirming it is you before a change to how the account signs in (docs/decisions/151).
  stepUpRequired: {
    code: STEP_UP_REQUIRED_CODE,
    status: 403,
    message: 'Please confirm it is you: enter your password again to make this change.',
  },
  /** The password typed to confirm it is you is wrong (a field of the dialog). */
  stepUpWrongPassword: { code: 'auth.step_up_failed', status: 403, message: 'Password is incorrect' },
  // Passkeys (docs/decisions/131-passkeys-and-secrets-at-rest.md).
  /** Unknown passkey, wrong origin, used or expired challenge, bad signature, counter gone back: one answer. */
  passkeyRefused: { code: 'auth.passkey_refused', status: 401, message: 'That passkey could not be used to sign in. Please try again, or log in with your password.' },
  passkeyNotAdded: { code: 'auth.passkey_not_added', status: 400, message: 'The passkey could not be added. Please try again.' },
  passkeyExists: { code: 'auth.passkey_exists', status: 409, message: 'That passkey is already added.' },
  passkeyLimit: { code: 'auth.passkey_limit', status: 409, message: 'An account can have at most {max} passkeys. Please remove one first.' },
  passkeyNotFound: { code: 'auth.passkey_not_found', status: 404, message: 'There is no such passkey on your account.' },
  notAnAdmin: { code: 'auth.not_an_admin', status: 409, message: 'That account is not an admin.' },

  /** No live continuation in this browser: used, expired, another browser's, or the account not activated (docs/decisions/168). */
  continuationRefused: {
    code: 'auth.continuation_refused',
    status: 401,
    message: 'You cannot continue without your password here. Please log in with your email and password.',
  },

  // The donor's signed-in devices (docs/decisions/130).
  sessionNotFound: { code: 'session.not_found', status: 404, message: 'That device is not signed in to your account.' },
  noCurrentSession: { code: 'session.no_current', status: 409, message: 'Please log in again to sign out your other devices.' },

  // An admin resends an activation mail (docs/decisions/057).
  userNotFound: { code: 'user.not_found', status: 404, message: 'There is no account with id {id}' },
  alreadyActivated: { code: 'user.already_activated', status: 409, message: 'This account is already activated' },
  /** An erased account stays erased: no mail goes to its placeholder address (docs/decisions/123). */
  accountErased: { code: 'user.erased', status: 409, message: 'This account was erased' },
  resendRateLimited: {
    code: 'user.resend_rate_limited',
    status: 429,
    message: `An activation mail was sent ${RESEND_ACTIVATION_MAX_PER_HOUR} times in the last hour. Please try again later.`,
  },
});
