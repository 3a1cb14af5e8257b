import { BRAND } from '@uplift/core/brand';
import { useState } from 'react';

/** WhatsApp's documented share link (wa.me), beside the two networks of product-rules §2. */
export function whatsAppLink(pageUrl: string, text: string): { name: string; url: string } {
  return { name: 'WhatsApp', url: `https://wa.me/?text=${encodeURIComponent(`${text} ${pageUrl}`)}` };
}

/**
 * The browser's own share sheet (navigator.share), offered only where the browser has one:
 * phones mostly, where it reaches every app the donor uses (docs/decisions/124).
 */
export function ShareSheetButton({ url, text }: { url: string; text: string }) {
  // Read once on the client; the thank-you page is never prerendered.
  const [canShare] = useState(() => typeof navigator !== 'undefined' && typeof navigator.share === 'function');
  if (!canShare) return null;
  return (
    <li>
      <button
        type="button"
        className="button"
        onClick={() => {
          // A dismissed sheet rejects: nothing to report.
          navigator.share({ title: BRAND.product, text, url }).catch(() => {});
        }}
      >
        Share…
      </button>
    </li>
  );
}
