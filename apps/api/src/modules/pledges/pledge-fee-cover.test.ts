import { asMinor } from '@uplift/core/money';
import { feeCoverMinor } from '@uplift/core/fees';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mails, payments } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { bill, createCampaign as createBillingCampaign, createConfirmedPledge, createDonor, fakeProvider, paymentRows, tokenFor } from '../billing/billing.test-support.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { receiptFactsFor } from './pledge-documents.service.ts';
import { call, createCampaign, createUser, referenceIds, saveTestCard } from '../payments/payments.test-support.ts';

// Covering the card fee (product-rules §15 "Covering the card fee"; docs/decisions/135-cover-the-card-fee.md),
// on the real database: chosen at confirm, changed later until the next charge, charged with each
// weekly payment on top of the gift, on the receipt as its own line, and apart in the admin report.

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof referenceIds>>;
let campaignId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await referenceIds(ctx, 'NZ');
  campaignId = await createCampaign(ctx, { country: 'NZ', start: '2026-11-20', end: '2026-12-20', billing: '2026-11-25' });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => ctx.clock.set(TEST_NOW));

const coffees = { campaign_id: 0, number_of_units: 5, cost_per_unit: 3.5, confirmed_amount: 70, period: 'weekly' };

async function confirmed(extra: Record<string, unknown>) {
  const user = await createUser(ctx, { firstName: 'Aroha' });
  const card = await saveTestCard(ctx, user);
  const made = await call(ctx, 'POST', '/api/pledge', {
    token: user.token,
    body: { ...coffees, campaign_id: campaignId, challenge_id: ids.challengeId, recipient_id: ids.recipientId },
  });
  expect(made.statusCode, made.body).toBe(201);
  const res = await call(ctx, 'PUT', '/api/pledge/confirmed', { token: user.token, body: { payment_method_id: String(card.id), ...extra } });
  return { user, pledgeId: made.json().id as number, res };
}

describe('choosing at confirm', () => {
  it('adds the exact weekly extra to each payment when ticked, and says so in the mail', async () => {
    const { user, pledgeId, res } = await confirmed({ cover_fee: true });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await paymentRows(ctx.db, pledgeId);
    expect(rows.map((p) => [p.amount, p.fee_cover])).toEqual([
      [1750, 83],
      [1750, 83],
      [1750, 83],
      [1750, 83],
    ]);
    expect(feeCoverMinor(asMinor(1750), 'NZ')).toBe(83);
    const [mail] = await ctx.db.select().from(mails).where(and(eq(mails.to_address, user.email), eq(mails.kind, 'pledge-confirmed')));
    expect(mail!.text_body).toContain('25/11/2026: $18.33 NZD (your gift $17.50 and $0.83 to cover the card fee)');
    expect(mail!.text_body).toContain('covered by your weekly extra');
  });

  it('keeps the extra with a skipped week: the skip mail lists what each date will charge', async () => {
    const { user, pledgeId } = await confirmed({ cover_fee: true });
    const res = await call(ctx, 'POST', `/api/pledge/${pledgeId}/skip`, { token: user.token, body: { week: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentRows(ctx.db, pledgeId)).map((p) => [p.processing_date, p.fee_cover])).toEqual([
      ['2026-11-25', 83],
      ['2026-12-09', 83],
      ['2026-12-16', 83],
      ['2026-12-23', 83],
    ]);
    const [mail] = await ctx.db.select().from(mails).where(and(eq(mails.to_address, user.email), eq(mails.kind, 'pledge-skipped')));
    expect(mail!.text_body).toContain('23/12/2026: $18.33 NZD');
  });

  it('names the charge wherever a weekly payment is named: the pledge answers, the mails (decision 144)', async () => {
    const { user, pledgeId, res } = await confirmed({ cover_fee: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payments.map((p: { amount: number; fee_cover: number }) => [p.amount, p.fee_cover])).toEqual(Array(4).fill([17.5, 0.83]));
    const own = await call(ctx, 'GET', `/api/pledge/${pledgeId}`, { token: user.token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().payments.map((p: { amount: number; fee_cover: number }) => [p.amount, p.fee_cover])).toEqual(Array(4).fill([17.5, 0.83]));
    const [mail] = await ctx.db.select().from(mails).where(and(eq(mails.to_address, user.email), eq(mails.kind, 'pledge-confirmed')));
    // The total says the cover is not in it: 4 × $0.83 on top of the $70.00.
    expect(mail!.text_body).toMatch(/pledged \$70\.00 NZD to [^.]+ \+ \$3\.32 NZD card fee cover\./);

    const skip = await call(ctx, 'POST', `/api/pledge/${pledgeId}/skip`, { token: user.token, body: { week: 2 } });
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json().payments.every((p: { fee_cover: number }) => p.fee_cover === 0.83)).toBe(true);
    const [skipped] = await ctx.db.select().from(mails).where(and(eq(mails.to_address, user.email), eq(mails.kind, 'pledge-skipped')));
    expect(skipped!.text_body).toContain('That payment of $18.33 NZD to');
    const undo = await call(ctx, 'DELETE', `/api/pledge/${pledgeId}/skip`, { token: user.token });
    expect(undo.statusCode, undo.body).toBe(200);
    const undone = await ctx.db.select().from(mails).where(and(eq(mails.to_address, user.email), eq(mails.kind, 'pledge-skipped')));
    expect(undone.map((m) => m.text_body).join('\n')).toContain('your payment of $18.33 NZD to');
  });

  it('adds nothing when unticked or left out, and names the field of a bad value', async () => {
    for (const extra of [{}, { cover_fee: false }]) {
      const { pledgeId, res } = await confirmed(extra);
      expect(res.statusCode).toBe(200);
      expect((await paymentRows(ctx.db, pledgeId)).every((p) => p.fee_cover === 0)).toBe(true);
    }
    const { res } = await confirmed({ cover_fee: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'cover_fee', message: 'cover_fee must be true or false' }]);
  });
});

describe('PUT /api/pledge/:id/fee-cover', () => {
  it('changes the payments not yet charged, from the next one on, both ways', async () => {
    const campaign = await createBillingCampaign(ctx.db);
    const { user, pledge, payments: rows } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    await ctx.db.update(payments).set({ payment_status: 'Success', settled_at: new Date() }).where(eq(payments.id, rows[0]!.id));
    const put = async (cover_fee: unknown) =>
      ctx.app.inject({ method: 'PUT', url: `/api/pledge/${pledge.id}/fee-cover`, payload: { cover_fee }, headers: { authorization: `Bearer ${await tokenFor(ctx, user.id)}` } });

    const on = await put(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ pledge_id: pledge.id, cover_fee: true, payments_changed: 3 });
    expect((await paymentRows(ctx.db, pledge.id)).map((p) => p.fee_cover)).toEqual([0, 83, 83, 83]);
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/payment/', headers: { authorization: `Bearer ${await tokenFor(ctx, user.id)}` } })).json();
    expect(listed.map((p: { fee_cover: number }) => p.fee_cover)).toEqual([0, 0.83, 0.83, 0.83]);

    const off = await put(false);
    expect(off.json()).toMatchObject({ cover_fee: false, payments_changed: 3 });
    expect((await paymentRows(ctx.db, pledge.id)).map((p) => p.fee_cover)).toEqual([0, 0, 0, 0]);

    expect((await put('no')).statusCode).toBe(400);
    const stranger = await createDonor(ctx.db);
    const theirs = await ctx.app.inject({ method: 'PUT', url: `/api/pledge/${pledge.id}/fee-cover`, payload: { cover_fee: true }, headers: { authorization: `Bearer ${await tokenFor(ctx, stranger.id)}` } });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses a cancelled pledge and one with nothing left to charge', async () => {
    const campaign = await createBillingCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, dates: ['2026-11-23'] });
    const auth = { authorization: `Bearer ${await tokenFor(ctx, user.id)}` };
    await ctx.db.update(payments).set({ payment_status: 'Success', settled_at: new Date() }).where(eq(payments.pledge_id, pledge.id));
    const none = await ctx.app.inject({ method: 'PUT', url: `/api/pledge/${pledge.id}/fee-cover`, payload: { cover_fee: true }, headers: auth });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('pledge.fee_cover_no_payments_left');
    await ctx.app.inject({ method: 'PUT', url: '/api/pledge/cancel', headers: auth });
    const cancelled = await ctx.app.inject({ method: 'PUT', url: `/api/pledge/${pledge.id}/fee-cover`, payload: { cover_fee: true }, headers: auth });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().code).toBe('pledge.fee_cover_not_confirmed');
  });
});

