import Fastify from 'fastify';
import { decodeProtectedHeader, SignJWT } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAndUser } from '../modules/admin/admin.test-support.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import authPlugin from './auth.ts';
import errorsPlugin from './errors.ts';

// The access-token guard and the admin guard, pinned to their rules with literal values:
//   - an access token is an HS256 JWT (typ JWT) from issuer uplift-api for audience uplift-web,
//     carrying the user id as its subject and ROLE_USER (and ROLE_ADMIN for an admin);
//   - no Bearer token: 401 'Please log in to continue'; a token that does not verify or lacks
//     those claims: 401 'Your session has expired. Please log in again.'; a user on an admin
//     route: 403 'You do not have permission to do that';
//   - every refusal of an admin route is a security event in the log, with the caller's address.

const SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');
const LOG_IN = 'Please log in to continue';
const EXPIRED = 'Your session has expired. Please log in again.';
const NOT_ALLOWED = 'You do not have permission to do that';
const USER_ROUTE = '/api/pledge/closest';
const ADMIN_ROUTE = '/api/admin/recipients';

let ctx: TestContext;
let auth: Awaited<ReturnType<typeof adminAndUser>>;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) });
  ctx = await createTestContext({ logger });
  auth = await adminAndUser(ctx);
});
afterAll(async () => ctx.close());
beforeEach(() => {
  logLines.length = 0;
});

const get = (url: string, authorization?: string) => ctx.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

/** A token signed with the app's secret, with the given claims. */
async function tokenWith(claims: { sub?: string; permissions?: unknown }) {
  let jwt = new SignJWT(claims.permissions === undefined ? {} : { permissions: claims.permissions })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('uplift-api')
    .setAudience('uplift-web')
    .setIssuedAt()
    .setExpirationTime('15m');
  if (claims.sub !== undefined) jwt = jwt.setSubject(claims.sub);
  return jwt.sign(SECRET);
}

/** The plugin on its own app, built inside a test (so a mutation run sees its set-up), with a user route. */
async function pluginApp() {
  const app = Fastify();
  await app.register(errorsPlugin);
  await app.register(authPlugin, { jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing' });
  app.get('/mine', { preHandler: app.authenticate }, async (request) => ({ id: request.user?.id }));
  return app;
}

describe('the access token', () => {
  it('is an HS256 JWT that opens a user route; a bad one is refused as expired', async () => {
    const app = await pluginApp();
    try {
      const token = await app.signAccessToken({ id: 7, role: 'user' });
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect((await app.inject({ method: 'GET', url: '/mine', headers: { authorization: `Bearer ${token}` } })).json()).toEqual({ id: 7 });
      const forged = await app.inject({ method: 'GET', url: '/mine', headers: { authorization: `Bearer ${token}x` } });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ code: 'auth.unauthorized', message: EXPIRED });
    } finally {
      await app.close();
    }
  });

  it('a token with the right claims opens a user route (extra spaces after Bearer are allowed)', async () => {
    const token = await tokenWith({ sub: String(auth.user.id), permissions: ['ROLE_USER'] });
    expect((await get(USER_ROUTE, `Bearer ${token}`)).json()).toMatchObject({ message: 'No pledges!' });
    expect((await get(USER_ROUTE, `Bearer   ${token}`)).statusCode).toBe(404);
  });

  it('no token, or a token under another scheme: 401 asking to log in', async () => {
    const token = auth.userAuth.authorization.slice('Bearer '.length);
    for (const authorization of [undefined, `Token: ${token}`]) {
      const res = await get(USER_ROUTE, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'auth.unauthorized', message: LOG_IN });
    }
  });

  it.each([
    ['without ROLE_USER', { sub: '1', permissions: [] }],
    ['with ROLE_ADMIN alone', { sub: '1', permissions: ['ROLE_ADMIN'] }],
    ['without permissions', { sub: '1' }],
    ['whose subject is not a user id', { sub: 'ada', permissions: ['ROLE_USER'] }],
  ])('a token %s: 401, the session has expired', async (_name, claims) => {
    const token = await tokenWith(claims);
    for (const url of [USER_ROUTE, ADMIN_ROUTE]) {
      const res = await get(url, `Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'auth.unauthorized', message: EXPIRED });
    }
  });
});

describe('the admin guard', () => {
  const denials = () => logLines.filter((l) => l.event === 'security.admin_denied');

  it('anonymous: 401, logged as a security event with the address and the route', async () => {
    expect((await get(ADMIN_ROUTE)).statusCode).toBe(401);
    expect(denials()).toEqual([
      expect.objectContaining({ level: 40, status: 401, ip: '127.0.0.1', userId: null, route: ADMIN_ROUTE, requestId: expect.stringMatching(/\S/), msg: 'security event: admin_denied' }),
    ]);
  });

  it('a user: 403, logged as a security event', async () => {
    const res = await get(ADMIN_ROUTE, auth.userAuth.authorization);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'auth.forbidden', message: NOT_ALLOWED });
    expect(denials()).toEqual([expect.objectContaining({ status: 403, ip: '127.0.0.1', userId: auth.user.id, route: ADMIN_ROUTE })]);
  });

  it('an admin: through, and nothing logged as refused', async () => {
    expect((await get(ADMIN_ROUTE, auth.adminAuth.authorization)).statusCode).toBe(200);
    expect(denials()).toEqual([]);
  });
});
