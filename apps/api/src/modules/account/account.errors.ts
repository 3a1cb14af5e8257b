import { MSG } from '@uplift/core/messages';
import { defineErrors } from '../../errors.ts';

// The account area's answers (docs/decisions/111, docs/decisions/083).

export const accountErrors = defineErrors('account', {
  /** The account is gone (erased) or the token names none: sign in again. */
  sessionEnded: { code: 'auth.session_ended', status: 401, message: 'Please log in to continue' },
  wrongPassword: { code: 'account.wrong_password', status: 403, message: 'Password is incorrect' },
  emailTaken: { code: 'account.email_taken', status: 409, message: MSG.emailExists },
  invalidToken: { code: 'account.invalid_token', status: 400, message: MSG.invalidToken },
  pledgeNotFound: { code: 'account.pledge_not_found', status: 404, message: 'No such pledge' },
  unsubscribeLinkInvalid: {
    code: 'account.unsubscribe_link_invalid',
    status: 400,
    message: 'This unsubscribe link is not valid: it may have been copied only in part. You can stop any optional email on your account page.',
  },
  unsubscribeLinkExpired: {
    code: 'account.unsubscribe_link_expired',
    status: 400,
    message: 'This unsubscribe link has expired (links work for a year). You can stop any optional email on your account page.',
  },
  noReceipts: { code: 'account.no_receipts', status: 404, message: 'No payment of this pledge has been received yet' },
});
