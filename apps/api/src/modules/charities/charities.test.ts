import { impactRateSentence } from '@uplift/core/impact';
import { charityRequestSchema, statesNoFigures } from '@uplift/core/schemas/admin-charities';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { insertCampaign, recipientIds } from '../campaigns/campaigns.test-support.ts';

describe('charity reads', () => {
  let ctx: TestContext;
  let nz: number[];
  let uk: number[];
  beforeAll(async () => {
    ctx = await createTestContext();
    nz = await recipientIds(ctx.db, 'NZ');
    uk = await recipientIds(ctx.db, 'UK');
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    await ctx.db.delete(campaigns);
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const idsOf = (res: { json: () => { id: number }[] }) => res.json().map((c) => c.id);

  it('GET /api/recipient/default/{country} lists the country’s charities by id, impact_cost as a decimal', async () => {
    const res = await get('/api/recipient/default/NZ');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual(nz);
    expect(res.json().map((r: { recipient_name: string }) => r.recipient_name)).toEqual(['Youthline', 'KidsCan', 'Auckland City Mission']);
    expect(res.json()[0]).toEqual({
      id: nz[0],
      recipient_name: 'Youthline',
      logo: '/logos/youthline.svg',
      impact_cost: 35,
      impact_unit: 'hours of helpline support',
      impact_unit_singular: 'hour of helpline support',
      impact_description: 'Youthline’s free helpline answers young people day and night.',
      impact_multiplier: 7,
      description: 'Youthline supports young New Zealanders through a free 24/7 helpline, counselling and youth programmes.',
      link: 'https://www.youthline.co.nz',
      country: 'NZ',
      story: '',
      photo: null,
    });
    expect(res.headers['cache-control']).toBe('no-cache');
    const ukRes = await get('/api/recipient/default/UK');
    expect(idsOf(ukRes)).toEqual(uk);
    expect(ukRes.json().map((r: { impact_cost: number }) => r.impact_cost)).toEqual([20, 15, 5]);
  });

  it('seeds every charity with a singular unit and an impact description that states no figure', async () => {
    // The impact sentence is worked out from cost, multiplier and unit (docs/decisions/121-impact-units-and-country-content.md).
    const all = [...(await get('/api/recipient/default/NZ')).json(), ...(await get('/api/recipient/default/UK')).json()] as Recipient[];
    expect(all).toHaveLength(6);
    for (const r of all) {
      expect(r.impact_unit_singular, r.recipient_name).not.toBe('');
      expect(r.impact_unit_singular, r.recipient_name).not.toBe(r.impact_unit);
      expect(statesNoFigures(r.impact_description), `${r.recipient_name}: ${r.impact_description}`).toBe(true);
      expect(charityRequestSchema.shape.impact_description.safeParse(r.impact_description).success, r.recipient_name).toBe(true);
    }
    expect(all.map((r) => impactRateSentence(r, r.country))).toEqual([
      'Every $35.00 gives 7 hours of helpline support',
      'Every $25.00 gives 1 raincoat for a child',
      'Every $10.00 gives 1 hot meal',
      'Every £20.00 gives 1 housing advice call',
      'Every £15.00 gives 1 Infoline conversation',
      'Every £5.00 gives 1 emergency food parcel',
    ]);
  });

  it('GET /api/recipient/campaign/{country} offers every charity of the country when not narrowed', async () => {
    await insertCampaign(ctx.db, { country: 'UK', start_date: '2026-11-28', end_date: '2026-12-28' });
    const res = await get('/api/recipient/campaign/UK');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual(uk);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('GET /api/recipient/campaign/{country} offers only the narrowed charities of the closest campaign', async () => {
    const closest = await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-20', end_date: '2026-12-20' });
    await ctx.db.insert(campaignRecipients).values([
      { campaign_id: closest.id, recipient_id: nz[2]! },
      { campaign_id: closest.id, recipient_id: nz[0]! },
    ]);
    expect(idsOf(await get('/api/recipient/campaign/NZ'))).toEqual([nz[0], nz[2]]);
  });

  it('GET /api/recipient/campaign/{country} answers 404 {message} without an open campaign', async () => {
    const res = await get('/api/recipient/campaign/NZ');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'There is no open campaign in New Zealand right now' });
  });

  it('GET /api/recipient/{id} answers name, impact cost and unit, and logo', async () => {
    const res = await get(`/api/recipient/${uk[2]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recipient_name: 'The Trussell Trust', impact_cost: 5, impact_unit: 'emergency food parcels', logo: '/logos/trussell.svg' });
  });

  it.each([
    ['/api/recipient/default/FR', 400, 'Country must be NZ or UK'],
    ['/api/recipient/campaign/1', 400, 'Country must be NZ or UK'],
    ['/api/recipient/youthline', 400, 'id must be a positive whole number'],
    ['/api/recipient/-3', 400, 'id must be a positive whole number'],
    ['/api/recipient/777777', 404, 'There is no charity with id 777777'],
    ['/api/recipient/12345678901234567890', 400, 'id must be a positive whole number'],
  ])('GET %s answers %i {message}', async (url, status, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message });
  });
});
