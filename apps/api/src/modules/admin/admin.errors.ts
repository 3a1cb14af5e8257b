import { PAYOUT_MESSAGES } from '@uplift/core/schemas/campaign-report';
import { defineErrors } from '../../errors.ts';

// The admin module's answers (docs/decisions/111). A campaign it cannot find is campaigns' answer.

export const adminErrors = defineErrors('admin', {
  /** A payout names a charity of another country than the campaign's (docs/decisions/055). */
  payoutRecipient: { code: 'payout.recipient', status: 400, message: PAYOUT_MESSAGES.recipientNotInCampaign },
  /** A payout above what is still owed to the charity for the campaign (docs/decisions/122-payouts-at-most-owed.md). */
  payoutMoreThanOwed: {
    code: 'payout.more_than_owed',
    status: 409,
    message: 'You can record at most {owed}: that is what is still owed to {charity} for this campaign.',
  },
  payoutNothingOwed: {
    code: 'payout.more_than_owed',
    status: 409,
    message: 'Nothing is still owed to {charity} for this campaign, so no payout can be recorded.',
  },
  /** A correction names a payout that is not one of the campaign's. */
  payoutNotFound: { code: 'payout.not_found', status: 404, message: 'That payout is not one of this campaign’s payouts' },
  /** A correction names a correction: only a payout is corrected. */
  payoutNotCorrectable: {
    code: 'payout.not_correctable',
    status: 409,
    message: 'A correction cannot itself be corrected: correct the payout it belongs to',
  },
  /** A correction takes back more than is left of its payout, or than was paid to the charity in all. */
  correctionTooLarge: { code: 'payout.correction_too_large', status: 409, message: 'You can take back at most {limit} of this payout.' },
  correctionNothingLeft: { code: 'payout.correction_too_large', status: 409, message: 'Nothing is left to take back of this payout.' },
  /** The audience of a news update changed between the preview and the send (docs/decisions/137). */
  newsAudienceChanged: {
    code: 'news.audience_changed',
    status: 409,
    message: 'The audience changed since the preview: {count} donors would get it now. Check the preview again before sending.',
  },
  newsAudienceUnknown: { code: 'news.audience_unknown', status: 404, message: 'audience: no such campaign or charity' },
  newsNotFound: { code: 'news.not_found', status: 404, message: 'No such news update' },
});
