import type { CountryCode } from './countries.ts';

// Sharing a page from anywhere (docs/product-rules.md §"Share and channels", docs/decisions/164):
// the channels a shared link names, their links, and the owner's message in the country's voice.
// Pure: the web app builds its links from here and the API checks a gift's channel against it.

/** Every way a link is shared; a link carries its channel as `?via=…`, and a gift made from that visit records it. */
export const SHARE_CHANNELS = ['whatsapp', 'facebook', 'x', 'linkedin', 'email', 'sms', 'copy', 'qr', 'poster', 'native'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** How the owner's counts name a channel ("3 gifts came from WhatsApp"). */
export const SHARE_CHANNEL_NAMES: Readonly<Record<ShareChannel, string>> = {
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  email: 'email',
  sms: 'text message',
  copy: 'a copied link',
  qr: 'the QR code',
  poster: 'the poster',
  native: 'your phone’s share menu',
};

/** The most characters of an owner's share message. */
export const SHARE_MESSAGE_MAX = 200;

/** A `via` as a visit brought it: one of the fixed channels, or null for anything else (never an error). */
export function parseVia(value: unknown): ShareChannel | null {
  return typeof value === 'string' && (SHARE_CHANNELS as readonly string[]).includes(value) ? (value as ShareChannel) : null;
}

/** The shared address with its channel: `https://…/p/sam?via=whatsapp` (an existing `via` is replaced). */
export function withVia(url: string, via: ShareChannel): string {
  const parsed = new URL(url);
  parsed.searchParams.set('via', via);
  return parsed.toString();
}

/** What is being shared, for the default message. */
export type ShareSubject =
  | { kind: 'page'; name: string; own: boolean }
  | { kind: 'team'; name: string }
  | { kind: 'campaign' };

/**
 * The message a share starts with, in the country's voice (NZ "kia ora", "mates"; UK "cheers",
 * "pounds"); the owner of a page can write their own (at most SHARE_MESSAGE_MAX characters).
 */
export function defaultShareMessage(country: CountryCode, subject: ShareSubject): string {
  const nz = country === 'NZ';
  switch (subject.kind) {
    case 'page':
      return subject.own
        ? nz
          ? 'Kia ora! I’m giving something up for four weeks to raise money for a cause I care about. Chuck in a few dollars if you can?'
          : 'Hi all! I’m giving something up for four weeks to raise money for a cause I care about. Could you chip in a few pounds?'
        : nz
          ? `${subject.name} is giving something up for four weeks for a good cause. Give them a hand?`
          : `${subject.name} is giving something up for four weeks for a good cause. Fancy backing them?`;
    case 'team':
      return nz
        ? `Team ${subject.name} is giving things up for four weeks for a good cause. Give us a hand?`
        : `Team ${subject.name} is giving things up for four weeks for a good cause. Fancy backing us?`;
    case 'campaign':
      return nz
        ? 'I’ve joined the Uplift challenge: giving up a little for a month to lift up a lot. Keen to join me?'
        : 'I’ve joined the Uplift challenge: giving up a little for a month to lift up a lot. Fancy joining me?';
  }
}

/** One link of the share panel: its channel, its words and its address (the page's URL with `?via=`). */
export type ShareLink = { channel: ShareChannel; name: string; href: string };

/**
 * The always-there share links of a page: WhatsApp, Facebook, X, LinkedIn, email and SMS, each
 * carrying the page's own URL with its channel, and the message where the network takes one.
 */
export function shareChannelLinks(pageUrl: string, message: string, subject = 'Uplift'): ShareLink[] {
  const at = (channel: ShareChannel) => withVia(pageUrl, channel);
  const enc = encodeURIComponent;
  return [
    { channel: 'whatsapp', name: 'WhatsApp', href: `https://wa.me/?text=${enc(`${message} ${at('whatsapp')}`)}` },
    { channel: 'facebook', name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${enc(at('facebook'))}` },
    { channel: 'x', name: 'X', href: `https://twitter.com/intent/tweet?url=${enc(at('x'))}&text=${enc(message)}` },
    { channel: 'linkedin', name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(at('linkedin'))}` },
    { channel: 'email', name: 'Email', href: `mailto:?subject=${enc(subject)}&body=${enc(`${message}\n\n${at('email')}`)}` },
    { channel: 'sms', name: 'SMS', href: `sms:?&body=${enc(`${message} ${at('sms')}`)}` },
  ];
}

/** The owner's line per channel: "1 gift came from WhatsApp", "3 gifts came from a copied link". */
export function channelCountText(channel: ShareChannel, gifts: number): string {
  return `${gifts} ${gifts === 1 ? 'gift' : 'gifts'} came from ${SHARE_CHANNEL_NAMES[channel]}`;
}
