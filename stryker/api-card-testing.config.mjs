// Card testing through gifts (docs/decisions/155): the limits per address, page, e-mail and card
// fingerprint on sending and confirming a gift, with keyed (HMAC) hashes of the addresses and cards
// (gift-limits.ts), the declined charge cancelled first so its client secret takes no other card,
// and a card over its limit cancelled before it settles (gifts.service.ts 145-177 confirmGift,
// 217-230 settleDeclined). `npm run test:mutation -- api-card-testing`.
// Not mutated: giftDeclineFacts (the alarm's figures, pinned by system.test.ts in the api-admin runs).
import { apiTarget } from './api.mjs';

export default apiTarget('card-testing', {
  mutate: [
    'apps/api/src/modules/gifts/gift-limits.ts:1-101',
    'apps/api/src/modules/gifts/gifts.service.ts:145-177',
    'apps/api/src/modules/gifts/gifts.service.ts:217-230',
  ],
  testFiles: [
    'apps/api/src/modules/gifts/gifts.test.ts',
    'apps/api/src/modules/gifts/gifts.stripe-decline.test.ts',
    'apps/api/src/modules/gifts/gifts.webhook.test.ts',
  ],
});
