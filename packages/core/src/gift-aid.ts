// No Gift Aid for UK donors (docs/decisions/081): the trust is a New Zealand charitable trust, not
// a charity registered with HMRC, so no one can claim Gift Aid on what UK donors give. Receipts say
// so in one line; the wizard says it before payment (docs/decisions/167), in the same words.

/** What a receipt or a line before payment is about. */
export type GiftAidSubject = 'these donations' | 'this gift' | 'this pledge';

/** "Uplift Charitable Trust is a New Zealand charity, so this gift is not eligible for Gift Aid." */
export function notEligibleForGiftAid(trustName: string, subject: GiftAidSubject): string {
  return `${trustName} is a New Zealand charity, so ${subject} ${subject === 'these donations' ? 'are' : 'is'} not eligible for Gift Aid.`;
}

/** Why, for the line shown before payment. */
export const GIFT_AID_WHY = 'Only a charity registered with HMRC can claim Gift Aid.';
