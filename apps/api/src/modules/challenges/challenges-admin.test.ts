import { CHALLENGE_MESSAGES } from '@uplift/core/schemas/admin-charities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challenges } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser, insertCampaign, insertPledge, recipientsOf } from '../admin/admin.test-support.ts';

describe('challenge administration and campaign offers', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let userAuth: Record<string, string>;
  let admin: { id: number };

  const body = {
    name: 'Taxis',
    icon: 'commute',
    unit: 'rides',
    description: 'Walk or take the bus instead of a taxi.',
    hashtag: '#UpliftTaxis',
    hashtag_link: 'https://www.instagram.com/explore/tags/uplifttaxis/',
    kind: 'units',
    is_enabled: true,
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth, userAuth, admin } = await adminAndUser(ctx));
  });
  afterAll(async () => ctx.close());

  const post = (payload: object, headers = adminAuth) => ctx.app.inject({ method: 'POST', url: '/api/admin/challenges', payload, headers });
  const put = (id: number, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/admin/challenges/${id}`, payload, headers: adminAuth });
  const ids = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json().map((c: { id: number }) => c.id);

  it('adds a challenge, offered at once on the landing page; edits and disables it', async () => {
    expect((await post(body, userAuth)).statusCode).toBe(403);
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), ...body, landing_page_icon: 'commute', pledge_count: 0 });
    expect(await ids('/api/challenge/default/NZ')).toContain(created.id);

    const disabled = await put(created.id, { ...body, unit: 'trips', is_enabled: false });
    expect(disabled.json()).toMatchObject({ unit: 'trips', is_enabled: false });
    expect(await ids('/api/challenge/default/UK')).not.toContain(created.id);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/challenges', headers: adminAuth })).json();
    expect(list.find((c: { id: number }) => c.id === created.id)).toMatchObject({ is_enabled: false });
  });

  const invalid: [string, object, string][] = [
    ['an http link', { hashtag_link: 'http://example.org' }, CHALLENGE_MESSAGES.linkInvalid],
    ['an unknown icon', { icon: 'rocket' }, CHALLENGE_MESSAGES.iconInvalid],
    ['a hashtag without #', { hashtag: 'Uplift' }, CHALLENGE_MESSAGES.hashtagInvalid],
    ['an empty name', { name: '' }, CHALLENGE_MESSAGES.nameRequired],
    ['a duplicate name (any case)', { name: 'COFFEES' }, CHALLENGE_MESSAGES.duplicateName],
  ];
  for (const [what, change, message] of invalid) {
    it(`refuses ${what} with 400 "${message}"`, async () => {
      const before = await ctx.db.select({ id: challenges.id }).from(challenges);
      const res = await post({ ...body, name: `Challenge ${Math.random().toString(36).slice(2, 8)}`, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
      expect(await ctx.db.select({ id: challenges.id }).from(challenges)).toHaveLength(before.length);
    });
  }

  it('deletes a challenge without pledges; refuses one with pledges (409)', async () => {
    const spare = (await post({ ...body, name: 'Spare challenge' })).json();
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/challenges/${spare.id}`, headers: adminAuth });
    expect(del.json()).toEqual({ message: 'Challenge deleted', id: spare.id });

    const used = (await post({ ...body, name: 'Used challenge' })).json();
    const campaign = await insertCampaign(ctx, { start_date: '2027-01-01', end_date: '2027-01-31', billing_start_date: '2027-01-05' });
    const [nz] = await recipientsOf(ctx, 'NZ');
    await insertPledge(ctx, { user_id: admin.id, campaign_id: campaign.id, recipient_id: nz!.id, challenge_id: used.id });
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/challenges/${used.id}`, headers: adminAuth });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: CHALLENGE_MESSAGES.hasPledges });
  });

  it('narrows what a campaign offers, and widens it again with empty lists', async () => {
    const campaign = await insertCampaign(ctx);
    const nz = await recipientsOf(ctx, 'NZ');
    const [uk] = await recipientsOf(ctx, 'UK');
    const all = await ids('/api/challenge/campaign/NZ');
    const offerUrl = `/api/admin/campaigns/${campaign.id}/offer`;
    expect((await ctx.app.inject({ method: 'GET', url: offerUrl, headers: adminAuth })).json()).toEqual({ challenge_ids: [], recipient_ids: [] });

    const narrowed = await ctx.app.inject({ method: 'PUT', url: offerUrl, headers: adminAuth, payload: { challenge_ids: [all[1]], recipient_ids: [nz[2]!.id] } });
    expect(narrowed.json()).toEqual({ challenge_ids: [all[1]], recipient_ids: [nz[2]!.id] });
    expect(await ids('/api/challenge/campaign/NZ')).toEqual([all[1]]);
    expect(await ids('/api/recipient/campaign/NZ')).toEqual([nz[2]!.id]);

    const wrongCountry = await ctx.app.inject({ method: 'PUT', url: offerUrl, headers: adminAuth, payload: { challenge_ids: [], recipient_ids: [uk!.id] } });
    expect(wrongCountry.statusCode).toBe(400);

    await ctx.app.inject({ method: 'PUT', url: offerUrl, headers: adminAuth, payload: { challenge_ids: [], recipient_ids: [] } });
    expect(await ids('/api/challenge/campaign/NZ')).toEqual(all);
    expect(await ids('/api/recipient/campaign/NZ')).toEqual(nz.filter((r) => r.is_enabled).map((r) => r.id));
  });
});
