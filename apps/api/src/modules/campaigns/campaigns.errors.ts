import { HERO_PHOTO_MESSAGES } from '@uplift/core/schemas/campaign';
import { defineErrors } from '../../errors.ts';

// The campaigns module's answers (docs/decisions/111). Other modules that look a campaign up by
// id (challenges' offer, the admin report) answer `doesNotExist` through campaigns' index.ts.

export const campaignErrors = defineErrors('campaigns', {
  notFound: { code: 'campaign.not_found', status: 404, message: 'There is no campaign with id {id}' },
  doesNotExist: { code: 'campaign.not_found', status: 404, message: 'Campaign {id} does not exist' },
  noneOpen: { code: 'campaign.none_open', status: 404, message: 'There is no open campaign in {country} right now' },
  /** `{pledges}`: '1 pledge', '3 pledges'. */
  fixedOncePledged: {
    code: 'campaign.has_pledges',
    status: 409,
    message: 'This campaign has {pledges}, so its country and billing start date cannot change. Create a new campaign instead.',
  },
  cannotDeletePledged: {
    code: 'campaign.has_pledges',
    status: 409,
    message: 'This campaign has {pledges}, so it cannot be deleted. Deactivate it instead.',
  },
  /** The landing's testimonials (docs/decisions/167-honest-social-proof.md). */
  testimonialNotFound: { code: 'testimonial.not_found', status: 404, message: 'There is no testimonial with id {id}' },
  // The hero photo (docs/decisions/170).
  photoUnreadable: { code: 'campaign.photo_unreadable', status: 400, message: HERO_PHOTO_MESSAGES.photoUnreadable },
  photoTooLarge: { code: 'campaign.photo_too_large', status: 400, message: HERO_PHOTO_MESSAGES.photoTooLarge },
  photoType: { code: 'campaign.photo_type', status: 400, message: HERO_PHOTO_MESSAGES.photoType },
  photoTooManyPixels: { code: 'campaign.photo_too_many_pixels', status: 400, message: HERO_PHOTO_MESSAGES.photoTooManyPixels },
  photoTooSmall: { code: 'campaign.photo_too_small', status: 400, message: HERO_PHOTO_MESSAGES.photoTooSmall },
  photoNotFound: { code: 'campaign.photo_not_found', status: 404, message: 'Campaign {id} has no photo' },
});
