// Faults at every door (docs/decisions/153): a NUL byte in any parameter is refused before any
// route, guard or query sees it, and while the database is away every route answers 503.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { fixedClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/client.ts';
import { registration, seedOpenCampaign, signUp, startSmtpServer } from './modules/auth/auth.test-support.ts';
import { createTestContext, TEST_NOW, type TestContext } from './test/context.ts';
import { freePort } from './test/free-port.ts';

type Route = { method: string; path: string };

/** Every route of the app, from its router's own listing (one line per path segment, methods in brackets). */
function routesOf(app: FastifyInstance): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) routes.push({ method, path: stack.join('') });
  }
  return routes;
}

/** A log that keeps its lines, to show that nothing was logged as an error. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, errors: () => lines.filter((l) => l.level >= 50) };
}

const isApi = (path: string) => path.startsWith('/api/');

describe('a NUL byte in a path or query parameter', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let signedIn: Record<string, string>;
  const log = capturedLog();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ logger: log.logger, env: { SMTP_URL: smtp.url } });
    // A donor's token: the sign-in guards let the request through to the check.
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    signedIn = { authorization: `Bearer ${(await signUp(ctx.app, smtp, registration(open.pledge))).accessToken}` };
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  /**
   * 400 with {message, code} (the route's own words when its schema refuses the value first) on
   * /api, or an admin route's 403 to this donor; the 404 page elsewhere.
   */
  const expectRefused = (path: string, url: string, res: { statusCode: number; json: () => unknown }) => {
    if (!isApi(path)) return expect(res.statusCode, url).toBe(404);
    if (res.statusCode === 403) return expect(res.json(), url).toMatchObject({ code: 'auth.forbidden' });
    expect([res.statusCode, res.json()], url).toEqual([400, { message: expect.any(String), code: expect.any(String), ...(typeof (res.json() as { errors?: unknown }).errors === 'object' ? { errors: expect.anything() } : {}) }]);
  };

  it('finds the whole router (so the walks below miss no route)', () => {
    const routes = routesOf(ctx.app);
    expect(routes.length).toBeGreaterThan(120);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/pages/:slug/gifts' });
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/teams/:slug/members/:pageSlug' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/payment_method/:id' });
  });

  it('answers 400 on every /api route (404 elsewhere) for a NUL in each path parameter, signed in, never 500', async () => {
    const codes = new Map<string, number>();
    for (const { method, path } of routesOf(ctx.app)) {
      const params = path.match(/:\w+/g) ?? [];
      for (const target of params) {
        const url = params.reduce((u, p) => u.replace(p, p === target ? 'a%00b' : '1'), path);
        const res = await ctx.app.inject({ method: method as 'GET', url, headers: signedIn, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
        expectRefused(path, `${method} ${url}`, res);
        if (isApi(path)) codes.set(res.json<{ code: string }>().code, (codes.get(res.json<{ code: string }>().code) ?? 0) + 1);
      }
    }
    // A route's own schema (of the parameter, or of the empty body sent) refuses first, in its words;
    // what a schema lets through meets the one check (request.bad_url).
    expect([...codes.keys()].every((code) => ['auth.forbidden', 'request.bad_url', 'validation'].includes(code)), JSON.stringify([...codes])).toBe(true);
    expect(codes.get('validation')).toBeGreaterThan(25);
    // The POST of a gift to a page, which answered 500 (its slug schema lets a NUL through).
    const gift = await ctx.app.inject({ method: 'POST', url: '/api/pages/a%00b/gifts', payload: { client_key: '0b6f7c1e-8a3d-4f5e-9b2a-1c4d5e6f7a8b', amount: 2500, name: 'Sam', email: 'sam@example.org' } });
    expect([gift.statusCode, gift.json()]).toEqual([400, { message: 'The address is not valid', code: 'request.bad_url' }]);
    expect(log.errors()).toEqual([]);
  });

  it('answers 400 on every /api route (404 elsewhere) for a NUL in the query, signed in, never 500', async () => {
    for (const { method, path } of routesOf(ctx.app)) {
      const url = `${path.replace(/:\w+/g, '1')}?q=a%00b`;
      const res = await ctx.app.inject({ method: method as 'GET', url, headers: signedIn, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expectRefused(path, `${method} ${url}`, res);
    }
    expect(log.errors()).toEqual([]);
  });

  it('answers no route 500 for a NUL without a sign-in either (a guard may answer 401 first)', async () => {
    for (const { method, path } of routesOf(ctx.app).filter((r) => r.path.includes(':'))) {
      const url = path.replace(/:\w+/g, 'a%00b');
      const res = await ctx.app.inject({ method: method as 'GET', url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect([400, 401, 404], `${method} ${url}`).toContain(res.statusCode);
    }
    expect(log.errors()).toEqual([]);
  });

  it('answers 400 naming the field for a NUL in a JSON body, on the gift routes too', async () => {
    const gift = await ctx.app.inject({
      method: 'POST',
      url: '/api/pages/no-such-page/gifts',
      payload: { client_key: '0b6f7c1e-8a3d-4f5e-9b2a-1c4d5e6f7a8b', amount: 2500, name: 'Sam\u0000', email: 'sam@example.org' },
    });
    // The name's own schema refuses it first, in its words.
    expect(gift.statusCode).toBe(400);
    expect(gift.json()).toMatchObject({ code: 'validation', errors: [{ path: 'name' }] });
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-provider/gift/confirm',
      payload: { client_secret: 'a\u0000b', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    // No schema stops it here: the one check does.
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toEqual({ message: 'Text may not contain a NUL character', code: 'validation', errors: [{ path: 'client_secret', message: 'Text may not contain a NUL character' }] });
    expect(log.errors()).toEqual([]);
  });
});

describe('while the database is away', () => {
  let app: FastifyInstance;
  let token: string;
  const log = capturedLog();
  beforeAll(async () => {
    // A port nothing listens on: every query fails to connect, as when PostgreSQL is down.
    const url = `postgres://uplift:uplift@127.0.0.1:${await freePort()}/uplift`;
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing', DATABASE_URL: url, WEB_DIST: '/nonexistent' });
    app = await buildApp({ config, db: createDb(url, { max: 2 }), clock: fixedClock(TEST_NOW), logger: log.logger });
    await app.ready();
    // A well-signed admin token: only the database can say whether its sign-in is still live.
    token = await app.signAccessToken({ id: 1, role: 'admin', secondFactor: 'passed', session: '00000000-0000-4000-8000-000000000000' });
  });
  afterAll(async () => {
    await app.close();
    await app.db.$client.end();
  });

  const unavailable = { message: 'Uplift is briefly unavailable. Please try again in a minute.', code: 'unavailable' };

  it('answers the gift routes 503 {message, code}, never 500', async () => {
    const gift = await app.inject({
      method: 'POST',
      url: '/api/pages/sams-swim/gifts',
      payload: { client_key: '0b6f7c1e-8a3d-4f5e-9b2a-1c4d5e6f7a8b', amount: 2500, name: 'Sam', email: 'sam@example.org' },
    });
    expect(gift.statusCode).toBe(503);
    expect(gift.json()).toMatchObject(unavailable);
    expect(gift.headers['retry-after']).toBe('30');
    const confirm = await app.inject({ method: 'POST', url: '/api/gifts/7/confirm', payload: { client_secret: 'pi_x_secret_y' } });
    expect(confirm.statusCode).toBe(503);
    expect(confirm.json()).toMatchObject(unavailable);
    const card = await app.inject({
      method: 'POST',
      url: '/api/test-provider/gift/confirm',
      payload: { client_secret: 'pi_x_secret_y', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(card.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/pages/sams-swim/gifts' })).statusCode).toBe(503);
  });

  it('answers a signed-in request 503, not session expired (the sign-in is kept)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject(unavailable);
  });

  it('answers no route 500, signed in as an admin or not; none logs an error (one warning each)', async () => {
    const statuses = new Map<number, number>();
    for (const { method, path } of routesOf(app)) {
      const url = path.replace(/:\w+/g, '1');
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const res = await app.inject({ method: method as 'GET', url, headers, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${method} ${url}`).not.toBe(500);
        if (res.statusCode === 503 && url !== '/api/health') expect(res.json(), `${method} ${url}`).toMatchObject(unavailable);
      }
    }
    // Most signed-in routes reach the database: each of them said 503.
    expect(statuses.get(503)).toBeGreaterThan(60);
    // The health check's own line, and the webhook's (no STRIPE_WEBHOOK_SECRET here), are about something else.
    const expected = ['health check: database unreachable', 'a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set'];
    expect(log.errors().filter((l) => !expected.includes(l.msg))).toEqual([]);
  });
});
