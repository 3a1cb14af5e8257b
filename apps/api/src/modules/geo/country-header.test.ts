import type { AccountSessions } from '@uplift/core/schemas/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { registration, seedOpenCampaign, signUp, startSmtpServer } from '../auth/auth.test-support.ts';

// A CDN's country header (CF-IPCountry and the like) is set by the CDN; anyone else can send it too.
// It is believed only when the request came through a trusted proxy (TRUST_PROXY), so a client
// cannot choose the country shown in "signed-in devices" or the pages' guess (docs/decisions/153).

const PROXY = '10.0.0.5';
const VISITOR = '203.0.113.9';

describe('the country a CDN header names', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const geo = (remoteAddress: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/geo', remoteAddress, headers });

  it('is believed through a trusted proxy', async () => {
    expect((await geo(PROXY, { 'cf-ipcountry': 'GB' })).json()).toEqual({ country: 'UK', source: 'cdn' });
    expect((await geo(`::ffff:${PROXY}`, { 'cloudfront-viewer-country': 'GB' })).json()).toEqual({ country: 'UK', source: 'cdn' });
  });

  it('is ignored from anyone else: the guess rests on what the browser says', async () => {
    for (const name of ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country']) {
      expect((await geo(VISITOR, { [name]: 'GB' })).json(), name).toEqual({ country: 'NZ', source: 'none' });
      expect((await geo('127.0.0.1', { [name]: 'GB', 'accept-language': 'en-NZ' })).json(), name).toEqual({ country: 'NZ', source: 'language' });
    }
  });

  it('reaches the list of signed-in devices only through a trusted proxy', async () => {
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const user = await signUp(ctx.app, smtp, registration(open.pledge));
    const login = async (remoteAddress: string, headers: Record<string, string>) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers, payload: { email: user.email, password: user.password } });
      expect(res.statusCode).toBe(200);
      return `Bearer ${res.json<{ access_token: string }>().access_token}`;
    };
    // An intruder far away claims to be at home.
    await login(VISITOR, { 'cf-ipcountry': 'NZ', 'user-agent': 'intruder' });
    const own = await login(PROXY, { 'cf-ipcountry': 'GB', 'x-forwarded-for': VISITOR, 'user-agent': 'own' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account/sessions', remoteAddress: PROXY, headers: { authorization: own } });
    const { sessions } = res.json<AccountSessions>();
    const countries = sessions.map((s) => s.country);
    // signUp's own sign-in, the intruder's (no country), and this one through the proxy (GB).
    expect(countries).toHaveLength(3);
    expect(sessions.find((s) => s.current)?.country).toBe('GB');
    expect(countries.filter((c) => c === 'NZ')).toEqual([]);
  });
});
