import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, challenges } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { adminAndUser, firstChallenge, insertCampaign, insertPayment, insertPledge, insertUser, recipientsOf } from './admin.test-support.ts';

// The admin actions decision 076 lists are audited in the action's own transaction:
// one row per action with who, what, before and after; none for an action that fails.

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const charity = {
  recipient_name: 'Audited Food Bank',
  country: 'NZ',
  impact_cost: 12.5,
  impact_unit: 'meals',
  impact_unit_singular: 'meal',
  impact_description: 'Meals for families across the harbour.',
  impact_multiplier: 1,
  description: 'Food parcels.',
  link: 'https://food.example.org',
  is_enabled: true,
  logo_base64: PNG_1X1,
};
const challenge = {
  name: 'Audited Taxis',
  icon: 'commute',
  unit: 'rides',
  description: 'Walk instead.',
  hashtag: '#UpliftAudit',
  hashtag_link: 'https://www.instagram.com/explore/tags/upliftaudit/',
  kind: 'units',
  is_enabled: true,
};

describe('admin audit of charities, challenges, offers, payouts and activation mails', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof adminAndUser>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await adminAndUser(ctx);
  });
  afterAll(async () => ctx.close());

  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin.adminAuth) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const rows = () => ctx.db.select().from(adminAudit);
  const newest = async () => (await as('GET', '/api/admin/audit')).json<{ entries: AdminAuditEntry[] }>().entries[0]!;
  /** Runs an admin call and answers the one audit row it added. */
  async function auditedCall(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const before = (await rows()).length;
    const res = await as(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await rows()).length).toBe(before + 1);
    const entry = await newest();
    expect(entry).toMatchObject({ admin_user_id: admin.admin.id, admin_email: admin.admin.email, created_at: TEST_NOW });
    return { res, entry };
  }

  it('records one row per action: who, what, and the record before and after', async () => {
    const created = await auditedCall('POST', '/api/admin/charities', charity);
    const charityId = created.res.json<{ id: number }>().id;
    expect(created.entry).toMatchObject({ action: 'charity.create', target: `charity ${charityId}`, before: null, after: { recipient_name: 'Audited Food Bank' } });
    const disabled = await auditedCall('PUT', `/api/admin/charities/${charityId}`, { ...charity, logo_base64: undefined, is_enabled: false });
    expect(disabled.entry).toMatchObject({ action: 'charity.edit', before: { is_enabled: true }, after: { is_enabled: false } });
    const deleted = await auditedCall('DELETE', `/api/admin/charities/${charityId}`);
    expect(deleted.entry).toMatchObject({ action: 'charity.delete', before: { recipient_name: 'Audited Food Bank' }, after: null });

    const made = await auditedCall('POST', '/api/admin/challenges', challenge);
    const challengeId = made.res.json<{ id: number }>().id;
    expect(made.entry).toMatchObject({ action: 'challenge.create', target: `challenge ${challengeId}`, after: { name: 'Audited Taxis' } });
    const edited = await auditedCall('PUT', `/api/admin/challenges/${challengeId}`, { ...challenge, is_enabled: false });
    expect(edited.entry).toMatchObject({ action: 'challenge.edit', before: { is_enabled: true }, after: { is_enabled: false } });
    expect((await auditedCall('DELETE', `/api/admin/challenges/${challengeId}`)).entry).toMatchObject({ action: 'challenge.delete', before: { name: 'Audited Taxis' } });

    const campaign = await insertCampaign(ctx);
    const [nz] = await recipientsOf(ctx, 'NZ');
    const offer = await auditedCall('PUT', `/api/admin/campaigns/${campaign.id}/offer`, { challenge_ids: [], recipient_ids: [nz!.id] });
    expect(offer.entry).toMatchObject({
      action: 'campaign.offer_set',
      target: `campaign ${campaign.id}`,
      before: { recipient_ids: [] },
      after: { recipient_ids: [nz!.id] },
    });
    // 100.00 collected for the charity, so a payout of 50.00 is within what is owed (decision 122).
    const donor = await insertUser(ctx);
    const pledged = await insertPledge(ctx, { user_id: donor.id, campaign_id: campaign.id, recipient_id: nz!.id });
    await insertPayment(ctx, { pledge_id: pledged.id, processing_date: '2026-11-23', amount: 10000, payment_status: 'Success' });
    const payout = await auditedCall('POST', `/api/admin/campaigns/${campaign.id}/payouts`, { recipient_id: nz!.id, amount: 50, paid_on: '2026-12-15', reference: 'BANK-1' });
    expect(payout.entry).toMatchObject({ action: 'campaign.payout', target: `campaign ${campaign.id}, charity ${nz!.id}`, after: { amount: 50, reference: 'BANK-1' } });
    const payoutId = payout.res.json<{ id: number }>().id;
    const correction = await auditedCall('POST', `/api/admin/campaigns/${campaign.id}/payouts/${payoutId}/corrections`, { amount: 5, reason: 'Typed 50 for 45' });
    expect(correction.entry).toMatchObject({
      action: 'campaign.payout_correction',
      target: `campaign ${campaign.id}, charity ${nz!.id}, payout ${payoutId}`,
      after: { amount: -5, corrects_payout_id: payoutId, reason: 'Typed 50 for 45' },
    });

    const waiting = await insertUser(ctx, { activated: false });
    const resent = await auditedCall('POST', `/api/admin/users/${waiting.id}/resend-activation`);
    expect(resent.entry).toMatchObject({ action: 'user.resend_activation', target: `user ${waiting.id}` });
  });

  it('leaves no row for an action that fails', async () => {
    const campaign = await insertCampaign(ctx);
    const [nz] = await recipientsOf(ctx, 'NZ');
    const [uk] = await recipientsOf(ctx, 'UK');
    await insertPledge(ctx, { user_id: admin.user.id, campaign_id: campaign.id, recipient_id: nz!.id });
    const taken = await as('POST', '/api/admin/charities', { ...charity, recipient_name: 'Taken Name Trust' });
    expect(taken.statusCode).toBe(201);
    const before = (await rows()).length;

    const refused: [number, 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      [400, 'POST', '/api/admin/charities', { ...charity, recipient_name: 'Taken Name Trust' }],
      [409, 'DELETE', `/api/admin/charities/${nz!.id}`],
      [409, 'DELETE', `/api/campaign/${campaign.id}`],
      [404, 'PUT', '/api/admin/challenges/999999', challenge],
      [409, 'DELETE', `/api/admin/challenges/${(await firstChallenge(ctx)).id}`],
      [400, 'PUT', `/api/admin/campaigns/${campaign.id}/offer`, { challenge_ids: [999999], recipient_ids: [] }],
      [400, 'POST', `/api/admin/campaigns/${campaign.id}/payouts`, { recipient_id: uk!.id, amount: 5, paid_on: '2026-12-15', reference: 'X' }],
      // Nothing collected yet, so nothing is owed.
      [409, 'POST', `/api/admin/campaigns/${campaign.id}/payouts`, { recipient_id: nz!.id, amount: 5, paid_on: '2026-12-15', reference: 'X' }],
      [404, 'POST', `/api/admin/campaigns/${campaign.id}/payouts/999999/corrections`, { amount: 5, reason: 'X' }],
      [409, 'POST', `/api/admin/users/${admin.user.id}/resend-activation`],
    ];
    for (const [status, method, url, payload] of refused) {
      const res = await as(method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    }
    expect((await rows()).length).toBe(before);
  });

  it('undoes the action when its audit row cannot be written, so no change goes unrecorded', async () => {
    // The audit table refuses every row (a full disk, a broken replica): the action must not stay.
    await ctx.db.execute(sql.raw(`
      create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit unavailable'; end $$;
      create trigger refuse_audit before insert on admin_audit for each row execute function refuse_audit();`));
    try {
      const res = await as('POST', '/api/admin/challenges', { ...challenge, name: 'Never Recorded' });
      expect(res.statusCode).toBe(500);
      expect(await ctx.db.select().from(challenges).where(eq(challenges.name, 'Never Recorded'))).toEqual([]);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger refuse_audit on admin_audit; drop function refuse_audit();'));
    }
  });
});
