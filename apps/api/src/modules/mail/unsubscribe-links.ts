import type { UnsubscribeKind } from '@uplift/core/mail-kinds';
import { signMailLink, UNSUBSCRIBE_LINK_TTL_MS } from '@uplift/core/mail-link-token';

// The links an optional mail (or optional part of one) carries (docs/decisions/136): the page a
// reader opens (`/unsubscribe?token=`, which says what stops and has the button) and the RFC 8058
// one-click target a mail client POSTs to (`/api/unsubscribe?token=`). One token, for one donor and
// one kind (a mail preference, or the gift notices of their challenge pages), valid a year.

export type UnsubscribeLinks = { page: string; oneClick: string };

export async function unsubscribeLinks(
  opts: { key: Uint8Array; appUrl: string; now: Date },
  userId: number,
  kind: UnsubscribeKind,
): Promise<UnsubscribeLinks> {
  const token = await signMailLink(opts.key, { purpose: 'unsubscribe', userId, kind, expiresAt: new Date(opts.now.getTime() + UNSUBSCRIBE_LINK_TTL_MS) });
  return { page: `${opts.appUrl}/unsubscribe?token=${token}`, oneClick: `${opts.appUrl}/api/unsubscribe?token=${token}` };
}
