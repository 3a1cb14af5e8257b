import { MSG } from '@uplift/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCampaign, createConfirmedPledge, createDonor, tokenFor } from '../billing/billing.test-support.ts';

// GET /api/payment/ and GET /api/campaign/closest (product-rules §7), signed in. Cancelling: modules/pledges.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function as(userId: number, method: 'GET' | 'PUT', url: string) {
  return ctx.app.inject({ method, url, headers: { authorization: `Bearer ${await tokenFor(ctx, userId)}` } });
}

describe('summary API', () => {
  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/payment/'],
      ['GET', '/api/payment'],
      ['GET', '/api/campaign/closest'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("lists the payments of the user's closest pledge, amounts as decimals, in date order", async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-23' });
    const mine = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1234 });
    await createConfirmedPledge(ctx.db, { campaignId: campaign.id }); // someone else's
    await ctx.db
      .update(payments)
      .set({ payment_status: 'Failed', failure_reason: 'insufficient_funds', next_retry_date: '2026-11-25' })
      .where(eq(payments.id, mine.payments[0]!.id));

    const res = await as(mine.user.id, 'GET', '/api/payment/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(4);
    expect(body[0]).toEqual({
      id: mine.payments[0]!.id,
      pledge_id: mine.pledge.id,
      payment_status: 'Failed',
      processing_date: '2026-11-23',
      amount: 12.34,
      refunded: 0,
      fee_cover: 0,
      failure_reason: 'insufficient_funds',
      next_retry_date: '2026-11-25',
      skipped_from: null,
      action: 'pay_now',
      payment_method_id: mine.method.id,
      stripe_payment_method_id: mine.method.stripe_payment_method_id,
    });
    expect(body.map((p: { processing_date: string }) => p.processing_date)).toEqual(['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14']);
    expect((await as(mine.user.id, 'GET', '/api/payment')).json()).toEqual(body);
  });

  it('answers an empty list, and 404 for the campaign, when the user has no pledge', async () => {
    const user = await createDonor(ctx.db);
    expect((await as(user.id, 'GET', '/api/payment/')).json()).toEqual([]);
    const campaign = await as(user.id, 'GET', '/api/campaign/closest');
    expect(campaign.statusCode).toBe(404);
    expect(campaign.json().message).toBe(MSG.noPledges);
  });

  it("answers the campaign of the user's closest pledge", async () => {
    const campaign = await createCampaign(ctx.db, { country: 'UK', billingStart: '2026-11-25', start: '2026-11-21', end: '2026-12-21' });
    const { user } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, country: 'UK' });
    const res = await as(user.id, 'GET', '/api/campaign/closest');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: campaign.id,
      campaign_name: 'November Uplift Challenge',
      country: 'UK',
      start_date: '2026-11-21',
      end_date: '2026-12-21',
      billing_start_date: '2026-11-25',
    });
  });

  it('leaves the public campaign routes beside it alone', async () => {
    // /api/campaign/closest/:country is public; /api/campaign/:id never sees 'closest'.
    const byCountry = await ctx.app.inject({ method: 'GET', url: '/api/campaign/closest/NZ' });
    expect(byCountry.statusCode).not.toBe(401);
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/api/campaign/closest' });
    expect(signedOut.statusCode).toBe(401);
  });
});
