import { countrySlips } from '@uplift/core/country-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { challengeIds, insertCampaign, insertPledge, recipientIds } from '../campaigns/campaigns.test-support.ts';
import { SHARE_CARD_TEXT_KEYWORD } from './share-card.render.ts';
import { pngSize, readPngTexts } from './png-text.ts';

describe('GET /share-image/{country}.png', () => {
  let ctx: TestContext;
  let ukCampaignId: number;
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const textOf = (payload: Buffer) => readPngTexts(payload)[SHARE_CARD_TEXT_KEYWORD];
  const pledge = async (country: 'NZ' | 'UK', campaignId: number, amount: number) =>
    insertPledge(ctx.db, {
      campaign_id: campaignId,
      challenge_id: (await challengeIds(ctx.db))[0]!,
      recipient_id: (await recipientIds(ctx.db, country))[0]!,
      confirmed_amount: amount,
      pledge_status: 'Confirmed',
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    const nz = await insertCampaign(ctx.db, { country: 'NZ', campaign_name: 'November Uplift Challenge', start_date: '2026-11-20', end_date: '2026-12-20' });
    const uk = await insertCampaign(ctx.db, { country: 'UK', campaign_name: 'December Uplift Challenge', start_date: '2026-11-20', end_date: '2026-12-20' });
    await pledge('NZ', nz.id, 7000);
    await pledge('NZ', nz.id, 16000);
    await pledge('UK', uk.id, 9050);
    ukCampaignId = uk.id;
  }, 60_000);
  afterAll(async () => ctx.close());

  it('answers a cacheable 1200×630 PNG showing the campaign and its live totals, per country', async () => {
    ctx.clock.set(TEST_NOW);
    const nz = await get('/share-image/NZ.png');
    expect(nz.statusCode).toBe(200);
    expect(nz.headers['content-type']).toBe('image/png');
    expect(nz.headers['cache-control']).toBe('public, max-age=300');
    expect(nz.headers.etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(pngSize(nz.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(textOf(nz.rawPayload)).toBe(['Uplift · New Zealand', 'November Uplift Challenge', '2 pledges', '$230.00 NZD pledged', 'Give up a little for a month. Lift up a lot.'].join('\n'));

    const uk = await get('/share-image/UK.png');
    expect(pngSize(uk.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(textOf(uk.rawPayload)).toBe(['Uplift · United Kingdom', 'December Uplift Challenge', '1 pledge', '£90.50 GBP pledged', 'Give up a little for a month. Lift up a lot.'].join('\n'));
    for (const [country, res] of [['NZ', nz], ['UK', uk]] as const) {
      expect(countrySlips(textOf(res.rawPayload)!, { country, today: '2026-11-23', dates: [] })).toEqual([]);
    }
  });

  it('answers 304 to a cache holding the same card, and a new card once the figures change', async () => {
    ctx.clock.set(TEST_NOW);
    const first = await get('/share-image/UK.png');
    expect((await get('/share-image/UK.png', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);

    await pledge('UK', ukCampaignId, 1000);
    // Within the totals' 5 s the card stays as it was; after it, the new figures make a new card.
    expect((await get('/share-image/UK.png')).headers.etag).toBe(first.headers.etag);
    ctx.clock.set(new Date(Date.parse(TEST_NOW) + 6_000).toISOString());
    const next = await get('/share-image/UK.png', { 'if-none-match': first.headers.etag as string });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(first.headers.etag);
    expect(textOf(next.rawPayload)).toContain('2 pledges\n£100.50 GBP pledged');
  });

  it('answers 404 for anything but a country card', async () => {
    for (const url of ['/share-image/US.png', '/share-image/nz.png', '/share-image/NZ.jpg']) expect((await get(url)).statusCode, url).toBe(404);
  });

  it('a milestone badge variant per country: the campaign card with the badge (docs/decisions/137)', async () => {
    ctx.clock.set(TEST_NOW);
    const nz = await get('/share-image/NZ-halfway.png');
    expect(nz.statusCode).toBe(200);
    expect(pngSize(nz.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(textOf(nz.rawPayload)).toBe(['Uplift · New Zealand', 'Halfway there', 'November Uplift Challenge', '2 pledges', '$230.00 NZD pledged', 'Give up a little for a month. Lift up a lot.'].join('\n'));
    const uk = await get('/share-image/UK-completed.png');
    expect(textOf(uk.rawPayload)!.split('\n').slice(0, 3)).toEqual(['Uplift · United Kingdom', 'Challenge complete', 'December Uplift Challenge']);
    expect(countrySlips(textOf(uk.rawPayload)!, { country: 'UK', today: '2026-11-23', dates: [] })).toEqual([]);
    // Its own card and version: the plain card is unchanged.
    expect(nz.headers.etag).not.toBe((await get('/share-image/NZ.png')).headers.etag);
    for (const url of ['/share-image/NZ-party.png', '/share-image/NZ-.png', '/share-image/NZ-Halfway.png']) expect((await get(url)).statusCode, url).toBe(404);
  });
});
