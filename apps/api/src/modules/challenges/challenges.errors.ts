import { CHALLENGE_MESSAGES } from '@uplift/core/schemas/admin-charities';
import { defineErrors } from '../../errors.ts';

// The challenges module's answers (docs/decisions/111); the admin form's texts are core's.

export const challengeErrors = defineErrors('challenges', {
  notFound: { code: 'challenge.not_found', status: 404, message: 'There is no challenge with id {id}' },
  duplicateName: { code: 'challenge.duplicate_name', status: 400, message: CHALLENGE_MESSAGES.duplicateName },
  hasPledges: { code: 'challenge.has_pledges', status: 409, message: CHALLENGE_MESSAGES.hasPledges },
  // What a campaign offers (docs/decisions/053).
  offerChallengeUnknown: { code: 'offer.challenge_unknown', status: 400, message: 'Every challenge must exist' },
  offerRecipientCountry: { code: 'offer.recipient_country', status: 400, message: 'Every charity must exist and be of the campaign’s country' },
});
