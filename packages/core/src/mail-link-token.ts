import { isUnsubscribeKind, type UnsubscribeKind } from './mail-kinds.ts';

// A mailed link that acts without signing in (docs/decisions/136-mail-kinds-and-unsubscribe.md): a
// single-purpose token. It names one user, one kind of optional mail (UNSUBSCRIBE_KINDS) and one
// purpose, and expires; only the API's key (config `mailLinks.key`) makes or opens one, so it can
// do that one thing for that one person and read or change nothing else. Web Crypto keeps core free of Node APIs; the browser
// never signs or verifies.
//
// Two forms (docs/decisions/154). A token made now is SEALED: `v2.<iv ‖ AES-256-GCM ciphertext and
// tag>`, so a link shows nothing of whom it names (no account id in clear) and cannot be changed
// unnoticed. The first form, `<claims>.<HMAC-SHA-256>`, carried the claims in clear; it is still
// accepted until it expires (a year at most), so links already mailed keep working, and the
// reading of it can go a year after this release.

/** What a mailed link may do. Only unsubscribing for now; a token made for one purpose fails for another. */
export type MailLinkPurpose = 'unsubscribe' | (string & {});

/** How long an unsubscribe link works: a year, so an old receipt's link still stops the mail. */
export const UNSUBSCRIBE_LINK_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export type MailLinkClaims = { purpose: MailLinkPurpose; userId: number; kind: UnsubscribeKind; expiresAt: Date };

export type MailLinkCheck =
  | { ok: true; userId: number; kind: UnsubscribeKind; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'forged' | 'wrong_purpose' | 'expired' };

/** Versioned domain separation: these bytes are signed before the claims (the first form). */
const DOMAIN = 'uplift/mail-link/v1';
/** The sealed form: its prefix, its key's derivation label and its associated data. */
const SEALED_PREFIX = 'v2';
const SEALED_DOMAIN = 'uplift/mail-link/v2';
const IV_BYTES = 12;

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

/** The sealing key, derived from the mail-link key under its own label (never the HMAC's key as is). */
type SubtleKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const sealKeys = new WeakMap<Uint8Array, Promise<SubtleKey>>();
function sealKey(key: Uint8Array): Promise<SubtleKey> {
  let sealing = sealKeys.get(key);
  if (!sealing) {
    sealing = (async () => {
      const mac = await crypto.subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      const derived = await crypto.subtle.sign('HMAC', mac, encoder.encode(`${SEALED_DOMAIN}/seal-key`));
      return crypto.subtle.importKey('raw', derived, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
    })();
    sealKeys.set(key, sealing);
  }
  return sealing;
}

async function seal(key: Uint8Array, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(SEALED_DOMAIN) }, await sealKey(key), encoder.encode(text)),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return `${SEALED_PREFIX}.${base64url(out)}`;
}

/** The claims text of a sealed token, or undefined when it was not sealed with this key or was changed. */
async function unseal(key: Uint8Array, bytes: Uint8Array): Promise<string | undefined> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: encoder.encode(SEALED_DOMAIN) },
      await sealKey(key),
      bytes.slice(IV_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
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

/** The token for a link: `v2.<sealed claims>`, base64url (URL-safe as is); a new random IV each time. */
export async function signMailLink(key: Uint8Array, claims: MailLinkClaims): Promise<string> {
  if (key.length < 32) throw new Error('a mail link key must be at least 32 bytes');
  if (!Number.isSafeInteger(claims.userId) || claims.userId <= 0) throw new Error('a mail link names a user by id');
  if (!/^[a-z-]+$/.test(claims.purpose)) throw new Error('a mail link purpose is a lower-case word');
  return seal(key, claimsText(claims));
}

/** The claims text of a token of either form, once its seal or signature is checked. */
async function openedClaims(key: Uint8Array, first: string, second: string): Promise<{ text: string } | { fail: 'malformed' | 'forged' }> {
  if (first === SEALED_PREFIX) {
    const bytes = fromBase64url(second);
    if (!bytes || bytes.length <= IV_BYTES + 16) return { fail: 'malformed' };
    const text = await unseal(key, bytes);
    return text === undefined ? { fail: 'forged' } : { text };
  }
  // The first form, until the last of its links expires.
  const claimBytes = fromBase64url(first);
  const signature = fromBase64url(second);
  if (!claimBytes || !signature || claimBytes.length === 0) return { fail: 'malformed' };
  const text = new TextDecoder().decode(claimBytes);
  if (!sameBytes(signature, await hmac(key, text))) return { fail: 'forged' };
  return { text };
}

/**
 * Checks a link's token (either form) for `purpose` at `now`. The seal or signature is checked
 * before anything in the claims is believed; a token that is not ours (or was changed) is `forged`.
 */
export async function verifyMailLink(key: Uint8Array, token: unknown, expect: { purpose: MailLinkPurpose; now: Date }): Promise<MailLinkCheck> {
  if (typeof token !== 'string' || token.length > 512) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const opened = await openedClaims(key, parts[0]!, parts[1]!);
  if ('fail' in opened) return { ok: false, reason: opened.fail };
  const [purpose, userId, kind, exp, ...rest] = opened.text.split('.');
  if (rest.length > 0 || !purpose || !/^\d{1,15}$/.test(userId ?? '') || !isUnsubscribeKind(kind) || !/^\d{1,12}$/.test(exp ?? '')) {
    return { ok: false, reason: 'malformed' };
  }
  if (purpose !== expect.purpose) return { ok: false, reason: 'wrong_purpose' };
  const expiresAt = new Date(Number(exp) * 1000);
  if (expect.now.getTime() >= expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: Number(userId), kind, expiresAt };
}
