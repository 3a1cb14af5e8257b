import { MSG } from '@uplift/core/messages';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { registration, seedOpenCampaign, signUp, startSmtpServer } from './auth.test-support.ts';
import { ACCOUNT_LIMITS, IP_LIMITS } from './rate-limits.ts';
import { subjectHash } from './tokens.ts';

const MINUTE = 60_000;

describe('rate limits', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let open: Awaited<ReturnType<typeof seedOpenCampaign>>;
  /** A second app instance on the same database, as behind a load balancer. */
  let otherInstance: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
    open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    otherInstance = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: pino({ level: 'silent' }) });
    await otherInstance.ready();
  });
  afterAll(async () => {
    await otherInstance.close();
    await ctx.close();
    await smtp.close();
  });

  let ipCounter = 10;
  /** A fresh public address per test, so per-IP counts do not leak between tests. */
  const freshIp = () => `203.0.113.${(ipCounter += 1)}`;
  const from = (ip: string, opts: InjectOptions) => ctx.app.inject({ ...opts, remoteAddress: ip });
  const at = (ms: number) => ctx.clock.set(new Date(Date.parse(TEST_NOW) + ms).toISOString());

  describe('per IP (10 minutes)', () => {
    // Bodies that fail validation: each still counts, without paying for a password hash.
    const routes: [keyof typeof IP_LIMITS, InjectOptions][] = [
      ['login', { method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.org', password: '' } }],
      ['register', { method: 'POST', url: '/api/auth/register', payload: {} }],
      ['forgot', { method: 'POST', url: '/api/auth/forgot', payload: { email: '' } }],
      ['reset', { method: 'POST', url: '/api/auth/reset', payload: {} }],
      ['activate', { method: 'GET', url: '/api/auth/activate' }],
    ];

    it.each(routes)('%s allows its limit, then answers 429 with a message', async (name, request) => {
      const ip = freshIp();
      for (let i = 0; i < IP_LIMITS[name]; i += 1) {
        expect((await from(ip, request)).statusCode).toBe(400);
      }
      const limited = await from(ip, request);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ message: MSG.tooManyRequests });
      expect(limited.headers['retry-after']).toBeDefined();
      // Someone else is not affected.
      expect((await from(freshIp(), request)).statusCode).toBe(400);
    });

    it('holds across instances: logins spread over two instances on one database trip at the same count as on one', async () => {
      const ip = freshIp();
      const request = { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'a@example.org', password: '' }, remoteAddress: ip };
      for (let i = 0; i < IP_LIMITS.login; i += 1) {
        expect((await (i % 2 === 0 ? ctx.app : otherInstance).inject(request)).statusCode).toBe(400);
      }
      expect((await ctx.app.inject(request)).statusCode).toBe(429);
      expect((await otherInstance.inject(request)).statusCode).toBe(429);
      // The window ends for both instances at once.
      at(10 * MINUTE + 1000);
      expect((await otherInstance.inject(request)).statusCode).toBe(400);
      at(0);
    });

    it('allows the product-rules §17 minimums: 30 logins and 10 registrations', () => {
      expect(IP_LIMITS.login).toBeGreaterThanOrEqual(30);
      expect(IP_LIMITS.register).toBeGreaterThanOrEqual(10);
    });

    it('exempts loopback callers outside production (local development, the end-to-end suite)', async () => {
      for (let i = 0; i < IP_LIMITS.register + 5; i += 1) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('per account (shared by every instance through PostgreSQL)', () => {
    it('stops an account after 10 failed logins in 15 minutes, even with the right password, on any instance', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      const login = (app: FastifyInstance, password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, remoteAddress: freshIp() });
      for (let i = 0; i < ACCOUNT_LIMITS.login.max; i += 1) {
        const res = await login(i % 2 === 0 ? ctx.app : otherInstance, 'wrong password');
        expect(res.statusCode).toBe(401);
      }
      const blocked = await login(ctx.app, user.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ message: MSG.tooManyRequests });
      expect((await login(otherInstance, user.password)).statusCode).toBe(429);

      at(15 * MINUTE + 1000);
      expect((await login(ctx.app, user.password)).statusCode).toBe(200);
      at(0);
    });

    it('a successful login does not count; an unknown email is limited just like a real one', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      for (let i = 0; i < ACCOUNT_LIMITS.login.max + 3; i += 1) {
        const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
        expect(ok.statusCode).toBe(200);
      }
      const ghost = (password: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ghost@example.org', password } });
      for (let i = 0; i < ACCOUNT_LIMITS.login.max; i += 1) expect((await ghost('guess')).statusCode).toBe(401);
      expect((await ghost('guess')).statusCode).toBe(429);
    });

    it('a password reset lifts the login block at once', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      for (let i = 0; i < ACCOUNT_LIMITS.login.max; i += 1) {
        await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'nope nope' } });
      }
      const login = () => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'fresh password' } });
      expect((await login()).statusCode).toBe(429);
      await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: user.email } });
      const token = smtp.last(user.email, /Reset/).text.split('\n').find((l) => /^[\w-]{43}$/.test(l))!;
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { reset_token: token, new_password: 'fresh password' } })).statusCode).toBe(200);
      expect((await login()).statusCode).toBe(200);
    });

    it('limits recovery mails per address, known or not, in the same way', async () => {
      const user = await signUp(ctx.app, smtp, registration(open.pledge));
      for (const email of [user.email, 'unknown.person@example.org']) {
        const forgot = () => ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email }, remoteAddress: freshIp() });
        for (let i = 0; i < ACCOUNT_LIMITS.forgot.max; i += 1) expect((await forgot()).statusCode).toBe(200);
        expect((await forgot()).statusCode).toBe(429);
      }
      at(61 * MINUTE);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: user.email } })).statusCode).toBe(200);
      at(0);
    });

    it('limits registration attempts per address', async () => {
      const body = registration(open.pledge, { confirmed_amount: 1 }); // refused by the pledge check, so it can be retried
      for (let i = 0; i < ACCOUNT_LIMITS.register.max; i += 1) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: freshIp() });
        expect(res.statusCode).toBe(400);
      }
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: freshIp() });
      expect(res.statusCode).toBe(429);
    });
  });
});

describe('the per-account key of a limit', () => {
  it('is one key for an email however it is spaced or cased, and another for another email', () => {
    // The key itself normalises: a caller that skipped core's email schema still counts on one account.
    const key = subjectHash('ana@example.org');
    expect(subjectHash('  Ana@Example.ORG ')).toBe(key);
    expect(subjectHash('ANA@EXAMPLE.ORG')).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(subjectHash('bob@example.org')).not.toBe(key);
  });
});
