import type { StripeEventDispatcher } from '../payments/index.ts';
import { handleGiftPaymentEvent, type GiftDeps } from './gifts.service.ts';

/**
 * The gifts module's part of Stripe's payment events (docs/decisions/138, 150): registers, on the
 * payments module's dispatcher, the handler of events about a friend's gift (metadata.gift_id).
 * Called once at start-up.
 */
export function registerGiftStripeEvents(dispatcher: StripeEventDispatcher, deps: GiftDeps): void {
  dispatcher.register('gift', (job) => handleGiftPaymentEvent(deps, job));
}
