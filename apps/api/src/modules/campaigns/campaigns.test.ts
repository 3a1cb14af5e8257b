import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { insertCampaign } from './campaigns.test-support.ts';

// The test clock: Monday 2026-11-23 09:00 UTC, i.e. 22:00 on the 23rd in Auckland and
// 09:00 on the 23rd in London.
describe('public campaign reads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    ctx.clock.set(TEST_NOW);
    await ctx.db.delete(campaigns);
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('GET /api/campaign/active lists open campaigns of both countries, ending soonest first', async () => {
    const upcomingNz = await insertCampaign(ctx.db, { country: 'NZ', campaign_name: 'December Uplift Challenge', start_date: '2026-12-01', end_date: '2026-12-31' });
    const ongoingNz = await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-01', end_date: '2026-11-30', billing_start_date: '2026-11-20' });
    const endsTodayUk = await insertCampaign(ctx.db, { country: 'UK', start_date: '2026-10-24', end_date: '2026-11-23' });
    await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-10-01', end_date: '2026-11-22' }); // ended yesterday
    await insertCampaign(ctx.db, { country: 'UK', start_date: '2026-11-01', end_date: '2026-11-30', is_active: false });

    const res = await get('/api/campaign/active');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([endsTodayUk.id, ongoingNz.id, upcomingNz.id]);
    expect(res.json()[1]).toEqual({
      id: ongoingNz.id,
      campaign_name: 'November Uplift Challenge',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      billing_start_date: '2026-11-20',
      billing_cycle: 'Weekly',
      is_active: true,
      country: 'NZ',
      goal_amount: null,
      photo: null,
    });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('GET /api/campaign/active answers an empty list when nothing is open', async () => {
    const res = await get('/api/campaign/active');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('GET /api/campaign/active/{country} lists only that country', async () => {
    const nz = await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-01', end_date: '2026-11-30' });
    const uk = await insertCampaign(ctx.db, { country: 'UK', start_date: '2026-11-28', end_date: '2026-12-28' });
    expect((await get('/api/campaign/active/NZ')).json().map((c: { id: number }) => c.id)).toEqual([nz.id]);
    expect((await get('/api/campaign/active/UK')).json().map((c: { id: number }) => c.id)).toEqual([uk.id]);
  });

  it('judges "ended" by the date in the campaign’s own country', async () => {
    await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-01', end_date: '2026-11-23' });
    const uk = await insertCampaign(ctx.db, { country: 'UK', start_date: '2026-11-01', end_date: '2026-11-23' });
    // 12:00 UTC on the 23rd is already the 24th in Auckland, still the 23rd in London.
    ctx.clock.set('2026-11-23T12:00:00Z');
    expect((await get('/api/campaign/active')).json().map((c: { id: number }) => c.id)).toEqual([uk.id]);
    expect((await get('/api/campaign/closest/NZ')).statusCode).toBe(404);
    expect((await get('/api/campaign/closest/UK')).json().id).toBe(uk.id);
  });

  it('GET /api/campaign/closest/{country} prefers the ongoing campaign to an upcoming one', async () => {
    await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-12-01', end_date: '2026-12-31' });
    const ongoing = await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-10', end_date: '2026-12-10' });
    await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-01', end_date: '2026-11-30', is_active: false });
    await insertCampaign(ctx.db, { country: 'UK', start_date: '2026-11-01', end_date: '2026-11-25' });
    const res = await get('/api/campaign/closest/NZ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ongoing.id, country: 'NZ', start_date: '2026-11-10', end_date: '2026-12-10' });
  });

  it('GET /api/campaign/closest/{country} answers 404 {message} when the country has no open campaign', async () => {
    await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-10-01', end_date: '2026-10-31' });
    const res = await get('/api/campaign/closest/NZ');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'There is no open campaign in New Zealand right now' });
  });

  it('GET /api/campaign/{id} answers any campaign by id, open or not', async () => {
    const past = await insertCampaign(ctx.db, { country: 'UK', campaign_name: 'October Uplift Challenge', start_date: '2026-10-01', end_date: '2026-10-31', is_active: false });
    const res = await get(`/api/campaign/${past.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: past.id, campaign_name: 'October Uplift Challenge', billing_start_date: '2026-10-01', country: 'UK', is_active: false });
  });

  it.each([
    ['/api/campaign/active/US', 400, 'Country must be NZ or UK'],
    ['/api/campaign/active/nz', 400, 'Country must be NZ or UK'],
    ['/api/campaign/closest/GB', 400, 'Country must be NZ or UK'],
    ['/api/campaign/closest/', 400, 'Country must be NZ or UK'],
    ['/api/campaign/abc', 400, 'id must be a positive whole number'],
    ['/api/campaign/-1', 400, 'id must be a positive whole number'],
    ['/api/campaign/0', 400, 'id must be a positive whole number'],
    ['/api/campaign/1.5', 400, 'id must be a positive whole number'],
    ['/api/campaign/999999', 404, 'There is no campaign with id 999999'],
    // Beyond the int4 id column: no row can have it, so it is refused as an invalid id.
    ['/api/campaign/99999999999', 400, 'id must be a positive whole number'],
  ])('GET %s answers %i {message}', async (url, status, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message });
  });
});
