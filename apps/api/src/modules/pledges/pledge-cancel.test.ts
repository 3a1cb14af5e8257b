import { asMinor } from '@uplift/core/money';
import { MSG } from '@uplift/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, pledges } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createCampaign, createConfirmedPledge, createDonor, mailsTo, paymentRows, tokenFor } from '../billing/billing.test-support.ts';

// PUT /api/pledge/cancel (product-rules §4, §7), signed in: moved here from the summary module with the route.

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

describe('PUT /api/pledge/cancel', () => {
  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/pledge/cancel' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('answers 404 when the user has no pledge', async () => {
    const user = await createDonor(ctx.db);
    const cancel = await as(user.id, 'PUT', '/api/pledge/cancel');
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().message).toBe(MSG.noPledges);
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
      cost_per_unit: asMinor(350),
      confirmed_amount: asMinor(7000),
      pledge_status: 'Pending',
    });
    const res = await as(user.id, 'PUT', '/api/pledge/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cancelled_payments: 0, paid_amount: 0 });
    const [mail] = await mailsTo(ctx.db, user.email);
    expect(mail!.text_body).toContain('There were no remaining payments to cancel');
  });
});
