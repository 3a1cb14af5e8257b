import { describe, expect, it } from 'vitest';
import { isMailPreference, isUnsubscribeKind, MAIL_PREFERENCE_KINDS, MAIL_PREFERENCES, preferenceState, TRANSACTIONAL_MAILS, UNSUBSCRIBE_WORDS } from './mail-kinds.ts';
import { signMailLink, UNSUBSCRIBE_LINK_TTL_MS, verifyMailLink } from './mail-link-token.ts';
import { CONSENT_KINDS } from './schemas/account.ts';

describe('mail kinds (docs/decisions/136)', () => {
  it('lists every mail the API sends as transactional, each with the reason it cannot be switched off', () => {
    expect(Object.keys(TRANSACTIONAL_MAILS).sort()).toEqual(
      ['account-erased', 'activation', 'card-expiry', 'email-change', 'email-changed', 'password-reset', 'payment-failed', 'payment-receipt', 'payment-refund', 'pledge-cancelled', 'pledge-confirmed', 'pledge-skipped', 'security-notice', 'moderation-notice'].sort(),
    );
    for (const mail of Object.values(TRANSACTIONAL_MAILS)) {
      expect(mail.reason.length).toBeGreaterThan(10);
      expect(['receipt', 'failure', 'card', 'security', 'account']).toContain(mail.group);
    }
  });

  it('the optional ones are progress, milestones, both news and friends’ gifts; promotional ones are never pre-ticked', () => {
    expect(MAIL_PREFERENCE_KINDS).toEqual(['progress', 'milestones', 'uplift_news', 'charity_news', 'friends_gifts']);
    expect(MAIL_PREFERENCES.uplift_news.defaultOn).toBe(false);
    expect(MAIL_PREFERENCES.charity_news.defaultOn).toBe(false);
    expect(MAIL_PREFERENCES.friends_gifts.defaultOn).toBe(false);
    expect(MAIL_PREFERENCES.progress).toMatchObject({ defaultOn: true, whole: false });
    expect(MAIL_PREFERENCES.milestones).toMatchObject({ defaultOn: false, whole: true });
  });

  it('every optional kind is a consent kind (recorded in consent_events)', () => {
    for (const kind of MAIL_PREFERENCE_KINDS) expect(CONSENT_KINDS).toContain(kind);
    expect(isMailPreference('progress')).toBe(true);
    expect(isMailPreference('terms')).toBe(false);
    expect(isMailPreference('payment-receipt')).toBe(false);
    expect(isMailPreference('toString')).toBe(false);
  });

  it('an unsubscribe link stops a preference or the gift notices of a page (docs/decisions/157), nothing else', async () => {
    for (const kind of MAIL_PREFERENCE_KINDS) expect(isUnsubscribeKind(kind)).toBe(true);
    expect(isUnsubscribeKind('gift-received')).toBe(true);
    expect(isUnsubscribeKind('gift-receipt')).toBe(false);
    expect(isUnsubscribeKind('payment-receipt')).toBe(false);
    expect(UNSUBSCRIBE_WORDS['gift-received'].label).toBe('Email me when a friend gives');
    const key = new Uint8Array(32).fill(7);
    const now = new Date('2026-11-23T09:00:00Z');
    const token = await signMailLink(key, { purpose: 'unsubscribe', userId: 12, kind: 'gift-received', expiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_TTL_MS) });
    expect(await verifyMailLink(key, token, { purpose: 'unsubscribe', now })).toMatchObject({ ok: true, userId: 12, kind: 'gift-received' });
  });

  it('the current state is the latest choice, else the default', () => {
    expect(preferenceState('progress', undefined)).toBe(true);
    expect(preferenceState('progress', 'withdrawn')).toBe(false);
    expect(preferenceState('uplift_news', undefined)).toBe(false);
    expect(preferenceState('uplift_news', 'given')).toBe(true);
  });
});

describe('mail link tokens', () => {
  const key = new Uint8Array(32).fill(7);
  const otherKey = new Uint8Array(32).fill(8);
  const now = new Date('2026-11-26T00:00:00Z');
  const claims = { purpose: 'unsubscribe', userId: 42, kind: 'progress' as const, expiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_TTL_MS) };

  it('round-trips: names the user, the kind and when it expires; URL-safe', async () => {
    const token = await signMailLink(key, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const check = await verifyMailLink(key, token, { purpose: 'unsubscribe', now });
    expect(check).toEqual({ ok: true, userId: 42, kind: 'progress', expiresAt: claims.expiresAt });
  });

  it('refuses a token signed with another key', async () => {
    const token = await signMailLink(otherKey, claims);
    expect(await verifyMailLink(key, token, { purpose: 'unsubscribe', now })).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses a token whose claims were changed (another user, another kind, a later expiry)', async () => {
    const token = await signMailLink(key, claims);
    const [, signature] = token.split('.');
    const enc = (s: string) => Buffer.from(s).toString('base64url');
    const exp = Math.floor(claims.expiresAt.getTime() / 1000);
    for (const changed of [`unsubscribe.43.progress.${exp}`, `unsubscribe.42.milestones.${exp}`, `unsubscribe.42.progress.${exp + 1000}`]) {
      expect(await verifyMailLink(key, `${enc(changed)}.${signature}`, { purpose: 'unsubscribe', now })).toEqual({ ok: false, reason: 'forged' });
    }
  });

  it('refuses an expired token, from the second it expires', async () => {
    const token = await signMailLink(key, claims);
    expect(await verifyMailLink(key, token, { purpose: 'unsubscribe', now: new Date(claims.expiresAt.getTime() - 1000) })).toMatchObject({ ok: true });
    expect(await verifyMailLink(key, token, { purpose: 'unsubscribe', now: claims.expiresAt })).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token made for another purpose', async () => {
    const token = await signMailLink(key, { ...claims, purpose: 'preview' });
    expect(await verifyMailLink(key, token, { purpose: 'unsubscribe', now })).toEqual({ ok: false, reason: 'wrong_purpose' });
  });

  it('refuses malformed input without throwing', async () => {
    for (const bad of [undefined, 42, '', 'abc', 'a.b.c', '!!.??', 'x'.repeat(600), '.sig']) {
      expect(await verifyMailLink(key, bad, { purpose: 'unsubscribe', now })).toMatchObject({ ok: false });
    }
  });
});
