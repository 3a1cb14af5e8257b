import { GIFT_MESSAGES } from '@uplift/core/schemas/gifts';
import { defineErrors } from '../../errors.ts';

// The gifts module's answers (docs/decisions/138-challenge-pages-and-gifts.md).
export const giftErrors = defineErrors('gifts', {
  pageNotFound: { code: 'gift.page_not_found', status: 404, message: 'slug: this challenge page does not exist or is not public' },
  campaignClosed: { code: 'gift.campaign_closed', status: 409, message: 'This campaign has ended, so it cannot take gifts any more.' },
  taxReceiptNotNz: { code: 'gift.tax_receipt_not_nz', status: 400, message: GIFT_MESSAGES.taxReceiptNotNz },
  clientKeyReused: {
    code: 'gift.client_key_reused',
    status: 409,
    message: 'client_key: this form was already used for another gift. Please reload the page and try again.',
  },
  giftNotFound: { code: 'gift.not_found', status: 404, message: 'This gift could not be found. Please reload the page and try again.' },
  cardDeclinedBefore: { code: 'gift.card_declined', status: 409, message: GIFT_MESSAGES.declinedBefore },
  tooMany: { code: 'gift.rate_limited', status: 429, message: GIFT_MESSAGES.tooMany },
  // Refunds of a gift (docs/decisions/150), asked by an admin; the refund's own answers are payments' (one refund model).
  refundGiftNotFound: { code: 'gift.not_found', status: 404, message: 'Gift {giftId} not found' },
});
