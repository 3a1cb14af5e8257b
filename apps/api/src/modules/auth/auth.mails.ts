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
