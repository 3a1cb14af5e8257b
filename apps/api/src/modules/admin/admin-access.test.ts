import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser, firstRecipient, insertCampaign } from './admin.test-support.ts';

// Every admin call: anonymous → 401, a plain user → 403, an admin → success.
describe('admin routes are for admins only', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let userAuth: Record<string, string>;
  let campaignId: number;
  let recipientId: number;

  const validBody = {
    campaign_name: 'December Giving Challenge',
    start_date: '2026-12-01',
    end_date: '2026-12-31',
    billing_start_date: '2026-12-03',
    country: 'NZ',
    billing_cycle: 'Weekly',
    is_active: true,
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth, userAuth } = await adminAndUser(ctx));
    campaignId = (await insertCampaign(ctx)).id;
    recipientId = (await firstRecipient(ctx, 'NZ')).id;
  });
  afterAll(async () => ctx.close());

  type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string; payload?: object; ok: number };
  const calls: Record<string, Call> = {
    'GET /api/campaign/': { method: 'GET', url: () => '/api/campaign/', ok: 200 },
    'GET /api/campaign': { method: 'GET', url: () => '/api/campaign', ok: 200 },
    'POST /api/campaign': { method: 'POST', url: () => '/api/campaign', payload: validBody, ok: 201 },
    'PUT /api/campaign/:id': { method: 'PUT', url: () => `/api/campaign/${campaignId}`, payload: validBody, ok: 200 },
    'POST /api/campaign/deactivate': { method: 'POST', url: () => '/api/campaign/deactivate', ok: 200 },
    'GET /api/auth/all_users': { method: 'GET', url: () => '/api/auth/all_users?page=1&page_size=10', ok: 200 },
    'GET /api/admin/recipients': { method: 'GET', url: () => '/api/admin/recipients', ok: 200 },
    'GET /api/admin/exports/charity': {
      method: 'GET',
      url: () => `/api/admin/exports/charity?recipient_id=${recipientId}&campaign_id=${campaignId}`,
      ok: 200,
    },
    'GET /api/admin/exports': { method: 'GET', url: () => '/api/admin/exports', ok: 200 },
    // Last: it removes the campaign the others use.
    'DELETE /api/campaign/:id': { method: 'DELETE', url: () => `/api/campaign/${campaignId}`, ok: 200 },
  };

  for (const [name, call] of Object.entries(calls)) {
    it(`${name}: 401 anonymous, 403 user, ${call.ok} admin`, async () => {
      const send = (headers: Record<string, string>) =>
        ctx.app.inject({ method: call.method, url: call.url(), headers, ...(call.payload ? { payload: call.payload } : {}) });

      const anonymous = await send({});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'auth.unauthorized' });

      const user = await send(userAuth);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({ code: 'auth.forbidden' });

      const admin = await send(adminAuth);
      expect(admin.statusCode, admin.body).toBe(call.ok);
    });
  }

  it('checks the role before validating, so strangers learn nothing from validation messages', async () => {
    const bad = { campaign_name: '' };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/campaign', payload: bad })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/campaign', payload: bad, headers: userAuth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/campaign', payload: bad, headers: adminAuth })).statusCode).toBe(400);
  });

  it('refuses a forged or expired token with 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/campaign/', headers: { authorization: 'Bearer not.a.token' } });
    expect(res.statusCode).toBe(401);
  });
});
