import { parseVia, type ShareChannel } from '@uplift/core/share';

// The channel a visit came by (docs/decisions/164): a shared link carries `?via=whatsapp`; /p and /t
// keep it for the tab (sessionStorage: no cookie, nothing sent anywhere else), so a gift made after
// following a team's member link still says where the friend came from.

const KEY = 'uplift.via';

/** Reads `?via=` of this address and keeps it for the tab (a visit without one keeps the earlier one). */
export function rememberVisitChannel(search = typeof location === 'undefined' ? '' : location.search): void {
  const via = parseVia(new URLSearchParams(search).get('via'));
  if (!via) return;
  try {
    sessionStorage.setItem(KEY, via);
  } catch {
    // Storage refused (a private window's quota): the gift is simply made without a channel.
  }
}

/** The channel of this visit: `?via=` of the address, else the one kept for the tab, else null. */
export function visitChannel(): ShareChannel | null {
  if (typeof location === 'undefined') return null;
  const here = parseVia(new URLSearchParams(location.search).get('via'));
  if (here) return here;
  try {
    return parseVia(sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}
