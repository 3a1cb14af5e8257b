import { describe, expect, it } from 'vitest';
import { GIFT_AID_WHY, notEligibleForGiftAid } from './gift-aid.ts';

// One wording for "no Gift Aid" (docs/decisions/081, 167): the receipts' line, reused before payment.
describe('notEligibleForGiftAid', () => {
  it("says it in the receipts' words, for donations, a gift or a pledge", () => {
    expect(notEligibleForGiftAid('Uplift Charitable Trust', 'these donations')).toBe('Uplift Charitable Trust is a New Zealand charity, so these donations are not eligible for Gift Aid.');
    expect(notEligibleForGiftAid('Uplift Charitable Trust', 'this gift')).toBe('Uplift Charitable Trust is a New Zealand charity, so this gift is not eligible for Gift Aid.');
    expect(notEligibleForGiftAid('The Trust', 'this pledge')).toBe('The Trust is a New Zealand charity, so this pledge is not eligible for Gift Aid.');
    expect(GIFT_AID_WHY).toBe('Only a charity registered with HMRC can claim Gift Aid.');
  });
});
