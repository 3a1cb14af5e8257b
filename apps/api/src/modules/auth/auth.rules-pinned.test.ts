import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { registration, seedOpenCampaign, signUp, startSmtpServer } from './auth.test-support.ts';

// The account rules pinned to the numbers product-rules §17 and docs/decisions/010 and 012 state, written
// here as literals: none is read from the code under test, so raising a limit in the code fails a
// test instead of moving the test along with it.
//   product-rules §17: per account at most 10 failed logins in 15 minutes; per IP at
//   least 30 logins and 10 registrations in 10 minutes.
//   012: per IP login 30, register 10, refresh 120 (10-minute window); loopback exempt only
//   outside production.
//   010: refresh tokens last 14 days each.
//   012: per account also 5 recovery mails and 10 registration attempts an hour.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

let ipCounter = 0;
/** A fresh documentation address (RFC 5737) per use, so per-IP counts never leak between tests. */
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

describe('account rules, pinned to product-rules §17', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let open: Awaited<ReturnType<typeof seedOpenCampaign>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
    open = await seedOpenCampaign(ctx.db, ctx.clock.now());
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  afterEach(() => {
    ctx.clock.set(TEST_NOW);
    vi.useRealTimers();
  });

  const at = (ms: number) => ctx.clock.set(new Date(Date.parse(TEST_NOW) + ms).toISOString());
  const from = (ip: string, opts: InjectOptions) => ctx.app.inject({ ...opts, remoteAddress: ip });

  describe('failed logins per account: 10 in 15 minutes', () => {
    it('answers the 11th attempt 429 even with the right password, until 15 minutes have passed', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      // Each attempt from another address, so only the per-account limit is in play.
      const login = (password: string) =>
        from(freshIp(), { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });

      for (let i = 1; i <= 10; i += 1) {
        at(i * SECOND);
        const res = await login('not the password');
        expect(res.statusCode, `failed login ${i}`).toBe(401);
      }
      at(11 * SECOND);
      const eleventh = await login(user.password);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual({ code: 'auth.rate_limited', message: TOO_MANY });

      // Still inside the window of the first failure (15 minutes from 00:01): blocked.
      at(15 * MINUTE);
      expect((await login(user.password)).statusCode).toBe(429);
      // Once every failure is older than 15 minutes, the right password works again.
      at(15 * MINUTE + 11 * SECOND);
      expect((await login(user.password)).statusCode).toBe(200);
    });

    it('counts failures spread over the 15 minutes, each until it is 15 minutes old', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const login = (password: string) =>
        from(freshIp(), { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
      // One failure a minute, from 00:01 to 00:10.
      for (let i = 1; i <= 10; i += 1) {
        at(i * MINUTE);
        expect((await login('not the password')).statusCode, `failure at minute ${i}`).toBe(401);
      }
      at(14 * MINUTE);
      expect((await login(user.password)).statusCode).toBe(429);
      // At 00:16 the 00:01 failure is over 15 minutes old: nine count, so the right password works.
      at(16 * MINUTE);
      expect((await login(user.password)).statusCode).toBe(200);
    });

    it('lets 9 failures and then the right password through (the limit is 10, not fewer)', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const login = (password: string) =>
        from(freshIp(), { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
      for (let i = 0; i < 9; i += 1) expect((await login('not the password')).statusCode).toBe(401);
      expect((await login(user.password)).statusCode).toBe(200);
    });
  });

  describe('per account: 5 recovery mails and 10 registration attempts an hour', () => {
    it('mails the 6th recovery link only once the first request is an hour old', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const forgot = () => from(freshIp(), { method: 'POST', url: '/api/auth/forgot', payload: { email: user.email } });
      for (let i = 1; i <= 5; i += 1) {
        at(i * SECOND);
        expect((await forgot()).statusCode, `request ${i}`).toBe(200);
      }
      at(6 * SECOND);
      expect((await forgot()).statusCode).toBe(429);
      at(60 * MINUTE);
      expect((await forgot()).statusCode).toBe(429);
      at(60 * MINUTE + 2 * SECOND);
      expect((await forgot()).statusCode).toBe(200);
    });

    it('takes the 11th registration attempt for one email only once the first is an hour old', async () => {
      // Refused by the pledge check (400), so the same email can try again.
      const body = registration(open.pledge, { confirmed_amount: 1 });
      const register = () => from(freshIp(), { method: 'POST', url: '/api/auth/register', payload: body });
      for (let i = 1; i <= 10; i += 1) {
        at(i * SECOND);
        expect((await register()).statusCode, `attempt ${i}`).toBe(400);
      }
      at(11 * SECOND);
      expect((await register()).statusCode).toBe(429);
      at(60 * MINUTE);
      expect((await register()).statusCode).toBe(429);
      at(60 * MINUTE + 2 * SECOND);
      expect((await register()).statusCode).toBe(400);
    });
  });

  describe('per IP, 10-minute window', () => {
    // Malformed bodies still count (012: counted before validation) and cost no password hash.
    const badLogin: InjectOptions = { method: 'POST', url: '/api/auth/login', payload: { email: 'someone@example.org', password: '' } };
    const badRegister: InjectOptions = { method: 'POST', url: '/api/auth/register', payload: {} };
    const noCookieRefresh: InjectOptions = { method: 'POST', url: '/api/auth/refresh' };

    it('allows 30 logins from one address (people share IPs behind NAT) and refuses the 31st', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 30; i += 1) expect((await from(ip, badLogin)).statusCode, `login ${i}`).toBe(400);
      const refused = await from(ip, badLogin);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: TOO_MANY });
    });

    it('allows 10 registrations from one address and refuses the 11th', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 10; i += 1) expect((await from(ip, badRegister)).statusCode, `registration ${i}`).toBe(400);
      expect((await from(ip, badRegister)).statusCode).toBe(429);
    });

    it('allows 120 refreshes from one address and refuses the 121st', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 120; i += 1) expect((await from(ip, noCookieRefresh)).statusCode, `refresh ${i}`).toBe(401);
      expect((await from(ip, noCookieRefresh)).statusCode).toBe(429);
    });

    it('starts a new window once 10 minutes have passed', async () => {
      // The per-IP counters live in PostgreSQL and keep time by the app's clock (docs/decisions/072).
      at(0);
      const ip = freshIp();
      for (let i = 0; i < 10; i += 1) expect((await from(ip, badRegister)).statusCode).toBe(400);
      at(10 * MINUTE - SECOND);
      expect((await from(ip, badRegister)).statusCode).toBe(429);
      at(10 * MINUTE);
      expect((await from(ip, badRegister)).statusCode).toBe(400);
    });
  });

  describe('refresh token: 14 days', () => {
    const refresh = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { uplift_refresh: token } });

    it('still works a minute before 14 days have passed', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      at(14 * DAY - MINUTE);
      const res = await refresh(user.refreshToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ access_token: expect.any(String) });
    });

    it('is refused a minute after 14 days have passed', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      at(14 * DAY + MINUTE);
      expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    });
  });
});

