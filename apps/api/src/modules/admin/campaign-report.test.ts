import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES } from '@uplift/core/schemas/campaign-report';
import { todayInCountry } from '@uplift/core/calendar';
import { asMinor } from '@uplift/core/money';
import { challenges, payouts } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser, insertCampaign, insertPayment, insertPledge, insertUser, recipientsOf } from './admin.test-support.ts';

/**
 * A hand-computed NZ campaign (fees 2.9% + 30c per Success charge, the percentage rounded half-up
 * to the cent: 17.50 → 0.51 + 0.30 = 0.81; 10.00 → 0.29 + 0.30 = 0.59; 15.00 → 0.435 → 0.44 + 0.30
 * = 0.74; 10.50 → 0.3045 → 0.30 + 0.30 = 0.60).
 *
 *  P1 Youthline / challenge 1, Confirmed 70.00: 17.50 Success ×2, 17.50 Failed, 17.50 Pending
 *  P2 Youthline / challenge 1, Confirmed 40.00: 10.00 Success, 10.00 Pending ×3
 *  P6 Youthline / challenge 2, Confirmed 42.00: 10.50 Success ×2, 10.50 Pending ×2
 *  P3 KidsCan / challenge 2, Cancelled after paying 15.00: 15.00 Success, 15.00 Cancelled ×3
 *  P4 KidsCan / challenge 2, Cancelled before paying: 5.00 Cancelled ×4 (not counted)
 *  P5 KidsCan / challenge 1, Pending (no card): ignored
 *  Payouts to Youthline: 50.00, then a correction of −2.50.
 */
