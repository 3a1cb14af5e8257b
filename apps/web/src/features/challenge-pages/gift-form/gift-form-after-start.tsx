import { lazy, Suspense } from 'react';
import { later, useStarted } from '../components/after-start';
import type { GiftFormProps } from './gift-form';

// The gift form loads after the page's first paint: not in /p/{slug}'s or /t/{slug}'s initial
// JavaScript (their 100 KB budget). Its card step, Stripe.js and the test card come with its chunk
// or later (docs/decisions/138, 165).
const GiftFormLazy = lazy(() => later().then((m) => m.loadGiftForm()));

/** The gift form once the page has started in the browser (the server and the hydration render its placeholder). */
export function GiftFormAfterStart(props: GiftFormProps) {
  const loading = <p role="status">Loading the gift form…</p>;
  return useStarted() ? (
    <Suspense fallback={loading}>
      <GiftFormLazy {...props} />
    </Suspense>
  ) : (
    loading
  );
}
