import { describe, expect, it } from 'vitest';
import { channelCountText, defaultShareMessage, parseVia, SHARE_CHANNELS, SHARE_MESSAGE_MAX, shareChannelLinks, withVia } from './share.ts';

describe('share channels', () => {
  it('reads a via of the fixed list and nothing else', () => {
    for (const channel of SHARE_CHANNELS) expect(parseVia(channel)).toBe(channel);
    for (const other of ['WhatsApp', 'tiktok', '', ' whatsapp', 'x ', 42, null, undefined, ['x']]) expect(parseVia(other)).toBeNull();
  });

  it('puts the channel on the page URL, replacing an earlier one', () => {
    expect(withVia('https://uplift.test/p/sam-t', 'sms')).toBe('https://uplift.test/p/sam-t?via=sms');
    expect(withVia('https://uplift.test/p/sam-t?via=x&a=1', 'qr')).toBe('https://uplift.test/p/sam-t?via=qr&a=1');
  });

  it('gives every always-there channel a link carrying the page URL and its via', () => {
    const links = shareChannelLinks('https://uplift.test/p/sam-t', 'Back me & my mates');
    expect(links.map((l) => l.channel)).toEqual(['whatsapp', 'facebook', 'x', 'linkedin', 'email', 'sms']);
    for (const link of links) {
      expect(decodeURIComponent(link.href)).toContain(`https://uplift.test/p/sam-t?via=${link.channel}`);
    }
    expect(decodeURIComponent(links.find((l) => l.channel === 'whatsapp')!.href)).toContain('Back me & my mates');
    expect(links.find((l) => l.channel === 'email')!.href.startsWith('mailto:?subject=')).toBe(true);
  });

  it('speaks in the country’s voice, within the message bound', () => {
    const nz = defaultShareMessage('NZ', { kind: 'page', name: 'Sam T.', own: true });
    const uk = defaultShareMessage('UK', { kind: 'page', name: 'Sam T.', own: true });
    expect(nz).toMatch(/Kia ora/);
    expect(uk).toMatch(/pounds/);
    expect(defaultShareMessage('UK', { kind: 'page', name: 'Sam T.', own: false })).toMatch(/^Sam T\. /);
    for (const country of ['NZ', 'UK'] as const)
      for (const subject of [{ kind: 'page', name: 'x'.repeat(60), own: false }, { kind: 'team', name: 'x'.repeat(60) }, { kind: 'campaign' }] as const)
        expect(defaultShareMessage(country, subject).length).toBeLessThanOrEqual(SHARE_MESSAGE_MAX);
  });

  it('counts gifts per channel in words', () => {
    expect(channelCountText('whatsapp', 1)).toBe('1 gift came from WhatsApp');
    expect(channelCountText('copy', 3)).toBe('3 gifts came from a copied link');
  });
});
