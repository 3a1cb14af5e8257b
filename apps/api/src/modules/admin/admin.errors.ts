import { PAYOUT_MESSAGES } from '@uplift/core/schemas/campaign-report';
import { defineErrors } from '../../errors.ts';

// The admin module's answers (docs/decisions/111). A campaign it cannot find is campaigns' answer.

export const adminErrors = defineErrors('admin', {
  /** A payout names a charity of another country than the campaign's (docs/decisions/055). */
  payoutRecipient: { code: 'payout.recipient', status: 400, message: PAYOUT_MESSAGES.recipientNotInCampaign },
});