describe('charging, the receipt and the report', () => {
  it('charges the gift and its fee cover together; the receipt and report show the cover apart', async () => {
    const campaign = await createBillingCampaign(ctx.db);
    const { user, pledge, recipient } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    await ctx.db.update(payments).set({ fee_cover: 83 as never }).where(eq(payments.pledge_id, pledge.id));
    const provider = fakeProvider();
    await bill(ctx, provider, { asOf: '2026-11-23' });
    const mine = provider.calls.filter((c) => c.metadata.pledge_id === String(pledge.id));
    expect(mine.map((c) => c.amountMinor)).toEqual([1833]);

    const [receiptMail] = await ctx.db.select().from(mails).where(and(eq(mails.to_address, user.email), eq(mails.kind, 'payment-receipt')));
    expect(receiptMail!.text_body).toContain('Your weekly gift: $17.50');
    expect(receiptMail!.text_body).toContain('Card fee cover (part of your gift): $0.83');

    const facts = await receiptFactsFor(ctx.db, user.id, pledge.id, ctx.clock.now());
    expect(facts!.payments).toEqual([expect.objectContaining({ amountMinor: 1750, feeCoverMinor: 83 })]);

    const { adminAuth } = await adminAndUser(ctx);
    const report = await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaign.id}/report`, headers: adminAuth });
    expect(report.statusCode, report.body).toBe(200);
    const row = report.json().charities.find((c: { recipient_id: number }) => c.recipient_id === recipient.id);
    // 18.33 charged: fee 2.9% (0.53) + 0.30 = 0.83; the charity nets the whole 17.50.
    expect(row).toMatchObject({ collected: 17.5, fee_cover: 0.83, fees: 0.83, net: 17.5, owed: 17.5 });
    expect(report.json().total).toMatchObject({ fee_cover: 0.83, net: 17.5 });
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaign.id}/report.csv`, headers: adminAuth });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Card fee covered by donors');
  });
});
