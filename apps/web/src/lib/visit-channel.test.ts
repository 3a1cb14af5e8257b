import { afterEach, describe, expect, it } from 'vitest';
import { rememberVisitChannel, visitChannel } from './visit-channel';

// The visit's channel (docs/decisions/164): read from ?via=, kept for the tab, never a value off the list.

describe('the visit’s channel', () => {
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('is the address’s own via, else the one kept for the tab, else none', () => {
    expect(visitChannel()).toBeNull();
    window.history.replaceState(null, '', '/t/harbour?via=whatsapp');
    rememberVisitChannel();
    expect(visitChannel()).toBe('whatsapp');
    // Following a member link: the address has no via, the tab remembers it.
    window.history.replaceState(null, '', '/p/mere');
    expect(visitChannel()).toBe('whatsapp');
    window.history.replaceState(null, '', '/p/mere?via=qr');
    expect(visitChannel()).toBe('qr');
  });

  it('keeps nothing that is not one of the channels', () => {
    window.history.replaceState(null, '', '/p/mere?via=tiktok');
    rememberVisitChannel();
    expect(visitChannel()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});
