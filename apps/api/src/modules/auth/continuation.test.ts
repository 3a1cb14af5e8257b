import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, users } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { captureLogs, refreshCookieOf, registration, seedOpenCampaign, startSmtpServer, tokenIn } from './auth.test-support.ts';
import { encryptSecret } from './secrets.ts';
import { newTotpSecret, totpCode } from './totp.ts';

// "No second password" (docs/decisions/168): the browser that registered continues into the
// activated account with one press, once, within 30 minutes; every other case types the password.

describe('continuing into a just-activated account without the password', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let pledge: Awaited<ReturnType<typeof seedOpenCampaign>>['pledge'];
  const logs = captureLogs();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url }, logger: logs.logger });
    pledge = (await seedOpenCampaign(ctx.db, ctx.clock.now())).pledge;
  });
  beforeEach(() => ctx.clock.set(TEST_NOW));
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const inject = (opts: InjectOptions) => ctx.app.inject({ remoteAddress: '203.0.113.61', ...opts });
  const later = (ms: number) => ctx.clock.set(new Date(Date.parse(TEST_NOW) + ms).toISOString());
  const continuationOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'uplift_continue');
  const withCookie = (value: string | undefined) => (value === undefined ? {} : { cookies: { uplift_continue: value } });
  const offer = async (cookie: string | undefined) => {
    const res = await inject({ method: 'GET', url: '/api/auth/continue', ...withCookie(cookie) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ first_name: string | null }>().first_name;
  };
  const press = (cookie: string | undefined) => inject({ method: 'POST', url: '/api/auth/continue', ...withCookie(cookie) });

  let registrations = 0;
  /** Registers (the answer sets the continuation cookie) and, unless told not to, activates by the mailed token. */
  async function register(opts: { activate?: boolean; first_name?: string } = {}) {
    const body = registration(pledge, { first_name: opts.first_name ?? 'Mere' });
    // Each from its own address: the per-IP registration limit is not what is tested here.
    registrations += 1;
    const res = await inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: `198.51.100.${registrations}` });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = continuationOf(res);
    expect(cookie).toBeDefined();
    if (opts.activate ?? true) {
      const act = await inject({ method: 'GET', url: `/api/auth/activate?activation_token=${tokenIn(smtp.last(body.email, /Activate/))}` });
      expect(act.statusCode, act.body).toBe(200);
    }
    const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
    return { body, user: user!, cookie: cookie!.value, setCookie: cookie! };
  }

  it('sets an HttpOnly, SameSite=Strict cookie for 30 minutes at registration, keeping only its hash', async () => {
    const { user, cookie, setCookie } = await register({ activate: false });
    expect(setCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 30 * 60 });
    const [row] = await ctx.db.select().from(authTokens).where(and(eq(authTokens.user_id, user.id), eq(authTokens.purpose, 'continuation')));
    expect(row!.token_hash).not.toBe(cookie);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expires_at.toISOString()).toBe(new Date(Date.parse(TEST_NOW) + 30 * 60_000).toISOString());
  });

  it('offers only the first name, and one press starts the session a password login starts', async () => {
    const { user, cookie } = await register({ first_name: 'Hemi' });
    expect(await offer(cookie)).toBe('Hemi');
    const offerBody = await inject({ method: 'GET', url: '/api/auth/continue', ...withCookie(cookie) });
    expect(offerBody.json()).toEqual({ first_name: 'Hemi' });

    const res = await press(cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { access_token, two_factor } = res.json<{ access_token: string; two_factor?: string }>();
    expect(two_factor).toBeUndefined();
    expect(refreshCookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(continuationOf(res)).toMatchObject({ value: '' });
    const me = await inject({ method: 'GET', url: '/api/auth/user_info', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.json()).toMatchObject({ id: user.id, first_name: 'Hemi', activated: true });
    // The refresh cookie works as a password login's does.
    const refreshed = await inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: refreshCookieOf(res)!.value } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const event = logs.lines.map((l) => JSON.parse(l) as { msg?: string; event?: string; userId?: number }).find((l) => l.event === 'security.login_continued');
    expect(event).toMatchObject({ userId: user.id });
  });

  it('is single use: a second press is refused, and the offer is gone', async () => {
    const { cookie } = await register();
    expect((await press(cookie)).statusCode).toBe(200);
    const again = await press(cookie);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'auth.continuation_refused' });
    expect(refreshCookieOf(again)).toBeUndefined();
    expect(await offer(cookie)).toBeNull();
  });

  it('starts one session when two presses arrive together', async () => {
    const { user, cookie } = await register();
    const answers = await Promise.all([press(cookie), press(cookie), press(cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    const [{ n }] = (await ctx.db.execute<{ n: number }>(`select count(distinct family_id)::int as n from refresh_tokens where user_id = ${user.id}`)).rows as [{ n: number }];
    expect(n).toBe(1);
  });

  it('ends 30 minutes after the registration', async () => {
    const { cookie } = await register();
    later(30 * 60_000 - 1_000);
    expect(await offer(cookie)).not.toBeNull();
    later(30 * 60_000);
    expect(await offer(cookie)).toBeNull();
    expect((await press(cookie)).statusCode).toBe(401);
  });

  it('is refused to another browser: no cookie, or a cookie of its own', async () => {
    const { cookie } = await register();
    const other = await register();
    expect(await offer(undefined)).toBeNull();
    expect((await press(undefined)).statusCode).toBe(401);
    expect((await press('not-a-continuation-token-of-anyone-at-all-xx')).statusCode).toBe(401);
    // Another registration's cookie continues into that account only.
    const res = await press(other.cookie);
    const me = await inject({ method: 'GET', url: '/api/auth/user_info', headers: { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` } });
    expect(me.json()).toMatchObject({ id: other.user.id });
    // The first is untouched.
    expect(await offer(cookie)).toBe('Mere');
  });

  it('is refused before activation, and still works once the account is activated', async () => {
    const { body, cookie } = await register({ activate: false });
    expect(await offer(cookie)).toBeNull();
    const early = await press(cookie);
    expect(early.statusCode).toBe(401);
    expect(refreshCookieOf(early)).toBeUndefined();
    const act = await inject({ method: 'GET', url: `/api/auth/activate?activation_token=${tokenIn(smtp.last(body.email, /Activate/))}` });
    expect(act.statusCode).toBe(200);
    expect(await offer(cookie)).toBe('Mere');
    expect((await press(cookie)).statusCode).toBe(200);
  });

  it('is refused for an erased account', async () => {
    const { user, cookie } = await register();
    await ctx.db.update(users).set({ erased_at: ctx.clock.now() }).where(eq(users.id, user.id));
    expect(await offer(cookie)).toBeNull();
    expect((await press(cookie)).statusCode).toBe(401);
  });

  it('still asks for the second factor of an account that has one', async () => {
    const { user, cookie } = await register();
    const secret = newTotpSecret();
    await ctx.db.update(users).set({ totp_secret: encryptSecret(secret, ctx.config.secrets.key) }).where(eq(users.id, user.id));
    const res = await press(cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { access_token, two_factor } = res.json<{ access_token: string; two_factor?: string }>();
    expect(two_factor).toBe('code');
    const bearer = { authorization: `Bearer ${access_token}` };
    // Short of the code, the session is not a signed-in one yet.
    expect((await inject({ method: 'GET', url: '/api/pledge/closest', headers: bearer })).statusCode).toBe(403);
    const verified = await inject({ method: 'POST', url: '/api/auth/two-factor/verify', headers: bearer, payload: { code: totpCode(secret, ctx.clock.now()) }, cookies: { uplift_refresh: refreshCookieOf(res)!.value } });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('is retired by a password login, and its cookie cleared when the browser sends it', async () => {
    const a = await register();
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.body.email, password: a.body.password } });
    expect(login.statusCode).toBe(200);
    expect(continuationOf(login)).toBeUndefined(); // no cookie was sent, so none is cleared
    expect(await offer(a.cookie)).toBeNull();

    const b = await register();
    const other = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: b.body.email, password: b.body.password }, cookies: { uplift_continue: b.cookie } });
    expect(continuationOf(other)).toMatchObject({ value: '' });
    expect(await offer(b.cookie)).toBeNull();
  });
});

describe('the continuation cookie over https', () => {
  it('is Secure and __Host-prefixed, on /, and read back under that name', async () => {
    const smtp = await startSmtpServer();
    const ctx = await createTestContext({ env: { SMTP_URL: smtp.url, APP_URL: 'https://uplift.example' } });
    try {
      const { pledge } = await seedOpenCampaign(ctx.db, ctx.clock.now());
      const body = registration(pledge, { first_name: 'Rangi' });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
      expect(res.statusCode, res.body).toBe(201);
      const cookie = res.cookies.find((c) => c.name === '__Host-uplift_continue');
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/', maxAge: 30 * 60 });
      await ctx.app.inject({ method: 'GET', url: `/api/auth/activate?activation_token=${tokenIn(smtp.last(body.email, /Activate/))}` });
      const offer = await ctx.app.inject({ method: 'GET', url: '/api/auth/continue', cookies: { '__Host-uplift_continue': cookie!.value } });
      expect(offer.json()).toEqual({ first_name: 'Rangi' });
      // The plain-http name is not read over https.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/continue', cookies: { uplift_continue: cookie!.value } })).json()).toEqual({ first_name: null });
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});
