import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { adminAndUser, insertCampaign, recipientsOf } from './admin.test-support.ts';

describe('admin audit', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof adminAndUser>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await adminAndUser(ctx);
  });
  afterAll(async () => ctx.close());

  const as = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const entries = async () => (await as(admin.adminAuth, 'GET', '/api/admin/audit')).json<{ entries: AdminAuditEntry[] }>().entries;

  it('records campaign create, edit, delete and deactivation, and donor exports: who, what, when, before and after', async () => {
    const body = {
      campaign_name: 'December Audit Challenge',
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      billing_start_date: '2026-12-03',
      country: 'NZ',
      billing_cycle: 'Weekly',
      is_active: true,
    };
    const create = await as(admin.adminAuth, 'POST', '/api/campaign', body);
    expect(create.statusCode, create.body).toBe(201);
    const created = create.json<{ id: number }>();
    const edited = await as(admin.adminAuth, 'PUT', `/api/campaign/${created.id}`, { ...body, campaign_name: 'December Audit Challenge II' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await as(admin.adminAuth, 'DELETE', `/api/campaign/${created.id}`)).statusCode).toBe(200);
    expect((await as(admin.adminAuth, 'POST', '/api/campaign/deactivate')).statusCode).toBe(200);
    const campaign = await insertCampaign(ctx);
    const [charity] = await recipientsOf(ctx, 'NZ');
    const exported = await as(admin.adminAuth, 'GET', `/api/admin/exports/charity?recipient_id=${charity!.id}&campaign_id=${campaign.id}`);
    expect(exported.statusCode).toBe(200);

    const log = await entries();
    expect(log.map((e) => e.action)).toEqual(['donors.export', 'campaign.deactivate_past', 'campaign.delete', 'campaign.edit', 'campaign.create']);
    for (const e of log) expect(e).toMatchObject({ admin_user_id: admin.admin.id, admin_email: admin.admin.email, created_at: TEST_NOW });
    const byAction = Object.fromEntries(log.map((e) => [e.action, e]));
    expect(byAction['campaign.create']).toMatchObject({ target: `campaign ${created.id}`, before: null, after: { campaign_name: 'December Audit Challenge' } });
    expect(byAction['campaign.edit']).toMatchObject({ before: { campaign_name: 'December Audit Challenge' }, after: { campaign_name: 'December Audit Challenge II' } });
    expect(byAction['campaign.delete']).toMatchObject({ before: { campaign_name: 'December Audit Challenge II' }, after: null });
    expect(byAction['donors.export']).toMatchObject({
      target: `charity ${charity!.id}, campaign ${campaign.id}`,
      after: { export_id: Number(exported.headers['x-export-id']), rows: 0 },
    });
  });

  it('is for admins only, and a refused action is not recorded', async () => {
    expect((await as({}, 'GET', '/api/admin/audit')).statusCode).toBe(401);
    expect((await as(admin.userAuth, 'GET', '/api/admin/audit')).statusCode).toBe(403);
    const before = (await entries()).length;
    expect((await as(admin.adminAuth, 'DELETE', '/api/campaign/999999')).statusCode).toBe(404);
    expect((await entries()).length).toBe(before);
  });
});
