import { MATCH_MESSAGES } from '@uplift/core/schemas/match';
import { defineErrors } from '../../errors.ts';

// The payments module's answers (docs/decisions/111): saved cards, the built-in test provider's
// card form and bank step, Stripe webhooks. A card missing from the donor's account is answered
// here for every flow that names one (confirming a pledge, pay now, change card).

const CARD_NOT_ON_ACCOUNT = 'That card could not be found on your account. Please add it again.';

export const paymentErrors = defineErrors('payments', {
  // Match funds (product-rules §23, docs/decisions/160).
  matchNotFound: { code: 'match.not_found', status: 404, message: 'Match not found' },
  matchCampaignNotFound: { code: 'match.campaign_not_found', status: 404, message: 'Campaign not found' },
  matchNarrowingNotFound: { code: 'match.narrowing_not_found', status: 404, message: 'No such charity, team or page in this campaign' },
  matchCapBelowMatched: { code: 'match.cap_below_matched', status: 409, message: 'The cap cannot be lower than what is already matched ({matched})' },
  matchEnded: { code: 'match.ended', status: 409, message: 'This match has ended; it can no longer be changed' },
  matchEndsBeforeStart: { code: 'match.ends_before_start', status: 409, message: 'Ends at: after the start' },
  // A sponsor's logo (docs/decisions/169): the photo pipeline's refusals, each naming the logo.
  matchLogoType: { code: 'match.logo_type', status: 400, message: MATCH_MESSAGES.logoType },
  matchLogoTooLarge: { code: 'match.logo_too_large', status: 400, message: MATCH_MESSAGES.logoTooLarge },
  matchLogoUnreadable: { code: 'match.logo_unreadable', status: 400, message: MATCH_MESSAGES.logoUnreadable },
  matchLogoTooSmall: { code: 'match.logo_too_small', status: 400, message: MATCH_MESSAGES.logoTooSmall },
  matchLogoTooManyPixels: { code: 'match.logo_too_many_pixels', status: 400, message: MATCH_MESSAGES.logoTooManyPixels },
  matchLogoNotFound: { code: 'match.logo_not_found', status: 404, message: 'This match has no logo' },
  methodNotFound: { code: 'payment_method.not_found', status: 404, message: 'Payment method not found' },
  /** Pay now and change card name a saved card the donor no longer has. */
  cardNotOnAccount: { code: 'payment_method.not_found', status: 404, message: CARD_NOT_ON_ACCOUNT },
  /** Confirming a pledge names a card the donor no longer has. */
  cardToConfirmNotOnAccount: {
    code: 'payment_method.not_found',
    status: 404,
    message: 'We could not find that card on your account. Please choose another.',
  },
  /** A card saved at the provider for someone else: answered as if it were not there. */
  cardNotYours: { code: 'auth.forbidden', status: 403, message: CARD_NOT_ON_ACCOUNT },
  /** Card-testing protection (docs/decisions/047). */
  tooManyCards: {
    code: 'card.rate_limited',
    status: 429,
    message: 'You have tried to add a card too many times today. Please try again tomorrow, or write to us and we will help.',
  },

  // The test provider's card form (product-rules §15): the card check's or the test card's own words.
  cardInvalid: { code: 'card.validation_error', status: 400, message: '{cardMessage}' },
  cardDeclined: { code: 'card.card_error', status: 402, message: '{cardMessage}' },
  setupNotFound: { code: 'card.setup_not_found', status: 404, message: 'This card form has expired. Please reload the page and try again.' },
  setupAlreadySucceeded: {
    code: 'card.setup_already_succeeded',
    status: 409,
    message: 'This card has already been saved. Please reload the page to add another.',
  },
  setupRequiresAction: { code: 'card.setup_requires_action', status: 409, message: 'Please finish authenticating your card first.' },
  setupNotAwaitingAuthentication: { code: 'card.no_authentication_pending', status: 409, message: 'This card is not waiting for authentication.' },
  // The test provider's bank step of a charge.
  chargeNotFound: {
    code: 'payment.authentication_not_found',
    status: 404,
    message: 'This payment could not be found. Please reload the page and try again.',
  },
  chargeNotAwaitingAuthentication: { code: 'payment.no_authentication_pending', status: 409, message: 'This payment is not waiting for your bank any more.' },

  // The test provider's guest charge (a friend's gift, docs/decisions/138).
  guestChargeAwaitingBank: { code: 'payment.requires_action', status: 409, message: 'Please finish the step your bank asked for first.' },
  guestChargeDeclinedBefore: {
    code: 'payment.declined',
    status: 409,
    message: 'This payment was declined. Please start your gift again, with another card.',
  },

  // Refunds, one model for pledge payments and friends' gifts (docs/decisions/132-refunds.md, 150),
  // asked by an admin; each says which it is about.
  refundPaymentNotRefundable: { code: 'refund.not_refundable', status: 409, message: 'Only a payment that went through (Success) can be refunded; this one is {status}.' },
  refundGiftNotRefundable: { code: 'refund.not_refundable', status: 409, message: 'Only a gift that went through (succeeded) can be refunded; this one is {status}.' },
  refundPaymentTooMuch: {
    code: 'refund.too_much',
    status: 409,
    message: 'You can refund at most {most} of this payment: {charged} was charged and {taken} is already refunded or being refunded.',
  },
  refundGiftTooMuch: {
    code: 'refund.too_much',
    status: 409,
    message: 'You can refund at most {most} of this gift: {charged} was given and {taken} is already refunded or being refunded.',
  },
  refundRefused: { code: 'refund.provider_refused', status: 502, message: 'The payment provider refused the refund: {providerMessage}' },
  refundInDoubt: {
    code: 'refund.provider_unavailable',
    status: 503,
    message: 'The payment provider did not answer. The refund is kept as pending (nobody can refund that amount again meanwhile); check it with the provider before trying again.',
  },

  webhookNotConfigured: { code: 'webhook.not_configured', status: 404, message: 'Webhooks are not configured' },
  webhookInvalidSignature: { code: 'webhook.invalid_signature', status: 400, message: 'Invalid webhook signature' },
});
