// The gifts module's public face (docs/architecture.md): friends' one-off card gifts on a challenge
// page, part of the ledger (docs/decisions/138-challenge-pages-and-gifts.md).
export { registerGiftStripeEvents } from './gift-events.ts';
export { giftAttemptKey, giftDeclineFacts } from './gift-limits.ts';
export { default as giftRefundRoutes } from './gift-refunds.routes.ts';
export { setGiftMessageModeration } from './gift-moderation.service.ts';
export { default as giftRoutes } from './gifts.routes.ts';
export { anonymiseLapsedGifts, eraseGiftsMadeBy, giftsForExport, handleGiftPaymentEvent, settleOpenGifts, type GiftDeps } from './gifts.service.ts';
