import { MSG } from '@uplift/core/messages';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { insertUser } from './modules/admin/admin.test-support.ts';
import { captureLogs, seedOpenCampaign } from './modules/auth/auth.test-support.ts';
import { IP_LIMITS } from './modules/auth/rate-limits.ts';
import { createTestContext, type TestContext } from './test/context.ts';

/** The same app and database, with TRUST_PROXY set, and a route that shows the client address it sees. */
async function appWith(ctx: TestContext, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATABASE_URL: ctx.databaseUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, db: ctx.db, clock: ctx.clock, logger: pino({ level: 'silent' }) });
  app.get('/test/ip', async (request, reply) => reply.send({ ip: request.ip }));
  await app.ready();
  return app;
}

describe('behind a proxy', () => {
  let ctx: TestContext;
  let proxied: FastifyInstance;
  let direct: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestContext();
    proxied = await appWith(ctx, { TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });
    direct = await appWith(ctx, {});
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
    await ctx.close();
  });

  const ipSeen = async (app: FastifyInstance, remoteAddress: string, xff?: string) =>
    (await app.inject({ method: 'GET', url: '/test/ip', remoteAddress, headers: xff ? { 'x-forwarded-for': xff } : {} })).json<{ ip: string }>().ip;

  it('believes X-Forwarded-For only as far as the trusted hops: a spoofed leftmost entry changes nothing', async () => {
    // The load balancer (10.0.0.5) appended the address it saw: 203.0.113.7.
    expect(await ipSeen(proxied, '10.0.0.5', '203.0.113.7')).toBe('203.0.113.7');
    // The client sent its own X-Forwarded-For: 1.2.3.4; the proxy appended the real address.
    expect(await ipSeen(proxied, '10.0.0.5', '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    // Two trusted hops (nginx on 127.0.0.1 behind a 10.x load balancer).
    expect(await ipSeen(proxied, '127.0.0.1', '1.2.3.4, 203.0.113.7, 10.0.0.5')).toBe('203.0.113.7');
    // A caller that is not a trusted proxy cannot choose its address.
    expect(await ipSeen(proxied, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });

  it('uses the socket address without TRUST_PROXY', async () => {
    expect(await ipSeen(direct, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
    expect(await ipSeen(direct, '10.0.0.5', '203.0.113.7')).toBe('10.0.0.5');
  });

  it('a client cannot dodge the per-IP limit by rotating a spoofed X-Forwarded-For', async () => {
    const register = (i: number) =>
      proxied.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {},
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `192.0.2.${i}, 203.0.113.50` },
      });
    for (let i = 0; i < IP_LIMITS.register; i += 1) expect((await register(i)).statusCode).toBe(400);
    const limited = await register(99);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: MSG.tooManyRequests });
  });

  it('serves the dev outbox to loopback clients only, also through a trusted proxy', async () => {
    expect((await proxied.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await direct.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await direct.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress: '198.51.100.9' })).statusCode).toBe(404);
    expect((await direct.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '198.51.100.9' })).statusCode).toBe(404);
    // A local reverse proxy forwarding a remote visitor: the visitor's address counts.
    const forwarded = await proxied.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.statusCode).toBe(404);
  });

  it('is never registered in production', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-thirty-two-chars',
      SECRETS_KEY: 'cHJvZHVjdGlvbi1zZWNyZXRzLWtleS0zMi1ieXRlcyE=',
      SMTP_URL: 'smtp://127.0.0.1:1',
      APP_URL: 'https://uplift.example.org',
      ALLOW_TEST_PAYMENTS: 'true',
      RECEIPT_TAX_CREDIT: 'false',
      DATABASE_URL: ctx.databaseUrl,
      WEB_DIST: '/nonexistent',
    });
    const prod = await buildApp({ config, db: ctx.db, clock: ctx.clock, logger: pino({ level: 'silent' }) });
    await prod.ready();
    try {
      expect((await prod.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('request ids and caching', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('keeps an incoming x-request-id only when it looks like an id', async () => {
    const idOf = async (value: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': value } })).headers['x-request-id'];
    expect(await idOf('7f3c9a1e-2b4d-4e6f-8a0b-1c2d3e4f5a6b')).toBe('7f3c9a1e-2b4d-4e6f-8a0b-1c2d3e4f5a6b');
    expect(await idOf('lb-1234.abc:5')).toBe('lb-1234.abc:5');
    for (const bad of ['<script>alert(1)</script>', 'a b', 'x'.repeat(200), '"; drop table users; --', '\u00e9t\u00e9']) {
      const id = await idOf(bad);
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers personal data with Cache-Control: no-store and keeps public reads cacheable', async () => {
    for (const url of ['/api/auth/user_info', '/api/pledge/pending', '/api/payment', '/api/payment_method', '/api/admin/recipients', '/api/auth/all_users']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect([res.statusCode, res.headers['cache-control']], url).toEqual([401, 'no-store']);
    }
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.org', password: 'whatever1' } });
    expect(login.headers['cache-control']).toBe('no-store');
    // (Challenge and charity lists are no-cache since admins edit them: docs/decisions/053.)
    await seedOpenCampaign(ctx.db, ctx.clock.now()); // an NZ campaign, so the totals answer 200
    const publicRead = await ctx.app.inject({ method: 'GET', url: `/api/pledge/total/campaign/NZ` });
    expect(publicRead.statusCode).toBe(200);
    expect(publicRead.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});

describe('security events', () => {
  let ctx: TestContext;
  const logs = captureLogs();
  beforeAll(async () => {
    ctx = await createTestContext({ logger: logs.logger, env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(async () => ctx.close());

  const viaProxy = { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' } };
  const events = () =>
    logs.lines.map((l) => JSON.parse(l) as { event?: string; ip?: string; status?: number }).filter((l) => l.event?.startsWith('security.'));

  it('logs failed logins, refused resets, admin refusals and rate limits with the client IP, and no secrets', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'who@example.org', password: 'secret guess 1' }, ...viaProxy });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { reset_token: 'x'.repeat(43), new_password: 'secret new one' }, ...viaProxy });
    await ctx.app.inject({ method: 'GET', url: '/api/admin/recipients', ...viaProxy });
    // A real donor: a token of an account that does not exist is refused with 401 (docs/decisions/078).
    const donorToken = await ctx.app.signAccessToken({ id: (await insertUser(ctx, { role: 'user' })).id, role: 'user' });
    await ctx.app.inject({ method: 'GET', url: '/api/admin/recipients', ...viaProxy, headers: { ...viaProxy.headers, authorization: `Bearer ${donorToken}` } });
    for (let i = 0; i <= IP_LIMITS.reset; i += 1) await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: {}, ...viaProxy });

    const seen = events();
    for (const [event, status] of [
      ['security.login_failed', 401],
      ['security.password_reset_refused', 400],
      ['security.admin_denied', 401],
      ['security.admin_denied', 403],
      ['security.rate_limited', 429],
    ] as const) {
      expect(seen, event).toContainEqual(expect.objectContaining({ event, status, ip: '203.0.113.7' }));
    }
    const all = logs.lines.join('\n');
    for (const secret of ['secret guess 1', 'secret new one', donorToken]) expect(all).not.toContain(secret);
  });
});
