import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignChallenges, campaignRecipients, payments, pledges } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { challengeIds, insertCampaign, insertPayment, insertPledge, recipientIds } from '../campaigns/campaigns.test-support.ts';

const PATHS = ['campaign', 'campaign-amount', 'challenge', 'challenge-amount', 'recipient', 'recipient-amount'] as const;

describe('pledge totals', () => {
  let ctx: TestContext;
  let c: number[];
  let r: number[];
  let campaignId: number;
  let pendingId: number;
  let confirmedId: number;

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const totals = async (country: string) =>
    Object.fromEntries(await Promise.all(PATHS.map(async (p) => [p, (await get(`/api/pledge/total/${p}/${country}`)).json()])));
  /** Moves the clock past the in-process cache's lifetime. */
  const later = (seconds: number) => ctx.clock.set(new Date(Date.parse(TEST_NOW) + seconds * 1000).toISOString());

  beforeAll(async () => {
    ctx = await createTestContext();
    c = await challengeIds(ctx.db);
    r = await recipientIds(ctx.db, 'NZ');
    const campaign = await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-20', end_date: '2026-12-20', billing_start_date: '2026-11-23' });
    campaignId = campaign.id;
    const other = await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-12-21', end_date: '2027-01-20' });
    const pledge = (challenge: number, recipient: number, amount: number, status: 'Pending' | 'Confirmed' | 'Cancelled', campaign = campaignId) =>
      insertPledge(ctx.db, { campaign_id: campaign, challenge_id: c[challenge]!, recipient_id: r[recipient]!, confirmed_amount: amount, pledge_status: status });

    confirmedId = (await pledge(0, 0, 7000, 'Confirmed')).id;
    await pledge(0, 1, 16000, 'Confirmed');
    await pledge(5, 2, 12000, 'Confirmed');
    pendingId = (await pledge(1, 0, 5000, 'Pending')).id;
    // Cancelled after one successful payment: counted, with what was paid.
    const paidThenCancelled = await pledge(2, 0, 9000, 'Cancelled');
    await insertPayment(ctx.db, { pledge_id: paidThenCancelled.id, amount: 2250, processing_date: '2026-11-23', payment_status: 'Success' });
    await insertPayment(ctx.db, { pledge_id: paidThenCancelled.id, amount: 2250, processing_date: '2026-11-30', payment_status: 'Cancelled' });
    // Cancelled before anything was paid: not counted.
    const neverPaid = await pledge(3, 1, 4000, 'Cancelled');
    await insertPayment(ctx.db, { pledge_id: neverPaid.id, amount: 1000, processing_date: '2026-11-23', payment_status: 'Failed' });
    await insertPayment(ctx.db, { pledge_id: neverPaid.id, amount: 1000, processing_date: '2026-11-30', payment_status: 'Cancelled' });
    // Another campaign's pledge: not in this campaign's totals.
    await pledge(4, 2, 99900, 'Confirmed', other.id);
  }, 60_000);
  afterAll(async () => ctx.close());

  it('counts Confirmed pledges and Cancelled ones with a Success payment, amounts as decimals', async () => {
    ctx.clock.set(TEST_NOW);
    expect(await totals('NZ')).toEqual({
      campaign: 4,
      'campaign-amount': 372.5,
      challenge: [2, 0, 1, 0, 0, 1],
      'challenge-amount': [230, 0, 22.5, 0, 0, 120],
      recipient: [2, 1, 1],
      'recipient-amount': [92.5, 160, 120],
    });
  });

  it('answers JSON numbers that browsers and CDNs may cache for a few seconds', async () => {
    const res = await get('/api/pledge/total/campaign-amount/NZ');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    expect(res.body).toBe('372.5');
  });

  it('follows confirming and cancelling pledges once the short cache has expired', async () => {
    ctx.clock.set(TEST_NOW);
    await totals('NZ'); // warm the cache at TEST_NOW
    await ctx.db.update(pledges).set({ pledge_status: 'Confirmed' }).where(eq(pledges.id, pendingId));
    await ctx.db.update(pledges).set({ pledge_status: 'Cancelled' }).where(eq(pledges.id, confirmedId));

    later(4);
    expect((await totals('NZ')).campaign).toBe(4); // still the cached figures

    later(5);
    expect(await totals('NZ')).toEqual({
      campaign: 4,
      'campaign-amount': 352.5, // -70 (cancelled, nothing paid) +50 (confirmed)
      challenge: [1, 1, 1, 0, 0, 1],
      'challenge-amount': [160, 50, 22.5, 0, 0, 120],
      recipient: [2, 1, 1],
      'recipient-amount': [72.5, 160, 120],
    });

    // A payment of the cancelled pledge that had succeeded brings it back, with what was paid.
    await insertPayment(ctx.db, { pledge_id: confirmedId, amount: 1750, processing_date: '2026-11-23', payment_status: 'Success' });
    later(10);
    const t = await totals('NZ');
    expect(t.campaign).toBe(5);
    expect(t['campaign-amount']).toBe(370);
    expect(t['challenge-amount'][0]).toBe(177.5);
  });

  it('aligns the lists with the campaign’s narrowed challenges and charities', async () => {
    await ctx.db.insert(campaignChallenges).values([c[5], c[0]].map((id) => ({ campaign_id: campaignId, challenge_id: id! })));
    await ctx.db.insert(campaignRecipients).values({ campaign_id: campaignId, recipient_id: r[1]! });
    later(20);
    const offered = (await get('/api/challenge/campaign/NZ')).json().map((x: { id: number }) => x.id);
    const offeredRecipients = (await get('/api/recipient/campaign/NZ')).json().map((x: { id: number }) => x.id);
    expect(offered).toEqual([c[0], c[5]]);
    expect(offeredRecipients).toEqual([r[1]]);
    const t = await totals('NZ');
    expect(t.challenge).toEqual([2, 1]);
    expect(t['challenge-amount']).toEqual([177.5, 120]);
    expect(t.recipient).toEqual([1]);
    expect(t['recipient-amount']).toEqual([160]);
    // The campaign totals still count every counted pledge.
    expect(t.campaign).toBe(5);
    await ctx.db.delete(campaignChallenges);
    await ctx.db.delete(campaignRecipients);
  });

  it('answers 404 {message} for a country without an open campaign', async () => {
    for (const p of PATHS) {
      const res = await get(`/api/pledge/total/${p}/UK`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'There is no open campaign in United Kingdom right now' });
    }
  });

  it('answers 400 {message} for a country other than NZ or UK', async () => {
    for (const p of PATHS) {
      for (const country of ['AU', 'nz', '1', 'NZL']) {
        const res = await get(`/api/pledge/total/${p}/${country}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: 'Country must be NZ or UK' });
      }
    }
  });

  it('ignores payments that are not Success when deciding whether a cancelled pledge counts', async () => {
    await ctx.db.delete(payments).where(eq(payments.pledge_id, confirmedId));
    await insertPayment(ctx.db, { pledge_id: confirmedId, amount: 1750, processing_date: '2026-11-23', payment_status: 'Pending' });
    later(30);
    expect((await totals('NZ')).campaign).toBe(4);
  });
});
