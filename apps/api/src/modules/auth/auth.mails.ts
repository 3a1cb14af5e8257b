import { BRAND } from '@uplift/core/brand';
import { greet, type CountryCode } from '@uplift/core/countries';
import type { MailContent } from '../mail/index.ts';

// The account mails (product-rules §17): the token on its own line, so it can be
// copied into the form, and a link that fills the form in.

export function activationMail(opts: { firstName: string; country: CountryCode; token: string; appUrl: string }): MailContent {
  return {
    subject: `Activate your ${BRAND.product} account`,
    greeting: `${greet(opts.country, opts.firstName)},`,
    paragraphs: [
      `Thank you for joining the ${BRAND.product} challenge. Please activate your account so you can log in and complete your pledge.`,
      'Your activation token (it works once and expires in 7 days):',
    ],
    code: opts.token,
    action: { label: 'Activate my account', url: `${opts.appUrl}/activate?token=${encodeURIComponent(opts.token)}` },
  };
}

export function passwordResetMail(opts: { firstName: string; country: CountryCode; token: string; appUrl: string }): MailContent {
  return {
    subject: `Reset your ${BRAND.product} password`,
    greeting: `${greet(opts.country, opts.firstName)},`,
    paragraphs: [
      `We received a request to reset the password of your ${BRAND.product} account. If it was not you, you can ignore this email: your password stays as it is.`,
      'Your password reset token (it works once and expires in 1 hour):',
    ],
    code: opts.token,
    action: { label: 'Choose a new password', url: `${opts.appUrl}/reset-password?token=${encodeURIComponent(opts.token)}` },
  };
}

/**
 * A change to how the account signs in (docs/decisions/151, docs/security.md). Each one mails the
 * account, always (a security notice cannot be switched off), so an owner learns of a change they
 * did not make.
 */
export type AuthChange =
  | { kind: 'passkey-added'; name: string }
  | { kind: 'passkey-removed'; name: string }
  | { kind: 'password-changed'; passkeys: string[] }
  | { kind: 'password-reset'; passkeysRemoved: number }
  | { kind: 'second-factor-enrolled' }
  | { kind: 'second-factor-reset' }
  | { kind: 'second-factor-removed' }
  | { kind: 'recovery-code-used'; remaining: number }
  | { kind: 'recovery-codes-regenerated' };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function describeChange(change: AuthChange): { subject: string; paragraphs: string[] } {
  const product = BRAND.product;
  switch (change.kind) {
    case 'passkey-added':
      return { subject: `A passkey was added to your ${product} account`, paragraphs: [`A passkey named “${change.name}” was added to your account. It can sign in without your password.`] };
    case 'passkey-removed':
      return { subject: `A passkey was removed from your ${product} account`, paragraphs: [`The passkey named “${change.name}” was removed from your account: it can no longer sign in.`] };
    case 'password-changed':
      return {
        subject: `Your ${product} password was changed`,
        paragraphs: [
          'The password of your account was changed, and every other device signed in to it was signed out.',
          change.passkeys.length === 0
            ? 'Your account has no passkeys.'
            : `These passkeys can still sign in without the password: ${change.passkeys.map((n) => `“${n}”`).join(', ')}. If you do not know one of them, remove it on your account page.`,
        ],
      };
    case 'password-reset':
      return {
        subject: `Your ${product} password was reset`,
        paragraphs: [
          'The password of your account was reset with a link we emailed, and every device signed in to it was signed out.',
          change.passkeysRemoved === 0
            ? 'Your account had no passkeys.'
            : `${plural(change.passkeysRemoved, 'passkey was', 'passkeys were')} removed from your account: add them again on your account page if you want them.`,
        ],
      };
    case 'second-factor-enrolled':
      return { subject: `Two-factor sign-in was set up on your ${product} account`, paragraphs: ['An authenticator app was set up as the second step of signing in to your account, with new recovery codes.'] };
    case 'second-factor-reset':
      return {
        subject: `Two-factor sign-in was reset on your ${product} account`,
        paragraphs: ['Another admin reset the second step of signing in to your account: the authenticator app, the recovery codes and the passkeys were removed, and you were signed out. You will set up an authenticator app again at your next sign-in.'],
      };
    case 'second-factor-removed':
      return {
        subject: `Two-factor sign-in was turned off on your ${product} account`,
        paragraphs: ['Two-factor sign-in was turned off: signing in no longer asks for a code from your authenticator app, and your recovery codes no longer work.'],
      };
    case 'recovery-code-used':
      return {
        subject: `A recovery code was used to sign in to your ${product} account`,
        paragraphs: [`One of your recovery codes was used to sign in. ${plural(change.remaining, 'recovery code is', 'recovery codes are')} left; you can make new ones on your account page.`],
      };
    case 'recovery-codes-regenerated':
      return { subject: `New recovery codes were made for your ${product} account`, paragraphs: ['New recovery codes were made for your account: the old ones no longer work.'] };
  }
}

export function securityNoticeMail(opts: { firstName: string; country: CountryCode; change: AuthChange; appUrl: string }): MailContent {
  const { subject, paragraphs } = describeChange(opts.change);
  return {
    subject,
    greeting: `${greet(opts.country, opts.firstName)},`,
    paragraphs: [
      ...paragraphs,
      `If it was not you, reset your password at once with “Forgot your password?” on the login page (it signs every device out and removes every passkey), and tell us at ${BRAND.contactEmail}.`,
    ],
    action: { label: 'Review your account', url: `${opts.appUrl}/account` },
  };
}
