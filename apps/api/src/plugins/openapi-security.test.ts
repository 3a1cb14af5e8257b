import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpErrors } from '../errors.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

// The API description says which operations need a bearer token (`security`), and it says so of
// exactly the routes behind `authenticate` or `requireAdmin` (docs/decisions/154). Each operation
// of the description is asked without a token: the guard's answer is a 401 "Please log in to
// continue" before anything is read, so that answer marks a guarded route, whatever its tag.

/** Behind `authenticate` as a preHandler, so an empty body is refused (400) before the token is read. */
const BODY_BEFORE_TOKEN = ['POST /api/auth/two-factor/enrolment/confirm', 'POST /api/auth/two-factor/verify'];

type Operation = { security?: unknown[] };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('the API description', () => {
  it('declares security on every route behind authenticate or requireAdmin, and on no open route', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    const undeclared: string[] = [];
    const overDeclared: string[] = [];
    let guarded = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const res = await ctx.app.inject({
          method: method.toUpperCase() as HTTPMethods,
          // A well-formed value for every parameter: the guard answers before any lookup.
          url: path.replace(/\{[^}]+\}/g, 'abc1'),
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        const behindGuard = res.statusCode === 401 && res.json<{ message: string }>().message === httpErrors.unauthorized.message;
        const declared = (op.security ?? []).length > 0;
        if (behindGuard) guarded += 1;
        if (behindGuard && !declared) undeclared.push(`${method.toUpperCase()} ${path}`);
        const route = `${method.toUpperCase()} ${path}`;
        if (declared && !behindGuard && !(BODY_BEFORE_TOKEN.includes(route) && res.statusCode === 400)) overDeclared.push(`${route} → ${res.statusCode}`);
      }
    }
    // The whole app: account, pledges, payments, pages, admin (moderation's admin routes among them).
    expect(guarded).toBeGreaterThan(60);
    expect(undeclared).toEqual([]);
    expect(overDeclared).toEqual([]);
  });
});
