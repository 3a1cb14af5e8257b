import { MSG } from '@uplift/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaigns, payments, pledges } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { adminAndUser, firstRecipient, insertCampaign, insertPledge, insertUser } from '../admin/admin.test-support.ts';

describe('campaign administration', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;

  const body = {
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
    ({ adminAuth } = await adminAndUser(ctx));
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    ctx.clock.set(TEST_NOW);
    await ctx.db.delete(payments);
    await ctx.db.delete(pledges);
    await ctx.db.delete(campaigns);
  });

  const post = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/campaign', payload, headers: adminAuth });
  const put = (id: number, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/campaign/${id}`, payload, headers: adminAuth });
  const del = (id: number | string) => ctx.app.inject({ method: 'DELETE', url: `/api/campaign/${id}`, headers: adminAuth });
  const list = async () => (await ctx.app.inject({ method: 'GET', url: '/api/campaign/', headers: adminAuth })).json();
  const deactivate = () => ctx.app.inject({ method: 'POST', url: '/api/campaign/deactivate', headers: adminAuth });

  describe('POST /api/campaign', () => {
    it('creates a campaign and lists it with every product-rules §3 field', async () => {
      const res = await post(body);
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toEqual({ id: expect.any(Number), ...body, goal_amount: null, photo: null, pledge_count: 0 });
      expect(await list()).toEqual([created]);
    });

    it('defaults the billing cycle to Weekly and trims the name', async () => {
      const { billing_cycle: _omit, ...rest } = body;
      const res = await post({ ...rest, campaign_name: '  December Giving Challenge ' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ billing_cycle: 'Weekly', campaign_name: 'December Giving Challenge' });
    });

    const invalid: [string, object, string][] = [
      ['a missing name', { campaign_name: '' }, MSG.campaignNameRequired],
      ['a name without a month first', { campaign_name: 'Giving Challenge December' }, MSG.campaignNameFormat],
      ['a month alone', { campaign_name: 'December' }, MSG.campaignNameFormat],
      ['a name over 100 characters', { campaign_name: `December ${'x'.repeat(100)}` }, MSG.campaignNameTooLong],
      ['an impossible start date', { start_date: '2026-02-30' }, MSG.startDateInvalid],
      ['a badly written end date', { end_date: '31/12/2026' }, MSG.endDateInvalid],
      ['a missing billing start date', { billing_start_date: undefined }, MSG.billingStartDateInvalid],
      ['an end before the start', { end_date: '2026-11-30' }, MSG.endBeforeStart],
      ['billing before the start', { billing_start_date: '2026-11-30' }, MSG.billingOutsideCampaign],
      ['billing after the end', { billing_start_date: '2027-01-01' }, MSG.billingOutsideCampaign],
      ['a country other than NZ or UK', { country: 'AU' }, 'Country must be NZ or UK'],
      ['a monthly billing cycle', { billing_cycle: 'Monthly' }, MSG.billingCycleInvalid],
      ['a missing active flag', { is_active: undefined }, MSG.isActiveInvalid],
      ['an active flag given as text', { is_active: 'yes' }, MSG.isActiveInvalid],
      ['a goal of nothing', { goal_amount: 0 }, MSG.campaignGoalInvalid],
      ['a goal with a fraction of a cent', { goal_amount: 5000.005 }, MSG.campaignGoalInvalid],
      ['a goal over ten million', { goal_amount: 10_000_000.01 }, MSG.campaignGoalInvalid],
      ['a goal given as text', { goal_amount: '5000' }, MSG.campaignGoalInvalid],
    ];
    for (const [what, change, message] of invalid) {
      it(`refuses ${what}: "${message}"`, async () => {
        const res = await post({ ...body, ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message, code: 'validation' });
        expect(await list()).toEqual([]);
      });
    }

    it('keeps a goal in minor units and answers it as an amount, to the admin and on the public campaign', async () => {
      const res = await post({ ...body, start_date: '2026-11-01', billing_start_date: '2026-12-03', goal_amount: 12500.5 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ goal_amount: 12500.5 });
      const [row] = await ctx.db.select({ goal: campaigns.goal_amount }).from(campaigns).where(eq(campaigns.id, res.json().id));
      expect(row!.goal).toBe(1250050);
      const open = await ctx.app.inject({ method: 'GET', url: '/api/campaign/closest/NZ' });
      expect(open.json()).toMatchObject({ id: res.json().id, goal_amount: 12500.5 });
      // Cleared by sending none.
      expect((await put(res.json().id, { ...body, start_date: '2026-11-01', goal_amount: null })).json()).toMatchObject({ goal_amount: null });
    });

    it('refuses a body that is not JSON', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/campaign',
        headers: { ...adminAuth, 'content-type': 'application/json' },
        payload: '{"campaign_name": ',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('PUT /api/campaign/:id', () => {
    it('replaces the campaign with the same body as POST', async () => {
      const campaign = await insertCampaign(ctx);
      const res = await put(campaign.id, { ...body, campaign_name: 'December Second Go', is_active: false, country: 'UK' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: campaign.id, ...body, campaign_name: 'December Second Go', is_active: false, country: 'UK', goal_amount: null, photo: null, pledge_count: 0 });
      const [stored] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      expect(stored).toMatchObject({ campaign_name: 'December Second Go', country: 'UK', is_active: false });
      expect(stored!.updated_at.toISOString()).toBe(TEST_NOW);
    });

    it('validates like POST', async () => {
      const campaign = await insertCampaign(ctx);
      const res = await put(campaign.id, { ...body, end_date: '2026-11-01' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.endBeforeStart });
    });

    it('answers 404 for a campaign that does not exist, and 400 for a bad id', async () => {
      const missing = await put(999999, body);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'campaign.not_found', message: 'Campaign 999999 does not exist' });
      const badId = await put(0, body);
      expect(badId.statusCode).toBe(400);
      expect(badId.json()).toMatchObject({ message: MSG.idInvalid });
    });

    it('keeps the country and billing start of a campaign that has pledges, but allows other edits', async () => {
      const campaign = await insertCampaign(ctx);
      const donor = await insertUser(ctx);
      await insertPledge(ctx, { user_id: donor.id, campaign_id: campaign.id, recipient_id: (await firstRecipient(ctx, 'NZ')).id });
      const same = {
        campaign_name: 'November Renamed Challenge',
        start_date: campaign.start_date,
        end_date: '2026-12-24',
        billing_start_date: campaign.billing_start_date,
        country: 'NZ',
        billing_cycle: 'Weekly',
        is_active: false,
      };

      const moved = await put(campaign.id, { ...same, country: 'UK' });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().message).toBe(
        'This campaign has 1 pledge, so its country and billing start date cannot change. Create a new campaign instead.',
      );
      const rebilled = await put(campaign.id, { ...same, billing_start_date: '2026-11-26' });
      expect(rebilled.statusCode).toBe(409);

      const renamed = await put(campaign.id, same);
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ campaign_name: 'November Renamed Challenge', end_date: '2026-12-24', is_active: false, pledge_count: 1 });
    });
  });

  describe('DELETE /api/campaign/:id', () => {
    it('deletes a campaign nobody pledged to', async () => {
      const campaign = await insertCampaign(ctx);
      const res = await del(campaign.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Campaign deleted', id: campaign.id });
      expect(await list()).toEqual([]);
    });

    it('refuses to delete a campaign with pledges and says to deactivate it instead', async () => {
      const campaign = await insertCampaign(ctx);
      const recipient = await firstRecipient(ctx, 'NZ');
      for (const status of ['Confirmed', 'Cancelled'] as const) {
        const donor = await insertUser(ctx);
        await insertPledge(ctx, { user_id: donor.id, campaign_id: campaign.id, recipient_id: recipient.id, pledge_status: status });
      }
      const res = await del(campaign.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'campaign.has_pledges',
        message: 'This campaign has 2 pledges, so it cannot be deleted. Deactivate it instead.',
      });
      expect((await list()).map((c: { id: number }) => c.id)).toEqual([campaign.id]);
      expect((await list())[0].pledge_count).toBe(2);
    });

    it('refuses to delete a campaign whose only pledge is still pending, and counts it in pledge_count (so the table disables Delete)', async () => {
      const campaign = await insertCampaign(ctx);
      const donor = await insertUser(ctx);
      await insertPledge(ctx, { user_id: donor.id, campaign_id: campaign.id, recipient_id: (await firstRecipient(ctx, 'NZ')).id, pledge_status: 'Pending' });
      expect((await list()).find((c: { id: number }) => c.id === campaign.id).pledge_count).toBe(1);
      const res = await del(campaign.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'campaign.has_pledges', message: 'This campaign has 1 pledge, so it cannot be deleted. Deactivate it instead.' });
    });

    it('answers 404 for a missing campaign and 400 for a bad id', async () => {
      expect((await del(424242)).statusCode).toBe(404);
      const bad = await del('abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: MSG.idInvalid });
    });
  });

  describe('POST /api/campaign/deactivate', () => {
    it('deactivates only active campaigns whose end date has passed, and says how many', async () => {
      // Today (2026-11-23 09:00Z) is the 23rd in London and NZ (22:00 NZDT).
      const endedNz = await insertCampaign(ctx, { start_date: '2026-10-01', end_date: '2026-10-31', billing_start_date: '2026-10-02', country: 'NZ' });
      const endedUk = await insertCampaign(ctx, { start_date: '2026-10-01', end_date: '2026-11-22', billing_start_date: '2026-10-02', country: 'UK' });
      const endsToday = await insertCampaign(ctx, { start_date: '2026-11-01', end_date: '2026-11-23', billing_start_date: '2026-11-02', country: 'UK' });
      const running = await insertCampaign(ctx, { country: 'NZ' });
      const alreadyInactive = await insertCampaign(ctx, { start_date: '2026-09-01', end_date: '2026-09-30', billing_start_date: '2026-09-02', is_active: false });

      const res = await deactivate();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Deactivated 2 past campaigns', count: 2 });

      const active = Object.fromEntries((await list()).map((c: { id: number; is_active: boolean }) => [c.id, c.is_active]));
      expect(active).toEqual({
        [endedNz.id]: false,
        [endedUk.id]: false,
        [endsToday.id]: true,
        [running.id]: true,
        [alreadyInactive.id]: false,
      });

      const again = await deactivate();
      expect(again.json()).toEqual({ message: 'Deactivated 0 past campaigns', count: 0 });
    });

    it('follows the clock, in each campaign country’s own time zone', async () => {
      const nz = await insertCampaign(ctx, { start_date: '2026-11-01', end_date: '2026-11-30', billing_start_date: '2026-11-02', country: 'NZ' });
      const uk = await insertCampaign(ctx, { start_date: '2026-11-01', end_date: '2026-11-30', billing_start_date: '2026-11-02', country: 'UK' });

      ctx.clock.set('2026-11-30T10:59:00Z'); // 23:59 on the 30th in NZ (NZDT, +13): not yet passed
      expect((await deactivate()).json()).toEqual({ message: 'Deactivated 0 past campaigns', count: 0 });

      ctx.clock.set('2026-11-30T11:00:00Z'); // 1 December in NZ, still 30 November in London
      expect((await deactivate()).json()).toEqual({ message: 'Deactivated 1 past campaign', count: 1 });
      let active = Object.fromEntries((await list()).map((c: { id: number; is_active: boolean }) => [c.id, c.is_active]));
      expect(active).toEqual({ [nz.id]: false, [uk.id]: true });

      ctx.clock.set('2026-12-01T00:00:00Z'); // 1 December in London (GMT)
      expect((await deactivate()).json()).toEqual({ message: 'Deactivated 1 past campaign', count: 1 });
      active = Object.fromEntries((await list()).map((c: { id: number; is_active: boolean }) => [c.id, c.is_active]));
      expect(active).toEqual({ [nz.id]: false, [uk.id]: false });
    });
  });

  it('GET /api/campaign/ lists every campaign, active or not, by id', async () => {
    const a = await insertCampaign(ctx, { is_active: false });
    const b = await insertCampaign(ctx, { country: 'UK' });
    const rows = await list();
    expect(rows.map((c: { id: number }) => c.id)).toEqual([a.id, b.id]);
    expect(rows[0]).toEqual({
      id: a.id,
      campaign_name: 'November Uplift Challenge',
      start_date: '2026-11-20',
      end_date: '2026-12-20',
      billing_start_date: '2026-11-25',
      billing_cycle: 'Weekly',
      is_active: false,
      country: 'NZ',
      goal_amount: null,
      photo: null,
      pledge_count: 0,
    });
  });
});