describe('loopback in production', () => {
  let prod: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    prod = await createTestContext({
      env: { NODE_ENV: 'production', SMTP_URL: smtp.url, APP_URL: 'https://uplift.example.org', ALLOW_TEST_PAYMENTS: 'true', RECEIPT_TAX_CREDIT: 'false', SECRETS_KEY: 'cHJvZHVjdGlvbi1zZWNyZXRzLWtleS0zMi1ieXRlcyE=' },
    });
  });
  afterAll(async () => {
    await prod.close();
    await smtp.close();
  });

  it('is not exempt: the 11th registration from 127.0.0.1 within 10 minutes answers 429', async () => {
    const app: FastifyInstance = prod.app;
    const register = () => app.inject({ method: 'POST', url: '/api/auth/register', payload: {}, remoteAddress: '127.0.0.1' });
    for (let i = 1; i <= 10; i += 1) expect((await register()).statusCode, `registration ${i}`).toBe(400);
    const refused = await register();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: TOO_MANY });
  });

  it('is not exempt for logins either (::1): the 31st answers 429', async () => {
    const login = () =>
      prod.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.org', password: '' }, remoteAddress: '::1' });
    for (let i = 1; i <= 30; i += 1) expect((await login()).statusCode).toBe(400);
    expect((await login()).statusCode).toBe(429);
  });
});
