import { isMailPreference, type MailPreference } from './mail-kinds.ts';

// A mailed link that acts without signing in (docs/decisions/136-mail-kinds-and-unsubscribe.md): a
// signed, single-purpose token. It names one user, one mail preference and one purpose, and expires;
// it is an HMAC-SHA-256 over exactly that, with a key only the API holds (config `mailLinks.key`),
// so it can do that one thing for that one person and read or change nothing else. Web Crypto keeps
// core free of Node APIs; the browser never signs or verifies.

/** What a mailed link may do. Only unsubscribing for now; a token made for one purpose fails for another. */
export type MailLinkPurpose = 'unsubscribe' | (string & {});

/** How long an unsubscribe link works: a year, so an old receipt's link still stops the mail. */
export const UNSUBSCRIBE_LINK_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export type MailLinkClaims = { purpose: MailLinkPurpose; userId: number; kind: MailPreference; expiresAt: Date };

export type MailLinkCheck =
  | { ok: true; userId: number; kind: MailPreference; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'forged' | 'wrong_purpose' | 'expired' };

/** Versioned domain separation: these bytes are signed before the claims. */
const DOMAIN = 'uplift/mail-link/v1';

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Imported once per key (a news send signs one link per donor). */
const imported = new WeakMap<Uint8Array, ReturnType<typeof crypto.subtle.importKey>>();

async function hmac(key: Uint8Array, message: string): Promise<Uint8Array> {
  let cryptoKey = imported.get(key);
  if (!cryptoKey) {
    cryptoKey = crypto.subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    imported.set(key, cryptoKey);
  }
  return new Uint8Array(await crypto.subtle.sign('HMAC', await cryptoKey, encoder.encode(`${DOMAIN}\n${message}`)));
}

/** Same length and bytes, compared without stopping at the first difference. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

function claimsText(c: MailLinkClaims): string {
  return [c.purpose, String(c.userId), c.kind, String(Math.floor(c.expiresAt.getTime() / 1000))].join('.');
}

/** The token for a link: `<claims>.<signature>`, both base64url (URL-safe as is). */
export async function signMailLink(key: Uint8Array, claims: MailLinkClaims): Promise<string> {
  if (key.length < 32) throw new Error('a mail link key must be at least 32 bytes');
  if (!Number.isSafeInteger(claims.userId) || claims.userId <= 0) throw new Error('a mail link names a user by id');
  if (!/^[a-z-]+$/.test(claims.purpose)) throw new Error('a mail link purpose is a lower-case word');
  const text = claimsText(claims);
  return `${base64url(encoder.encode(text))}.${base64url(await hmac(key, text))}`;
}

/**
 * Checks a link's token for `purpose` at `now`. The signature is checked before anything in the
 * claims is believed; a token that is not ours (or was changed) is `forged`.
 */
export async function verifyMailLink(key: Uint8Array, token: unknown, expect: { purpose: MailLinkPurpose; now: Date }): Promise<MailLinkCheck> {
  if (typeof token !== 'string' || token.length > 512) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const claimBytes = fromBase64url(parts[0]!);
  const signature = fromBase64url(parts[1]!);
  if (!claimBytes || !signature || claimBytes.length === 0) return { ok: false, reason: 'malformed' };
  const text = new TextDecoder().decode(claimBytes);
  if (!sameBytes(signature, await hmac(key, text))) return { ok: false, reason: 'forged' };
  const [purpose, userId, kind, exp, ...rest] = text.split('.');
  if (rest.length > 0 || !purpose || !/^\d{1,15}$/.test(userId ?? '') || !isMailPreference(kind) || !/^\d{1,12}$/.test(exp ?? '')) {
    return { ok: false, reason: 'malformed' };
  }
  if (purpose !== expect.purpose) return { ok: false, reason: 'wrong_purpose' };
  const expiresAt = new Date(Number(exp) * 1000);
  if (expect.now.getTime() >= expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: Number(userId), kind, expiresAt };
}
