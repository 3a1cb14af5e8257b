import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../modules/admin/admin.test-support.ts';
import { newTotpSecret } from '../modules/auth/totp.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

// docs/decisions/123: the token an admin holds between the password and the second factor opens
// the second-factor steps and nothing else. Every route of the app that takes a token is tried
// with it (the routes are read from the API description, which lists every /api route), and
// the only ones that take it are the three below; logout takes no token at all.

const TAKES_PENDING_TOKEN = ['POST /api/auth/two-factor/enrolment', 'POST /api/auth/two-factor/enrolment/confirm', 'POST /api/auth/two-factor/verify'];

type Operation = { security?: unknown[] };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** Every operation of the API description as `METHOD /path`, with whether it asks for a token. */
async function operations(): Promise<{ route: string; method: HTTPMethods; url: string; needsToken: boolean }[]> {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        route: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as HTTPMethods,
        // A path parameter gets a well-formed value: the guard must answer before any lookup.
        url: path.replace(/\{[^}]+\}/g, '1'),
        needsToken: (op.security ?? []).length > 0,
      })),
  );
}

/** Fastify's own list of the app's /api routes: the router's tree, each node's path joined to its parents'. */
function registeredApiRoutes(): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]!.split(', ')) {
      if (path.startsWith('/api/') && method !== 'HEAD') routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes;
}

describe('a password-only admin token', () => {
  it.each([
    ['must enrol', 'enrol', 'auth.two_factor_enrolment_required'],
    ['must type a code', 'code', 'auth.two_factor_required'],
  ] as const)('(an admin who %s) is refused by every route that takes a token, but the second-factor steps', async (_name, step, code) => {
    const admin = await insertUser(ctx, { role: 'admin', ...(step === 'code' ? { totp_secret: newTotpSecret(), totp_enrolled_at: ctx.clock.now() } : {}) });
    const token = await ctx.app.signAccessToken({ id: admin.id, role: 'admin', secondFactor: step });
    const ops = await operations();
    const guarded = ops.filter((o) => o.needsToken && !TAKES_PENDING_TOKEN.includes(o.route));
    // The sweep is the whole app: account, pledges, payments, summary, admin, user_info…
    expect(guarded.length).toBeGreaterThan(50);
    for (const route of ['POST /api/account/email', 'POST /api/account/password', 'POST /api/account/erase', 'GET /api/auth/user_info', 'GET /api/admin/audit']) {
      expect(guarded.map((o) => o.route)).toContain(route);
    }
    const opened: string[] = [];
    for (const op of guarded) {
      const res = await ctx.app.inject({ method: op.method, url: op.url, headers: { authorization: `Bearer ${token}` }, payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : {} });
      if (res.statusCode !== 403 || res.json<{ code: string }>().code !== code) opened.push(`${op.route} → ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(opened).toEqual([]);

    // The steps themselves take it (they answer, rather than refusing the token).
    for (const route of TAKES_PENDING_TOKEN) {
      const op = ops.find((o) => o.route === route)!;
      const res = await ctx.app.inject({ method: op.method, url: op.url, headers: { authorization: `Bearer ${token}` }, payload: {} });
      expect([400, 409, 200], `${route}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('the sweep misses no route: the API description lists every /api route Fastify has (but its own and the dev outbox)', async () => {
    const described = new Set((await operations()).map((o) => o.route));
    const missing = registeredApiRoutes().filter((r) => !described.has(r) && !r.startsWith('GET /api/openapi.json') && !r.startsWith('GET /api/dev/') && !r.startsWith('GET /api/docs'));
    expect(registeredApiRoutes().length).toBeGreaterThan(70);
    expect(missing).toEqual([]);
  });

  it('a donor, and an admin past the second factor, are not refused by it', async () => {
    const donor = await insertUser(ctx, { role: 'user' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${await ctx.app.signAccessToken({ id: donor.id, role: 'user' })}` } });
    expect(res.statusCode).toBe(200);
    const admin = await insertUser(ctx, { role: 'admin' });
    const passed = await ctx.app.signAccessToken({ id: admin.id, role: 'admin', secondFactor: 'passed' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${passed}` } })).statusCode).toBe(200);
  });
});
