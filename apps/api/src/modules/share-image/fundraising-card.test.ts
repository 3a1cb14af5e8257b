import { countrySlips } from '@uplift/core/country-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spaPlugin from '../../plugins/spa.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { insertCampaign, insertPayment } from '../campaigns/campaigns.test-support.ts';
import { insertGift, insertPage, insertTeam, type TestPage } from './fundraising.test-support.ts';
import { fundraisingShareImage, publicFundraisingPaths } from './index.ts';
import { pngSize, readPngTexts } from './png-text.ts';
import { SHARE_CARD_TEXT_KEYWORD } from './share-card.render.ts';
import { createShareImageCache, type ShareImageDeps } from './share-image.service.ts';

// A challenge page's and a team's own preview card, and the sitemap's public pages and teams (docs/decisions/143).

describe('page and team share cards', () => {
  let ctx: TestContext;
  let deps: ShareImageDeps;
  let nzPage: TestPage;
  let ukPage: TestPage;
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const textOf = (payload: Buffer) => readPngTexts(payload)[SHARE_CARD_TEXT_KEYWORD];
  const pathOf = (url: string) => new URL(url).pathname;
  const meta = async (kind: 'page' | 'team', slug: string) => fundraisingShareImage(deps, kind, slug);

  beforeAll(async () => {
    ctx = await createTestContext();
    deps = { db: ctx.db, clock: ctx.clock, appUrl: ctx.config.appUrl, cache: createShareImageCache(ctx.clock) };
    const nz = await insertCampaign(ctx.db, { country: 'NZ', campaign_name: 'November Uplift Challenge', start_date: '2026-11-20', end_date: '2026-12-20' });
    const uk = await insertCampaign(ctx.db, { country: 'UK', campaign_name: 'December Uplift Challenge', start_date: '2026-11-20', end_date: '2026-12-20' });
    const team = await insertTeam(ctx.db, { campaignId: nz.id, slug: 'kids-crew', name: 'Kids Crew' });
    await insertTeam(ctx.db, { campaignId: nz.id, slug: 'hidden-crew', name: 'Hidden Crew', moderated: true });
    // KidsCan is NZ's second charity in the seed data; Coffees the first challenge.
    nzPage = await insertPage(ctx.db, { campaignId: nz.id, country: 'NZ', slug: 'aroha-coffee', displayName: 'Aroha T.', goal: 50000, pledged: 7000, charity: 1, teamId: team });
    await insertGift(ctx.db, nzPage, 2500);
    await insertGift(ctx.db, nzPage, 99900, 'pending');
    await insertGift(ctx.db, nzPage, 1000, 'failed');
    ukPage = await insertPage(ctx.db, { campaignId: uk.id, country: 'UK', slug: 'james-coffee', displayName: 'James W.', goal: 10000, pledged: 9050 });
    await insertGift(ctx.db, ukPage, 2000);
    // In the team too, unpublished: a member's pledge counts in the team's total whatever its page's state.
    await insertPage(ctx.db, { campaignId: nz.id, country: 'NZ', slug: 'draft-page', goal: 10000, pledged: 3000, published: false, teamId: team });
    await insertPage(ctx.db, { campaignId: nz.id, country: 'NZ', slug: 'hidden-page', moderated: true });
    await insertPage(ctx.db, { campaignId: nz.id, country: 'NZ', slug: 'escape-me', displayName: '<b>Jo & "Al"</b>\'', goal: 7000 });
  }, 60_000);
  afterAll(async () => ctx.close());

  it('serves a public page its own 1200×630 card: name, challenge, raised against the goal, in NZ money, cached for good', async () => {
    const image = await meta('page', 'aroha-coffee');
    expect(image).toMatchObject({ width: 1200, height: 630 });
    expect(image!.url).toMatch(new RegExp(`^${ctx.config.appUrl}/share-image/page-aroha-coffee-[0-9a-f]{16}\\.png$`));
    // Raised is money received (product-rules §21): the 25.00 gift; the 70.00 pledge has no week paid yet.
    const lines = ['Uplift · New Zealand', 'Aroha T.', 'Giving up coffees for KidsCan', '$25.00 NZD raised', '5% of the $500.00 NZD goal', 'Give up a little for a month. Lift up a lot.'];
    expect(image!.alt).toBe('Uplift · New Zealand. Aroha T. Giving up coffees for KidsCan. $25.00 NZD raised. 5% of the $500.00 NZD goal. Give up a little for a month. Lift up a lot.');

    const res = await get(pathOf(image!.url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(textOf(res.rawPayload)).toBe(lines.join('\n'));
    expect((await get(pathOf(image!.url), { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });

  it('speaks pounds for a UK page, and neither card slips into the other country', async () => {
    const image = await meta('page', 'james-coffee');
    const text = textOf((await get(pathOf(image!.url))).rawPayload)!;
    expect(text.split('\n')).toEqual(['Uplift · United Kingdom', 'James W.', 'Giving up coffees for Shelter', '£20.00 GBP raised', '20% of the £100.00 GBP goal', 'Give up a little for a month. Lift up a lot.']);
    expect(countrySlips(text, { country: 'UK', today: '2026-11-23', dates: [] })).toEqual([]);
    const nz = textOf((await get(pathOf((await meta('page', 'aroha-coffee'))!.url))).rawPayload)!;
    expect(countrySlips(nz, { country: 'NZ', today: '2026-11-23', dates: [] })).toEqual([]);
  });

  it('answers 404 for a draft, a hidden or an unknown page or team, and names no card for them', async () => {
    for (const [kind, slug] of [['page', 'draft-page'], ['page', 'hidden-page'], ['page', 'no-such-page'], ['team', 'hidden-crew'], ['team', 'no-such-team']] as const) {
      expect(await meta(kind, slug), slug).toBeUndefined();
      const res = await get(`/share-image/${kind}-${slug}-0123456789abcdef.png`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ message: 'No preview image here', code: 'share_image.not_found' });
    }
    for (const url of ['/share-image/page-aroha-coffee.png', '/share-image/page-aroha-coffee-0123.png', '/share-image/page-Aroha-coffee-0123456789abcdef.png', '/share-image/pages-aroha-coffee-0123456789abcdef.png']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('gets a new URL when what it shows changes; the old URL answers today\'s card, cached briefly', async () => {
    const before = await meta('page', 'james-coffee');
    expect((await meta('page', 'james-coffee'))!.url).toBe(before!.url);
    await insertGift(ctx.db, ukPage, 450);
    const after = await meta('page', 'james-coffee');
    expect(after!.url).not.toBe(before!.url);
    const fresh = await get(pathOf(after!.url));
    expect(textOf(fresh.rawPayload)).toContain('£24.50 GBP raised');
    const stale = await get(pathOf(before!.url));
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('public, max-age=300');
    expect(stale.headers.etag).toBe(fresh.headers.etag);
    // Hidden by an admin after it was shared: its card goes too.
    await ctx.db.$client.query(`update challenge_pages set moderated_at = now() where slug = 'james-coffee'`);
    expect((await get(pathOf(after!.url))).statusCode).toBe(404);
    await ctx.db.$client.query(`update challenge_pages set moderated_at = null where slug = 'james-coffee'`);
  });

  it('draws a name as written, markup and quotes included (never as markup)', async () => {
    const image = await meta('page', 'escape-me');
    const res = await get(pathOf(image!.url));
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(textOf(res.rawPayload)!.split('\n')[1]).toBe('<b>Jo & "Al"</b>\'');
    // The alt text is the plain words: escaping them is the head tags' business, as for any attribute.
    expect(image!.alt).toContain('<b>Jo & "Al"</b>\'. Giving up coffees for Youthline');
  });

  it('a team\'s card sums its public members\' pageRaised against their goals', async () => {
    const image = await meta('team', 'kids-crew');
    expect(image!.url).toMatch(/\/share-image\/team-kids-crew-[0-9a-f]{16}\.png$/);
    const res = await get(pathOf(image!.url));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The 25.00 gift (the pending and failed gifts not; the 70.00 pledge unpaid yet), of 500.00; the
    // unpublished member's pledge and goal are its own until it is published (docs/decisions/154).
    expect(textOf(res.rawPayload)!.split('\n')).toEqual(['Uplift · New Zealand', 'Kids Crew', 'A team of 1 in the November Uplift Challenge', '$25.00 NZD raised', '5% of the $500.00 NZD goal', 'Give up a little for a month. Lift up a lot.']);
  });

  it('calls a team with no member shown "a new team", never "a team of 0": none joined yet, or its one member hidden', async () => {
    const nz = (await ctx.db.$client.query(`select campaign_id as id from challenge_pages where slug = 'aroha-coffee'`)).rows[0].id as number;
    await insertTeam(ctx.db, { campaignId: nz, slug: 'empty-crew', name: 'Empty Crew' });
    const quiet = await insertTeam(ctx.db, { campaignId: nz, slug: 'quiet-crew', name: 'Quiet Crew' });
    await insertPage(ctx.db, { campaignId: nz, country: 'NZ', slug: 'quiet-member', goal: 10000, moderated: true, teamId: quiet });
    try {
      for (const slug of ['empty-crew', 'quiet-crew']) {
        const image = await meta('team', slug);
        const line = textOf((await get(pathOf(image!.url))).rawPayload)!.split('\n')[2];
        expect(line, slug).toBe('A new team in the November Uplift Challenge');
        expect(image!.alt, slug).not.toContain('team of 0');
      }
    } finally {
      // The sitemap's tests below count the public teams: these two leave with the test.
      await ctx.db.$client.query(`delete from challenge_pages where slug = 'quiet-member'`);
      await ctx.db.$client.query(`delete from teams where slug in ('empty-crew', 'quiet-crew')`);
    }
  });

  it('counts what pageRaised() counts, money received: a refund comes off, a week not paid yet nothing, a cancelled pledge its paid weeks, a pending one nothing', async () => {
    const nz = (await ctx.db.$client.query(`select campaign_id as id from challenge_pages where slug = 'aroha-coffee'`)).rows[0].id as number;
    const raisedLine = async (slug: string) => textOf((await get(pathOf((await meta('page', slug))!.url))).rawPayload)!.split('\n')[3];
    const pledgeOf = async (page: TestPage) => (await ctx.db.$client.query(`select pledge_id from challenge_pages where id = $1`, [page.id])).rows[0].pledge_id as number;
    const refund = (paymentId: number, amount: number, status: string) =>
      ctx.db.$client.query(
        `insert into refunds (payment_id, amount, reason, status, idempotency_key, created_at) values ($1, $2, 'test refund', $3, gen_random_uuid()::text, now())`,
        [paymentId, amount, status],
      );

    // Confirmed at 80.00, its one 20.00 week received refunded 5.00 (a pending refund not yet), a 10.00 gift: 25.00
    // (the 60.00 not paid yet is pledged, not raised).
    const confirmed = await insertPage(ctx.db, { campaignId: nz, country: 'NZ', slug: 'refunded-page', pledged: 8000 });
    const paid = await insertPayment(ctx.db, { pledge_id: await pledgeOf(confirmed), amount: 2000, processing_date: '2026-11-20', payment_status: 'Success' });
    await refund(paid.id, 500, 'succeeded');
    await refund(paid.id, 700, 'pending');
    await insertGift(ctx.db, confirmed, 1000);
    expect(await raisedLine('refunded-page')).toBe('$25.00 NZD raised');

    // Cancelled after two paid weeks of 20.00 (a failed one not), 3.00 of one refunded: 37.00.
    const cancelled = await insertPage(ctx.db, { campaignId: nz, country: 'NZ', slug: 'cancelled-page', pledged: 8000 });
    const pledgeId = await pledgeOf(cancelled);
    await ctx.db.$client.query(`update pledges set pledge_status = 'Cancelled' where id = $1`, [pledgeId]);
    const week1 = await insertPayment(ctx.db, { pledge_id: pledgeId, amount: 2000, processing_date: '2026-11-20', payment_status: 'Success' });
    await insertPayment(ctx.db, { pledge_id: pledgeId, amount: 2000, processing_date: '2026-11-27', payment_status: 'Success' });
    await insertPayment(ctx.db, { pledge_id: pledgeId, amount: 2000, processing_date: '2026-12-04', payment_status: 'Failed' });
    await refund(week1.id, 300, 'succeeded');
    expect(await raisedLine('cancelled-page')).toBe('$37.00 NZD raised');

    // Pending: the pledge counts nothing, its gifts do.
    const pending = await insertPage(ctx.db, { campaignId: nz, country: 'NZ', slug: 'pending-page', pledged: 8000 });
    await ctx.db.$client.query(`update pledges set pledge_status = 'Pending' where id = $1`, [await pledgeOf(pending)]);
    await insertGift(ctx.db, pending, 1500);
    expect(await raisedLine('pending-page')).toBe('$15.00 NZD raised');
  });

  describe('/sitemap.xml', () => {
    it('lists the public pages and teams, and nothing that is a draft or hidden', async () => {
      ctx.clock.set(TEST_NOW);
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(ctx.config.appUrl, ''));
      expect(locs).toEqual(['/p/aroha-coffee', '/p/james-coffee', '/p/escape-me', '/p/refunded-page', '/p/cancelled-page', '/p/pending-page', '/t/kids-crew']);
    });

    it('past the per-file limit, becomes an index of files each within the limit', async () => {
      const app = Fastify();
      await app.register(spaPlugin, { webDist: '/nonexistent', appUrl: 'https://uplift.example', sitemapPaths: publicFundraisingPaths(ctx.db), sitemapLimit: 3 });
      try {
        const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
        expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
        expect([...index.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual(['https://uplift.example/sitemap/1.xml', 'https://uplift.example/sitemap/2.xml', 'https://uplift.example/sitemap/3.xml']);
        const files = await Promise.all([1, 2, 3].map((n) => app.inject({ method: 'GET', url: `/sitemap/${n}.xml` })));
        const locs = files.map((f) => [...f.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace('https://uplift.example', '')));
        expect(locs).toEqual([['/p/aroha-coffee', '/p/james-coffee', '/p/escape-me'], ['/p/refunded-page', '/p/cancelled-page', '/p/pending-page'], ['/t/kids-crew']]);
        for (const url of ['/sitemap/4.xml', '/sitemap/0.xml', '/sitemap/x.xml']) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      } finally {
        await app.close();
      }
    });
  });
});
