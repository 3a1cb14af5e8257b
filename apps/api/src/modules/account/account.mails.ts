import { BRAND } from '@uplift/core/brand';
import { greet, type CountryCode } from '@uplift/core/countries';
import type { MailContent } from '../mail/index.ts';

// The account area's mails: confirming a new email address, and confirming an erasure.

export function emailChangeMail(opts: { firstName: string; country: CountryCode; token: string; appUrl: string }): MailContent {
  return {
    subject: `Confirm your new ${BRAND.product} email address`,
    greeting: `${greet(opts.country, opts.firstName)},`,
    paragraphs: [
      `You asked to use this address for your ${BRAND.product} account. Nothing changes until you confirm it. If it was not you, ignore this email.`,
      'Your confirmation token (it works once and expires in 24 hours):',
    ],
    code: opts.token,
    action: { label: 'Confirm my new email address', url: `${opts.appUrl}/account?email_token=${encodeURIComponent(opts.token)}` },
  };
}

/** To the old address once a change of email is confirmed: the owner learns of it, whoever made it. */
export function emailChangedMail(opts: { firstName: string; country: CountryCode }): MailContent {
  return {
    subject: `Your ${BRAND.product} email address has been changed`,
    greeting: `${greet(opts.country, opts.firstName)},`,
    paragraphs: [
      `The email address of your ${BRAND.product} account has just been changed, and this address is no longer used for it. Every other device signed in to your account has been signed out.`,
      `If it was not you, someone else may have your password: tell us at once at ${BRAND.contactEmail}, and we will help you back into your account.`,
    ],
  };
}

export function accountErasedMail(opts: { firstName: string; country: CountryCode; cancelledPayments: number }): MailContent {
  return {
    subject: `Your ${BRAND.product} account has been deleted`,
    greeting: `${greet(opts.country, opts.firstName)},`,
    paragraphs: [
      `As you asked, we have deleted your ${BRAND.product} account. Your name, email address, address and saved card are erased, and you can no longer log in.`,
      opts.cancelledPayments > 0
        ? `${opts.cancelledPayments} remaining weekly payment${opts.cancelledPayments === 1 ? ' was' : 's were'} cancelled: nothing more will be taken.`
        : 'There were no remaining payments to cancel.',
      'The law requires us to keep the record of donations already made (amounts, dates and receipt numbers) for seven years; it no longer says who made them.',
      `This is the last email we send to this address. Questions: ${BRAND.contactEmail}.`,
    ],
  };
}
