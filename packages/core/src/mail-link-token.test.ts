import { describe, expect, it } from 'vitest';
import { signMailLink, UNSUBSCRIBE_LINK_TTL_MS, verifyMailLink } from './mail-link-token.ts';

// Mailed links name their account only inside a seal (docs/decisions/154); links mailed in the
// first form (claims in clear, docs/decisions/136) keep working until they expire.

const key = new Uint8Array(32).fill(7);
const otherKey = new Uint8Array(32).fill(8);
const now = new Date('2026-11-29T00:00:00Z');
const claims = { purpose: 'unsubscribe', userId: 4217, kind: 'progress' as const, expiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_TTL_MS) };
const exp = Math.floor(claims.expiresAt.getTime() / 1000);

/** A token in the first form, made as the first form's code made it: the claims in clear, HMAC'd. */
async function firstFormToken(text: string, withKey = key): Promise<string> {
  const mac = await crypto.subtle.importKey('raw', withKey, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = Buffer.from(await crypto.subtle.sign('HMAC', mac, new TextEncoder().encode(`uplift/mail-link/v1\n${text}`))).toString('base64url');
  return `${Buffer.from(text).toString('base64url')}.${signature}`;
}

/** Everything a reader of the link can decode from it: each dot-separated part, base64url-decoded. */
const readable = (token: string) => token.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1'));

describe('mail link tokens', () => {
  it('show nothing of whom they name: no account id, kind or purpose in clear; a new token each time', async () => {
    const a = await signMailLink(key, claims);
    const b = await signMailLink(key, claims);
    expect(a).toMatch(/^v2\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    for (const token of [a, b]) {
      expect(token).not.toContain('4217');
      for (const part of readable(token)) {
        expect(part).not.toContain('4217');
        expect(part).not.toContain('progress');
        expect(part).not.toContain('unsubscribe');
      }
      expect(await verifyMailLink(key, token, { purpose: 'unsubscribe', now })).toEqual({ ok: true, userId: 4217, kind: 'progress', expiresAt: claims.expiresAt });
    }
  });

  it('refuse a sealed token opened with another key, or changed anywhere', async () => {
    const token = await signMailLink(key, claims);
    expect(await verifyMailLink(otherKey, token, { purpose: 'unsubscribe', now })).toEqual({ ok: false, reason: 'forged' });
    const bytes = Buffer.from(token.slice(3), 'base64url');
    for (const at of [0, 12, 20, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 1;
      expect(await verifyMailLink(key, `v2.${changed.toString('base64url')}`, { purpose: 'unsubscribe', now }), `byte ${at}`).toEqual({ ok: false, reason: 'forged' });
    }
    expect(await verifyMailLink(key, 'v2.', { purpose: 'unsubscribe', now })).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyMailLink(key, 'v2.AAAA', { purpose: 'unsubscribe', now })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('keep the sealed token to its purpose and its year', async () => {
    const token = await signMailLink(key, claims);
    expect(await verifyMailLink(key, token, { purpose: 'preview', now })).toEqual({ ok: false, reason: 'wrong_purpose' });
    expect(await verifyMailLink(key, token, { purpose: 'unsubscribe', now: new Date(claims.expiresAt.getTime() - 1000) })).toMatchObject({ ok: true });
    expect(await verifyMailLink(key, token, { purpose: 'unsubscribe', now: claims.expiresAt })).toEqual({ ok: false, reason: 'expired' });
  });

  it('still open a link mailed in the first form until it expires; a changed or foreign one is refused', async () => {
    const old = await firstFormToken(`unsubscribe.4217.progress.${exp}`);
    expect(await verifyMailLink(key, old, { purpose: 'unsubscribe', now })).toEqual({ ok: true, userId: 4217, kind: 'progress', expiresAt: claims.expiresAt });
    expect(await verifyMailLink(key, old, { purpose: 'unsubscribe', now: claims.expiresAt })).toEqual({ ok: false, reason: 'expired' });
    const [, signature] = old.split('.');
    expect(await verifyMailLink(key, `${Buffer.from(`unsubscribe.4218.progress.${exp}`).toString('base64url')}.${signature}`, { purpose: 'unsubscribe', now })).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(await verifyMailLink(key, await firstFormToken(`unsubscribe.4217.progress.${exp}`, otherKey), { purpose: 'unsubscribe', now })).toEqual({ ok: false, reason: 'forged' });
  });
});
