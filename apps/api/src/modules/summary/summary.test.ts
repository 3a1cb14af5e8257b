import { MSG } from '@uplift/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, pledges } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCampaign, createConfirmedPledge, createDonor, mailsTo, paymentRows, tokenFor } from '../billing/billing.test-helpers.ts';

// GET /api/payment/, GET /api/campaign/closest and PUT /api/pledge/cancel (SPEC §7), signed in.

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
      ['PUT', '/api/pledge/cancel'],
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
      .set({ payment_status: 'Failed', failure_reason: 'Your card was declined.' })
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
      failure_reason: 'Your card was declined.',
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
    const cancel = await as(user.id, 'PUT', '/api/pledge/cancel');
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().message).toBe(MSG.noPledges);
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

  it('cancels the pledge and its remaining payments in one go, keeps paid ones, mails, and refuses a second time', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-16', start: '2026-11-10' });
    const { user, pledge, payments: rows, recipient } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 2500 });
    await ctx.db.update(payments).set({ payment_status: 'Success', settled_at: new Date() }).where(eq(payments.id, rows[0]!.id));

    const res = await as(user.id, 'PUT', '/api/pledge/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your pledge has been cancelled',
      pledge_id: pledge.id,
      pledge_status: 'Cancelled',
      cancelled_payments: 3,
      paid_amount: 25,
    });
    expect((await paymentRows(ctx.db, pledge.id)).map((p) => p.payment_status)).toEqual(['Success', 'Cancelled', 'Cancelled', 'Cancelled']);
    const [after] = await ctx.db.select().from(pledges).where(eq(pledges.id, pledge.id));
    expect(after!.pledge_status).toBe('Cancelled');
    expect(after!.cancelled_at).not.toBeNull();

    const [mail] = await mailsTo(ctx.db, user.email);
    expect(mail!.kind).toBe('pledge-cancelled');
    expect(mail!.subject).toBe('Your Uplift pledge has been cancelled');
    expect(mail!.text_body).toContain(`cancelled your pledge to ${recipient.recipient_name}`);
    expect(mail!.text_body).toContain('3 remaining weekly payments have been cancelled');
    expect(mail!.text_body).toContain('The $25.00 you have already given stays with');

    const again = await as(user.id, 'PUT', '/api/pledge/cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your pledge is already cancelled');
    // The payments still show, for the record.
    expect((await as(user.id, 'GET', '/api/payment/')).json()).toHaveLength(4);
  });

  it('cancels a pledge that was never paid for', async () => {
    const campaign = await createCampaign(ctx.db);
    const user = await createDonor(ctx.db);
    await ctx.db.insert(pledges).values({
      user_id: user.id,
      campaign_id: campaign.id,
      challenge_id: 1,
      recipient_id: 1,
      number_of_units: 5,
      cost_per_unit: 350,
      confirmed_amount: 7000,
      pledge_status: 'Pending',
    });
    const res = await as(user.id, 'PUT', '/api/pledge/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cancelled_payments: 0, paid_amount: 0 });
    const [mail] = await mailsTo(ctx.db, user.email);
    expect(mail!.text_body).toContain('There were no remaining payments to cancel');
  });
});
