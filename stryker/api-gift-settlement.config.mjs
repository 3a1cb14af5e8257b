// Gifts (docs/decisions/138): how a friend's gift is settled exactly once — confirm's check of the
// client secret and its question to the provider, the job's recovery of an open gift (by reference or
// idempotency key; a charge the provider never made fails after a day), the provider's word to a
// state, the one winning success (receipt and mails) and the webhook's settlement; and the ledger's
// conditional updates. `npm run test:mutation -- api-gift-settlement`.
// Not mutated: the mails' wording (gifts.mails.ts, pinned by gifts.test.ts), the form's checks and the export.
// gifts.service.ts 129-193 is confirmGift, settleFromProvider, applyChargeState and settleSucceeded;
// 257-284 handleGiftPaymentEvent and settleOpenGifts. gifts.repository.ts 52-84 is setGiftReference,
// the failed and requires-action updates and selectOpenGiftsBefore; ledger-gifts.repository.ts 25-45
// the ledger's settlement of a success with its receipt number (docs/decisions/150). stripe-webhook.service.ts 34-63 is
// the dispatcher, which sends a gift's Stripe events to the handler gifts registered and the rest to billing's.
import { apiTarget } from './api.mjs';

export default apiTarget('gift-settlement', {
  mutate: [
    'apps/api/src/modules/gifts/gifts.service.ts:129-193',
    'apps/api/src/modules/gifts/gifts.service.ts:257-284',
    'apps/api/src/modules/gifts/gifts.repository.ts:52-84',
    'apps/api/src/modules/payments/ledger-gifts.repository.ts:25-45',
    'apps/api/src/modules/payments/stripe-webhook.service.ts:34-63',
  ],
  testFiles: [
    'apps/api/src/modules/gifts/gifts.test.ts',
    'apps/api/src/modules/gifts/gifts.webhook.test.ts',
    'apps/api/src/modules/gifts/gifts.settlement.test.ts',
    'apps/api/src/modules/gifts/gifts.receipt-numbers.test.ts',
  ],
});
