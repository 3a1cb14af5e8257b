import { afterStart } from '../../../lib/after-start';
import { later } from '../components/after-start';
import type { GiftFormProps } from './gift-form';

// The gift form loads after the page's first paint: not in /p/{slug}'s or /t/{slug}'s initial
// JavaScript (their 100 KB budget). Its card step, Stripe.js and the test card come with its chunk
// or later (docs/decisions/138, 165). The server and the hydration render its placeholder.
export const GiftFormAfterStart = afterStart<GiftFormProps>(
  () => later().then((m) => m.loadGiftForm()),
  <p role="status">Loading the gift form…</p>,
);
