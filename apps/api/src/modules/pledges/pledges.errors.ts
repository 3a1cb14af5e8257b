import { BRAND } from '@uplift/core/brand';
import { MSG } from '@uplift/core/messages';
import { SKIP_REFUSAL_MESSAGES as SKIP } from '@uplift/core/skip';
import { defineErrors } from '../../errors.ts';

// The pledges module's answers (docs/decisions/111). Texts the wizard shows too are core's; the
// minimum and maximum name their amount through a placeholder (pledges.errors.test.ts holds them
// to core's calculator).

export const pledgeErrors = defineErrors('pledges', {
  /** The donor has no pledge (product-rules §8): the web sends them to the challenge. */
  none: { code: 'pledge.none', status: 404, message: MSG.noPledges },
  notFound: { code: 'pledge.not_found', status: 404, message: 'Pledge not found' },
  exists: { code: 'pledge.exists', status: 409, message: 'You already have a pledge for this campaign' },
  noPending: { code: 'pledge.no_pending', status: 404, message: 'You have no pending pledge' },
  noPendingToConfirm: { code: 'pledge.no_pending', status: 404, message: 'You have no pledge waiting for payment. Please make a pledge first.' },
  alreadyConfirmed: { code: 'pledge.already_confirmed', status: 409, message: 'Your pledge is already confirmed' },
  alreadyCancelled: { code: 'pledge.already_cancelled', status: 409, message: 'Your pledge is already cancelled' },
  /** A cancel waited too long for a charge under way (docs/decisions/040). */
  paymentInProgress: {
    code: 'pledge.payment_in_progress',
    status: 409,
    message: 'One of your payments is being processed right now. Please try again in a minute.',
  },

  // Skipping a week, and undoing it (docs/decisions/134-skip-a-week.md): each refusal says why.
  skipNotConfirmed: { code: 'pledge.skip_not_confirmed', status: 409, message: SKIP.pledge_not_confirmed },
  skipNoPayment: { code: 'pledge.skip_no_payment', status: 422, message: SKIP.no_payment_that_week },
  skipAlreadySkipped: { code: 'pledge.skip_already_skipped', status: 409, message: SKIP.already_skipped },
  skipAlreadyCharged: { code: 'pledge.skip_already_charged', status: 409, message: SKIP.already_charged },
  skipTooLate: { code: 'pledge.skip_too_late', status: 422, message: SKIP.too_late },
  skipNone: { code: 'pledge.skip_none', status: 409, message: SKIP.not_skipped },

  // Covering the card fee (docs/decisions/135-cover-the-card-fee.md).
  feeCoverNotConfirmed: { code: 'pledge.fee_cover_not_confirmed', status: 409, message: 'Only a confirmed pledge can change whether it covers the card fee.' },
  feeCoverNoPaymentsLeft: {
    code: 'pledge.fee_cover_no_payments_left',
    status: 409,
    message: 'Your pledge has no payment left to change: the card fee choice applies from the next payment on.',
  },

  // The server's check of a pledge's campaign, challenge, charity and figures.
  campaignNotFound: { code: 'pledge.campaign_not_found', status: 400, message: 'That campaign does not exist' },
  /** At create: the campaign is not open to join. */
  campaignNotOpen: { code: 'pledge.campaign_closed', status: 400, message: 'That campaign is not open for pledges' },
  /** At confirm: it closed since the pledge was made. */
  campaignClosed: { code: 'pledge.campaign_closed', status: 400, message: MSG.campaignClosed },
  challengeNotOffered: { code: 'pledge.challenge_not_offered', status: 400, message: 'That challenge is not part of this campaign' },
  challengeDisabled: { code: 'pledge.challenge_disabled', status: 400, message: 'That challenge is no longer taking pledges. Please choose another.' },
  recipientNotOffered: { code: 'pledge.recipient_not_offered', status: 400, message: 'That charity is not part of this campaign' },
  recipientDisabled: { code: 'pledge.recipient_disabled', status: 400, message: 'That charity is no longer taking pledges. Please choose another.' },
  noPaymentsLeft: { code: 'pledge.no_payments_left', status: 400, message: 'All of this campaign’s payment dates have passed' },
  /** `{symbol}`: the country's currency symbol. */
  belowMinimum: { code: 'pledge.below_minimum', status: 400, message: MSG.pledgeAtLeast('{symbol}') },
  /** `{amount}`: the ceiling in the country's money. */
  aboveMaximum: { code: 'pledge.above_maximum', status: 400, message: MSG.pledgeAboveMaximum('{amount}', BRAND.contactEmail) },
  /** At create: the figures do not give the total the donor was shown. */
  amountMismatch: {
    code: 'pledge.amount_mismatch',
    status: 400,
    message: 'The pledge total does not match its figures. Please recalculate your pledge.',
  },
  /** At confirm: the total the donor was shown is not the server's. */
  confirmedAmountMismatch: { code: 'pledge.amount_mismatch', status: 400, message: MSG.amountMismatch },
  /** `{total}`: the recomputed total in the country's money. */
  amountChanged: {
    code: 'pledge.amount_changed',
    status: 409,
    message: 'A payment date has passed since you made your pledge, so its total is now {total}. Please check it and confirm again.',
  },
});