describe('campaign report and payouts', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let userAuth: Record<string, string>;
  let campaignId: number;
  let nz: { id: number; recipient_name: string }[];
  let challengeIds: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth, userAuth } = await adminAndUser(ctx));
    nz = await recipientsOf(ctx, 'NZ');
    challengeIds = (await ctx.db.select({ id: challenges.id }).from(challenges).orderBy(challenges.id)).map((c) => c.id);
    const campaign = await insertCampaign(ctx, { start_date: '2026-11-20', end_date: '2026-12-20', billing_start_date: '2026-11-20' });
    campaignId = campaign.id;
    const dates = ['2026-11-20', '2026-11-27', '2026-12-04', '2026-12-11'];
    const pledge = async (
      recipient: number,
      challenge: number,
      status: 'Confirmed' | 'Cancelled' | 'Pending',
      amount: number,
      payments: ('Success' | 'Failed' | 'Pending' | 'Cancelled')[],
    ) => {
      const user = await insertUser(ctx);
      const p = await insertPledge(ctx, {
        user_id: user.id,
        campaign_id: campaignId,
        recipient_id: nz[recipient]!.id,
        challenge_id: challengeIds[challenge]!,
        confirmed_amount: amount * 4,
        pledge_status: status,
        confirmed_at: status === 'Pending' ? null : new Date('2026-11-20T01:00:00Z'),
      });
      for (const [i, payment_status] of payments.entries()) {
        await insertPayment(ctx, { pledge_id: p.id, processing_date: dates[i]!, amount, payment_status });
      }
    };
    await pledge(0, 0, 'Confirmed', 1750, ['Success', 'Success', 'Failed', 'Pending']);
    await pledge(0, 0, 'Confirmed', 1000, ['Success', 'Pending', 'Pending', 'Pending']);
    await pledge(0, 1, 'Confirmed', 1050, ['Success', 'Success', 'Pending', 'Pending']);
    await pledge(1, 1, 'Cancelled', 1500, ['Success', 'Cancelled', 'Cancelled', 'Cancelled']);
    await pledge(1, 1, 'Cancelled', 500, ['Cancelled', 'Cancelled', 'Cancelled', 'Cancelled']);
    await pledge(1, 0, 'Pending', 2000, []);
  });
  afterAll(async () => ctx.close());

  const report = async () => ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/report`, headers: adminAuth });
  const payout = (payload: object, headers = adminAuth, campaign = campaignId) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/campaigns/${campaign}/payouts`, payload, headers });
  const correct = (payoutId: number, payload: object, headers = adminAuth, campaign = campaignId) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/campaigns/${campaign}/payouts/${payoutId}/corrections`, payload, headers });
  const charityRow = async (campaign: number, recipientId: number) => {
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaign}/report`, headers: adminAuth })).json();
    return body.charities.find((c: { recipient_id: number }) => c.recipient_id === recipientId) as { paid_out: number; owed: number };
  };

  /**
   * A campaign where $33.38 is owed to KidsCan: two Success charges of 17.50 (35.00 collected),
   * each with 0.51 + 0.30 of fees (1.62), so 33.38 to pass on.
   */
  async function campaignOwingKidsCan(): Promise<number> {
    const campaign = await insertCampaign(ctx, { start_date: '2026-11-20', end_date: '2026-12-20', billing_start_date: '2026-11-20' });
    const user = await insertUser(ctx);
    const p = await insertPledge(ctx, { user_id: user.id, campaign_id: campaign.id, recipient_id: nz[1]!.id, confirmed_amount: 7000 });
    for (const [i, payment_status] of (['Success', 'Success', 'Pending', 'Pending'] as const).entries()) {
      await insertPayment(ctx, { pledge_id: p.id, processing_date: ['2026-11-20', '2026-11-27', '2026-12-04', '2026-12-11'][i]!, amount: 1750, payment_status });
    }
    expect(await charityRow(campaign.id, nz[1]!.id)).toMatchObject({ owed: 33.38, paid_out: 0 });
    return campaign.id;
  }
  const kidsCan = (amount: number, reference = 'BANK-K') => ({ recipient_id: nz[1]!.id, amount, paid_on: '2026-12-15', reference });

  it('is for admins only and answers 404 for an unknown campaign', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/report` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/report`, headers: userAuth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/campaigns/999999/report', headers: adminAuth })).statusCode).toBe(404);
  });

  it('records payouts append-only, corrections naming their payout and why; refuses bad ones with a message', async () => {
    const first = await payout({ recipient_id: nz[0]!.id, amount: 50, paid_on: '2026-12-15', reference: 'BANK-001' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: 50, recipient_name: 'Youthline', reference: 'BANK-001', paid_on: '2026-12-15', corrects_payout_id: null, reason: null });
    const fix = await correct(first.json().id, { amount: 2.5, reason: ' The bank took a 2.50 fee ' });
    expect(fix.statusCode).toBe(201);
    expect(fix.json()).toMatchObject({
      amount: -2.5,
      recipient_id: nz[0]!.id,
      recipient_name: 'Youthline',
      reference: 'BANK-001',
      paid_on: todayInCountry('NZ', ctx.clock.now()),
      corrects_payout_id: first.json().id,
      reason: 'The bank took a 2.50 fee',
    });

    const bad: [object, string][] = [
      [{ amount: 0 }, PAYOUT_MESSAGES.amountNotPositive],
      [{ amount: -2.5 }, PAYOUT_MESSAGES.amountNotPositive],
      [{ amount: 1.234 }, PAYOUT_MESSAGES.amountInvalid],
      [{ amount: 99999999 }, PAYOUT_MESSAGES.amountTooLarge],
      [{ amount: '5' }, PAYOUT_MESSAGES.amountInvalid],
      [{ paid_on: '2026-02-30' }, PAYOUT_MESSAGES.dateInvalid],
      [{ reference: ' ' }, PAYOUT_MESSAGES.referenceRequired],
      [{ recipient_id: (await recipientsOf(ctx, 'UK'))[0]!.id }, PAYOUT_MESSAGES.recipientNotInCampaign],
    ];
    for (const [change, message] of bad) {
      const res = await payout({ recipient_id: nz[0]!.id, amount: 10, paid_on: '2026-12-15', reference: 'X', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    // Too large is said as too large, not as a matter of decimal places.
    expect(PAYOUT_MESSAGES.amountTooLarge).not.toMatch(/decimal/);
    // Every refused field at once, each with its path.
    const all = await payout({ recipient_id: 0, amount: 1.234, paid_on: 'soon', reference: '' });
    expect(all.statusCode).toBe(400);
    expect(all.json().errors).toEqual([
      { path: 'recipient_id', message: PAYOUT_MESSAGES.recipientInvalid },
      { path: 'amount', message: PAYOUT_MESSAGES.amountInvalid },
      { path: 'paid_on', message: PAYOUT_MESSAGES.dateInvalid },
      { path: 'reference', message: PAYOUT_MESSAGES.referenceRequired },
    ]);
    expect((await payout({ recipient_id: nz[0]!.id, amount: 1, paid_on: '2026-12-15', reference: 'X' }, userAuth)).statusCode).toBe(403);
    expect((await correct(first.json().id, { amount: 1, reason: 'X' }, userAuth)).statusCode).toBe(403);

    const list = (await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/payouts`, headers: adminAuth })).json();
    expect(list.payouts.map((p: { amount: number }) => p.amount)).toEqual([-2.5, 50]);
    // No route edits or deletes a payout.
    const id = first.json().id;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: `/api/admin/campaigns/${campaignId}/payouts/${id}`, headers: adminAuth, payload: {} });
      expect(res.statusCode).toBe(404);
    }
  });

  it('matches the hand-computed figures per charity, per challenge and in total', async () => {
    const res = await report();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.campaign).toMatchObject({ id: campaignId, country: 'NZ' });
    expect(body.charities).toEqual([
      { recipient_id: nz[0]!.id, recipient_name: 'Youthline', is_enabled: true, pledges: 3, donors: 3, pledged: 152, collected: 66, refunded: 0, failed: 17.5, cancelled: 0, fee_cover: 0, fees: 3.41, friends_gifts: 0, friends_gift_count: 0, net: 62.59, paid_out: 47.5, owed: 15.09, owed_back: 0 },
      { recipient_id: nz[1]!.id, recipient_name: 'KidsCan', is_enabled: true, pledges: 1, donors: 1, pledged: 15, collected: 15, refunded: 0, failed: 0, cancelled: 65, fee_cover: 0, fees: 0.74, friends_gifts: 0, friends_gift_count: 0, net: 14.26, paid_out: 0, owed: 14.26, owed_back: 0 },
      { recipient_id: nz[2]!.id, recipient_name: 'Auckland City Mission', is_enabled: true, pledges: 0, donors: 0, pledged: 0, collected: 0, refunded: 0, failed: 0, cancelled: 0, fee_cover: 0, fees: 0, friends_gifts: 0, friends_gift_count: 0, net: 0, paid_out: 0, owed: 0, owed_back: 0 },
    ]);
    const [c1, c2, ...rest] = body.challenges;
    expect(c1).toMatchObject({ challenge_id: challengeIds[0], pledges: 2, donors: 2, pledged: 110, collected: 45, refunded: 0, failed: 17.5, cancelled: 0, fee_cover: 0, fees: 2.21, net: 42.79 });
    expect(c2).toMatchObject({ challenge_id: challengeIds[1], pledges: 2, donors: 2, pledged: 57, collected: 36, refunded: 0, failed: 0, cancelled: 65, fee_cover: 0, fees: 1.94, net: 34.06 });
    for (const other of rest) expect(other).toMatchObject({ pledges: 0, pledged: 0, collected: 0 });
    expect(body.total).toEqual({ pledges: 4, donors: 4, pledged: 167, collected: 81, refunded: 0, failed: 17.5, cancelled: 65, fee_cover: 0, fees: 4.15, friends_gifts: 0, friends_gift_count: 0, net: 76.85, paid_out: 47.5, owed: 29.35, owed_back: 0 });
    // P4 (cancelled before paying) and P5 (pending) are not counted on their day either.
    expect(body.days).toEqual([
      { date: '2026-11-20', pledges: 4, collected: 53 },
      { date: '2026-11-27', pledges: 0, collected: 28 },
    ]);
  });

  it('counts each counted pledge once, on the day it was confirmed in the campaign’s zone: the days add up to the pledge count', async () => {
    // Hand-computed, Auckland being UTC+13 in November:
    //  A Confirmed 2026-11-21T10:59Z = 23:59 on Sat 21 Nov in Auckland        → 21 Nov
    //  B Confirmed 2026-11-21T11:00Z = 00:00 on Sun 22 Nov                    → 22 Nov
    //  C Cancelled after paying 15.00 on 23 Nov, confirmed 2026-11-22T03:00Z   → 22 Nov
    //  D Cancelled before paying, confirmed 2026-11-22T04:00Z                  → not counted
    //  E Pending (no card)                                                     → not counted
    //  F Confirmed 2026-11-23T12:00Z = 01:00 on Tue 24 Nov (still 23 Nov in UTC) → 24 Nov
    const campaign = await insertCampaign(ctx, { start_date: '2026-11-20', end_date: '2026-12-20', billing_start_date: '2026-11-23' });
    const pledge = async (status: 'Confirmed' | 'Cancelled' | 'Pending', confirmedAt: string | null, payments: ('Success' | 'Cancelled' | 'Pending')[]) => {
      const user = await insertUser(ctx);
      const p = await insertPledge(ctx, {
        user_id: user.id,
        campaign_id: campaign.id,
        recipient_id: nz[0]!.id,
        pledge_status: status,
        confirmed_at: confirmedAt === null ? null : new Date(confirmedAt),
      });
      for (const [i, payment_status] of payments.entries()) {
        await insertPayment(ctx, { pledge_id: p.id, processing_date: ['2026-11-23', '2026-11-30'][i]!, amount: 1500, payment_status });
      }
    };
    await pledge('Confirmed', '2026-11-21T10:59:00Z', ['Pending', 'Pending']);
    await pledge('Confirmed', '2026-11-21T11:00:00Z', ['Pending', 'Pending']);
    await pledge('Cancelled', '2026-11-22T03:00:00Z', ['Success', 'Cancelled']);
    await pledge('Cancelled', '2026-11-22T04:00:00Z', ['Cancelled', 'Cancelled']);
    await pledge('Pending', null, []);
    await pledge('Confirmed', '2026-11-23T12:00:00Z', ['Pending', 'Pending']);

    const body = (await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaign.id}/report`, headers: adminAuth })).json();
    expect(body.days).toEqual([
      { date: '2026-11-21', pledges: 1, collected: 0 },
      { date: '2026-11-22', pledges: 2, collected: 0 },
      { date: '2026-11-23', pledges: 0, collected: 15 },
      { date: '2026-11-24', pledges: 1, collected: 0 },
    ]);
    expect(body.total.pledges).toBe(4);
    expect(body.days.reduce((sum: number, d: { pledges: number }) => sum + d.pledges, 0)).toBe(body.total.pledges);
  });

  it('agrees with the public totals for the same campaign', async () => {
    const body = (await report()).json();
    const total = async (path: string) => (await ctx.app.inject({ method: 'GET', url: `/api/pledge/total/${path}/NZ` })).json();
    expect(await total('campaign')).toBe(body.total.pledges);
    expect(await total('campaign-amount')).toBe(body.total.pledged);
    expect(await total('recipient-amount')).toEqual(body.charities.map((c: { pledged: number }) => c.pledged));
    expect(await total('recipient')).toEqual(body.charities.map((c: { pledges: number }) => c.pledges));
  });

  it('downloads the same figures as CSV', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/report.csv`, headers: adminAuth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="uplift-report-campaign-${campaignId}.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      "Kind,Name,Pledges,Donors,Pledged (NZD),Collected (NZD),Refunded (NZD),Failed (NZD),Cancelled (NZD),Card fee covered by donors (NZD),Estimated card fees (NZD),Friends' gifts,Friends' gifts (NZD),Net to pass on (NZD),Paid out (NZD),Still owed (NZD),Owed back (NZD)",
    );
    expect(lines[1]).toBe('Charity,Youthline,3,3,152.00,66.00,0.00,17.50,0.00,0.00,3.41,0,0.00,62.59,47.50,15.09,0.00');
    expect(lines[2]).toBe('Charity,KidsCan,1,1,15.00,15.00,0.00,0.00,65.00,0.00,0.74,0,0.00,14.26,0.00,14.26,0.00');
    expect(lines.at(-1)).toBe('Total,November Uplift Challenge,4,4,167.00,81.00,0.00,17.50,65.00,0.00,4.15,0,0.00,76.85,47.50,29.35,0.00');
  });

  describe('payouts at most what is owed, corrections at most what was paid (decision 122)', () => {
    it('refuses a payout above what is still owed to the charity, saying how much that is', async () => {
      const campaign = await campaignOwingKidsCan();
      const refusal = (owed: string) => ({ code: 'payout.more_than_owed', message: `You can record at most ${owed}: that is what is still owed to KidsCan for this campaign.` });
      for (const amount of [500, 33.39]) {
        const res = await payout(kidsCan(amount), adminAuth, campaign);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(refusal('$33.38'));
      }
      expect((await payout(kidsCan(20), adminAuth, campaign)).statusCode).toBe(201);
      expect((await payout(kidsCan(13.39), adminAuth, campaign)).json()).toEqual(refusal('$13.38'));
      expect((await payout(kidsCan(13.38), adminAuth, campaign)).statusCode).toBe(201);
      const none = await payout(kidsCan(0.01), adminAuth, campaign);
      expect(none.statusCode).toBe(409);
      expect(none.json()).toEqual({ code: 'payout.more_than_owed', message: 'Nothing is still owed to KidsCan for this campaign, so no payout can be recorded.' });
      // A charity the campaign raised nothing for is owed nothing.
      const nothing = await payout({ ...kidsCan(1), recipient_id: nz[2]!.id }, adminAuth, campaign);
      expect(nothing.json()).toEqual({ code: 'payout.more_than_owed', message: 'Nothing is still owed to Auckland City Mission for this campaign, so no payout can be recorded.' });
      expect(await charityRow(campaign, nz[1]!.id)).toMatchObject({ paid_out: 33.38, owed: 0 });
    });

    it('lets two admins recording at once pay together no more than is owed', async () => {
      const campaign = await campaignOwingKidsCan();
      // Five payouts of 10.00 at once against 33.38 owed: three fit, whatever the order.
      const results = await Promise.all([1, 2, 3, 4, 5].map((n) => payout(kidsCan(10, `RACE-${n}`), adminAuth, campaign)));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 409, 409]);
      for (const r of results.filter((r) => r.statusCode === 409)) {
        expect(r.json().message).toBe('You can record at most $3.38: that is what is still owed to KidsCan for this campaign.');
      }
      expect(await charityRow(campaign, nz[1]!.id)).toMatchObject({ paid_out: 30, owed: 3.38 });
    });

    it('corrects a payout by at most what is left of it, with a reason; owed rises again', async () => {
      const campaign = await campaignOwingKidsCan();
      const paid = (await payout(kidsCan(20, 'BANK-20'), adminAuth, campaign)).json();
      const part = await correct(paid.id, { amount: 5, reason: 'Typed 20 for 15' }, adminAuth, campaign);
      expect(part.statusCode).toBe(201);
      expect(part.json()).toMatchObject({ amount: -5, corrects_payout_id: paid.id, reason: 'Typed 20 for 15', reference: 'BANK-20' });
      expect(await charityRow(campaign, nz[1]!.id)).toMatchObject({ paid_out: 15, owed: 18.38 });

      const tooMuch = await correct(paid.id, { amount: 15.01, reason: 'Again' }, adminAuth, campaign);
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json()).toEqual({ code: 'payout.correction_too_large', message: 'You can take back at most $15.00 of this payout.' });
      expect((await correct(paid.id, { amount: 15, reason: 'Never sent' }, adminAuth, campaign)).statusCode).toBe(201);
      expect((await correct(paid.id, { amount: 0.01, reason: 'Again' }, adminAuth, campaign)).json()).toEqual({
        code: 'payout.correction_too_large',
        message: 'Nothing is left to take back of this payout.',
      });
      // The total paid never went below zero, and what was taken back is owed again.
      expect(await charityRow(campaign, nz[1]!.id)).toMatchObject({ paid_out: 0, owed: 33.38 });
      expect((await payout(kidsCan(33.38), adminAuth, campaign)).statusCode).toBe(201);

      // A correction is not corrected; a payout of another campaign or none is not found.
      const notCorrectable = await correct(part.json().id, { amount: 1, reason: 'X' }, adminAuth, campaign);
      expect(notCorrectable.statusCode).toBe(409);
      expect(notCorrectable.json()).toMatchObject({ code: 'payout.not_correctable' });
      expect((await correct(paid.id, { amount: 1, reason: 'X' }, adminAuth, campaignId)).json()).toMatchObject({ code: 'payout.not_found' });
      expect((await correct(999999, { amount: 1, reason: 'X' }, adminAuth, campaign)).statusCode).toBe(404);

      const refused = await correct(paid.id, { amount: 0, reason: ' ' }, adminAuth, campaign);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { path: 'amount', message: PAYOUT_MESSAGES.correctionAmountInvalid },
        { path: 'reason', message: PAYOUT_MESSAGES.reasonRequired },
      ]);
      expect((await correct(paid.id, { amount: 99999999, reason: 'X' }, adminAuth, campaign)).json()).toMatchObject({ message: PAYOUT_MESSAGES.correctionAmountTooLarge });
    });

    it('holds the shape in the database: a payout is positive, a correction negative with its payout and reason', async () => {
      const campaign = await campaignOwingKidsCan();
      const paid = (await payout(kidsCan(10), adminAuth, campaign)).json();
      const row = { campaign_id: campaign, recipient_id: nz[1]!.id, paid_on: '2026-12-15', reference: 'DB', admin_user_id: paid.admin_user_id };
      await expect(ctx.db.insert(payouts).values({ ...row, amount: asMinor(-100) })).rejects.toThrow();
      await expect(ctx.db.insert(payouts).values({ ...row, amount: asMinor(-100), corrects_payout_id: paid.id })).rejects.toThrow();
      await expect(ctx.db.insert(payouts).values({ ...row, amount: asMinor(100), reason: 'why' })).rejects.toThrow();
      await expect(ctx.db.insert(payouts).values({ ...row, amount: asMinor(-100), corrects_payout_id: paid.id, reason: 'why' })).resolves.toBeDefined();
    });
  });
});
