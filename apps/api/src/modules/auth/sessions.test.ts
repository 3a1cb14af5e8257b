import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { refreshCookieOf, registration, seedOpenCampaign, signUp, startSmtpServer } from './auth.test-support.ts';
import { endAllSessions, endOtherSessions } from './sessions.ts';

describe('session revocation (for the account page)', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const refresh = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: token } });
  const secondDevice = async (user: { email: string; password: string }) =>
    refreshCookieOf(await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } }))!.value;

  it('endOtherSessions keeps the caller signed in and ends every other device; endAllSessions ends them all', async () => {
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const user = await signUp(ctx.app, smtp, registration(open.pledge));
    const other = await secondDevice(user);
    const userId = (await ctx.app.inject({ method: 'GET', url: '/api/auth/user_info', headers: { authorization: `Bearer ${user.accessToken}` } })).json<{
      id: number;
    }>().id;

    await endOtherSessions(ctx.db, userId, user.refreshToken, ctx.clock.now());
    expect((await refresh(other)).statusCode).toBe(401);
    const kept = await refresh(user.refreshToken);
    expect(kept.statusCode).toBe(200);

    const third = await secondDevice(user);
    await endAllSessions(ctx.db, userId, ctx.clock.now());
    expect((await refresh(refreshCookieOf(kept)!.value)).statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(401);
  });
});
