import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignChallenges, campaigns, challenges } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { challengeIds, insertCampaign } from '../campaigns/campaigns.test-support.ts';

describe('challenge reads', () => {
  let ctx: TestContext;
  let ids: number[];
  beforeAll(async () => {
    ctx = await createTestContext();
    ids = await challengeIds(ctx.db);
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    await ctx.db.delete(campaigns);
    await ctx.db.update(challenges).set({ is_enabled: true });
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const idsOf = (res: { json: () => { id: number }[] }) => res.json().map((c) => c.id);

  it('GET /api/challenge/default/{country} lists the six seeded challenges by id with their icons', async () => {
    for (const country of ['NZ', 'UK']) {
      const res = await get(`/api/challenge/default/${country}`);
      expect(res.statusCode).toBe(200);
      expect(idsOf(res)).toEqual(ids);
      expect(res.json().map((c: { landing_page_icon: string }) => c.landing_page_icon)).toEqual([
        'coffee', 'takeaway', 'lunch', 'gym', 'streaming', 'commute',
      ]);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/api/challenge/default/NZ')).json()[0]).toEqual({
      id: ids[0],
      name: 'Coffees',
      landing_page_icon: 'coffee',
      icon: 'coffee',
      unit: 'coffees',
      description: 'Skip the café flat white and brew at home for a month.',
      hashtag: '#UpliftCoffee',
      hashtag_link: 'https://www.instagram.com/explore/tags/upliftcoffee/',
      kind: 'units',
      is_enabled: true,
    });
  });

  it('leaves a disabled challenge out of the lists', async () => {
    await ctx.db.update(challenges).set({ is_enabled: false }).where(eq(challenges.id, ids[3]!));
    expect(idsOf(await get('/api/challenge/default/NZ'))).toEqual(ids.filter((id) => id !== ids[3]));
  });

  it('GET /api/challenge/campaign/{country} offers every enabled challenge when the campaign is not narrowed', async () => {
    await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-20', end_date: '2026-12-20' });
    const res = await get('/api/challenge/campaign/NZ');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual(ids);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('GET /api/challenge/campaign/{country} offers only the narrowed choice of the closest campaign, by id', async () => {
    const closest = await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-20', end_date: '2026-12-20' });
    const later = await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-12-21', end_date: '2027-01-20' });
    await ctx.db.insert(campaignChallenges).values([
      { campaign_id: closest.id, challenge_id: ids[4]! },
      { campaign_id: closest.id, challenge_id: ids[1]! },
    ]);
    await ctx.db.insert(campaignChallenges).values({ campaign_id: later.id, challenge_id: ids[0]! });
    expect(idsOf(await get('/api/challenge/campaign/NZ'))).toEqual([ids[1], ids[4]]);
  });

  it('GET /api/challenge/campaign/{country} answers 404 {message} without an open campaign', async () => {
    const res = await get('/api/challenge/campaign/UK');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'There is no open campaign in United Kingdom right now' });
  });

  it('GET /api/challenge/{id} answers unit and icons', async () => {
    const res = await get(`/api/challenge/${ids[5]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids[5], name: 'Commutes', unit: 'trips', icon: 'commute', landing_page_icon: 'commute', kind: 'commute' });
  });

  it.each([
    ['/api/challenge/default/AU', 400, 'Country must be NZ or UK'],
    ['/api/challenge/campaign/uk', 400, 'Country must be NZ or UK'],
    ['/api/challenge/coffee', 400, 'id must be a positive whole number'],
    ['/api/challenge/0', 400, 'id must be a positive whole number'],
    ['/api/challenge/424242', 404, 'There is no challenge with id 424242'],
    ['/api/challenge/3000000000', 400, 'id must be a positive whole number'],
  ])('GET %s answers %i {message}', async (url, status, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message });
  });
});
