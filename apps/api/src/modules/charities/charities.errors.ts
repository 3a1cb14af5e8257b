import { CHARITY_MESSAGES } from '@uplift/core/schemas/admin-charities';
import { defineErrors } from '../../errors.ts';

// The charities module's answers (docs/decisions/111). The public reads speak of recipients (the
// /api/recipient paths), the admin pages of charities; the admin form's texts are core's.

export const charityErrors = defineErrors('charities', {
  recipientNotFound: { code: 'recipient.not_found', status: 404, message: 'There is no charity with id {id}' },
  logoNotFound: { code: 'recipient.logo_not_found', status: 404, message: 'Charity {id} has no uploaded logo' },
  photoNotFound: { code: 'recipient.photo_not_found', status: 404, message: 'Charity {id} has no photo' },

  notFound: { code: 'charity.not_found', status: 404, message: 'There is no charity with id {id}' },
  duplicateName: { code: 'charity.duplicate_name', status: 400, message: CHARITY_MESSAGES.duplicateName },
  logoRequired: { code: 'charity.logo_required', status: 400, message: CHARITY_MESSAGES.logoRequired },
  logoType: { code: 'charity.logo_type', status: 400, message: CHARITY_MESSAGES.logoType },
  logoTooLarge: { code: 'charity.logo_too_large', status: 400, message: CHARITY_MESSAGES.logoTooLarge },
  // The photo (decision 129).
  photoType: { code: 'charity.photo_type', status: 400, message: CHARITY_MESSAGES.photoType },
  photoTooLarge: { code: 'charity.photo_too_large', status: 400, message: CHARITY_MESSAGES.photoTooLarge },
  photoUnreadable: { code: 'charity.photo_unreadable', status: 400, message: CHARITY_MESSAGES.photoUnreadable },
  photoTooSmall: { code: 'charity.photo_too_small', status: 400, message: CHARITY_MESSAGES.photoTooSmall },
  photoTooManyPixels: { code: 'charity.photo_too_many_pixels', status: 400, message: CHARITY_MESSAGES.photoTooManyPixels },
  noPhoto: { code: 'charity.no_photo', status: 404, message: 'Charity {id} has no photo to remove' },
  // One code, three refusals: an edit that would move pledges to another country (400), a delete
  // of a charity with pledges or with payouts (409).
  countryFixed: { code: 'charity.has_pledges', status: 400, message: 'This charity has pledges, so its country cannot change' },
  hasPledges: { code: 'charity.has_pledges', status: 409, message: CHARITY_MESSAGES.hasPledges },
  hasPayouts: {
    code: 'charity.has_pledges',
    status: 409,
    message: 'This charity has payouts recorded, so it cannot be deleted. Disable it instead.',
  },

  // The partner-charity export.
  exportRecipientNotFound: { code: 'export.recipient_not_found', status: 404, message: 'Charity {id} does not exist' },
  exportCampaignNotFound: { code: 'export.campaign_not_found', status: 404, message: 'Campaign {id} does not exist' },
  exportCountryMismatch: {
    code: 'export.country_mismatch',
    status: 400,
    message:
      "{charity} is a charity in {charityCountry}, but {campaign} is a campaign in {campaignCountry}. Choose a campaign in the charity's country.",
  },
});
