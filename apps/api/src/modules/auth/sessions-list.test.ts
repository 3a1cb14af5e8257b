import type { AccountSessions } from '@uplift/core/schemas/sessions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDevices } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { refreshCookieOf, registration, seedOpenCampaign, signUp, startSmtpServer } from './auth.test-support.ts';
import { describeUserAgent } from './user-agent.ts';

// The donor's signed-in devices (docs/decisions/130): one row per live sign-in, this one marked,
// each can be signed out, and a signed-out device's access token is refused at once.

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('user agents as people read them', () => {
  it.each([
    [FIREFOX_WINDOWS, 'Firefox 133', 'Windows'],
    [SAFARI_IPHONE, 'Safari 18', 'iOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131', 'macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge 131', 'Windows'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet 26', 'Android'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131', 'ChromeOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome 131', 'Linux'],
    ['curl/8.5.0', 'Unknown browser', 'Unknown system'],
    [undefined, 'Unknown browser', 'Unknown system'],
  ])('%s', (ua, browser, system) => {
    expect(describeUserAgent(ua)).toEqual({ browser, system });
  });
});

describe('signed-in devices', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The test's requests come from 127.0.0.1, here the proxy whose country header is believed (docs/decisions/153).
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const login = async (user: { email: string; password: string }, headers: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
    return { auth: { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` }, refresh: refreshCookieOf(res)!.value };
  };
  const list = async (auth: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/account/sessions', headers: auth });

  it('lists each live sign-in with its browser, system, country and times, this one marked; a refresh updates last used', async () => {
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const user = await signUp(ctx.app, smtp, registration(open.pledge));
    const laptop = await login(user, { 'user-agent': FIREFOX_WINDOWS, 'cf-ipcountry': 'nz' });
    const phone = await login(user, { 'user-agent': SAFARI_IPHONE, 'cf-ipcountry': 'GB', 'x-forwarded-for': '203.0.113.9' });

    ctx.clock.set('2026-11-23T10:00:00.000Z');
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { 'user-agent': 'changed' }, cookies: { uplift_refresh: phone.refresh } });
    expect(refreshed.statusCode).toBe(200);

    const res = await list(laptop.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { sessions } = res.json<AccountSessions>();
    // signUp's own sign-in (no user agent) too.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ browser: 'Firefox 133', system: 'Windows', country: 'NZ', current: true, signed_in_at: '2026-11-23T09:00:00.000Z' });
    expect(sessions[1]).toMatchObject({
      browser: 'Safari 18',
      system: 'iOS',
      country: 'GB',
      current: false,
      signed_in_at: '2026-11-23T09:00:00.000Z',
      last_used_at: '2026-11-23T10:00:00.000Z',
    });
    expect(sessions[2]).toMatchObject({ browser: 'Unknown browser', system: 'Unknown system', country: null, current: false });
    // Never the IP itself.
    const stored = await ctx.db.select().from(sessionDevices);
    expect(JSON.stringify(stored)).not.toContain('203.0.113.9');
    ctx.clock.set('2026-11-23T09:00:00.000Z');
  });

  it("signs one device out: its refresh and its access token are refused at once; another person's device is not found", async () => {
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const user = await signUp(ctx.app, smtp, registration(open.pledge));
    const laptop = await login(user, { 'user-agent': FIREFOX_WINDOWS });
    const phone = await login(user, { 'user-agent': SAFARI_IPHONE });
    const phoneId = (await list(laptop.auth)).json<AccountSessions>().sessions.find((s) => s.browser === 'Safari 18')!.id;

    const stranger = await signUp(ctx.app, smtp, registration(open.pledge));
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: { authorization: `Bearer ${stranger.accessToken}` } });
    expect(refused.statusCode).toBe(404);
    expect((await list(phone.auth)).statusCode).toBe(200);

    const bad = await ctx.app.inject({ method: 'DELETE', url: '/api/account/sessions/not-a-session', headers: laptop.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Session id must be a session from the list');

    const out = await ctx.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: laptop.auth });
    expect(out.statusCode).toBe(200);
    expect((await list(phone.auth)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: phone.refresh } })).statusCode).toBe(401);
    expect((await list(laptop.auth)).json<AccountSessions>().sessions.map((s) => s.browser)).not.toContain('Safari 18');
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: laptop.auth });
    expect(again.statusCode).toBe(404);
  });

  it('signs out every device but this one', async () => {
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const user = await signUp(ctx.app, smtp, registration(open.pledge));
    const laptop = await login(user, { 'user-agent': FIREFOX_WINDOWS });
    const phone = await login(user, { 'user-agent': SAFARI_IPHONE });

    const res = await ctx.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: laptop.auth });
    expect(res.statusCode).toBe(200);
    expect((await list(phone.auth)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user_info', headers: { authorization: `Bearer ${user.accessToken}` } })).statusCode).toBe(401);
    const left = (await list(laptop.auth)).json<AccountSessions>().sessions;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ browser: 'Firefox 133', current: true });
  });

  it('needs a sign-in', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others' })).statusCode).toBe(401);
  });

  it("an erased account's devices are forgotten", async () => {
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const user = await signUp(ctx.app, smtp, registration(open.pledge));
    const laptop = await login(user, { 'user-agent': FIREFOX_WINDOWS });
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/auth/user_info', headers: laptop.auth })).json<{ id: number }>().id;
    const erased = await ctx.app.inject({ method: 'POST', url: '/api/account/erase', headers: laptop.auth, payload: { password: user.password } });
    expect(erased.statusCode).toBe(200);
    expect(await ctx.db.select().from(sessionDevices).where(eq(sessionDevices.user_id, me))).toEqual([]);
  });
});
