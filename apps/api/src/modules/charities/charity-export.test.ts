import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentStatus } from '@uplift/core/statuses';
import { charityExports, refunds } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser, insertCampaign, insertPayment, insertPledge, insertUser, recipientsOf } from '../admin/admin.test-support.ts';
import { EXPORT_HEADER } from './charity-export.service.ts';

/** A small RFC 4180 reader for checking the file exactly as a spreadsheet would read it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('charity export of opted-in donors', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let adminId: number;
  let campaignId: number;
  let otherCampaignId: number;
  let ukCampaignId: number;
  let charity: { id: number; slug: string; recipient_name: string };
  let otherCharityId: number;
  let emptyCharityId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const people = await adminAndUser(ctx);
    adminAuth = people.adminAuth;
    adminId = people.admin.id;
    const campaign = await insertCampaign(ctx, { campaign_name: 'November Uplift Challenge' });
    campaignId = campaign.id;
    otherCampaignId = (await insertCampaign(ctx, { campaign_name: 'October Uplift Challenge' })).id;
    ukCampaignId = (await insertCampaign(ctx, { country: 'UK' })).id;
    const nz = await recipientsOf(ctx, 'NZ');
    charity = nz[0]!;
    otherCharityId = nz[1]!.id;
    emptyCharityId = nz[2]!.id;

    const donor = async (first: string, last: string, optIn: boolean) =>
      insertUser(ctx, { first_name: first, last_name: last, email: `${first.toLowerCase().replace(/\W/g, '')}@example.org`, opt_in_charity_comms: optIn });
    const weekly = async (pledgeId: number, statuses: PaymentStatus[]) => {
      const dates = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16'];
      for (const [i, status] of statuses.entries()) {
        await insertPayment(ctx, { pledge_id: pledgeId, processing_date: dates[i]!, amount: 1750, payment_status: status });
      }
    };
    const on = { campaign_id: campaignId, recipient_id: charity.id };

    // Included: opted in, Confirmed; one paid, three to come.
    const aroha = await donor('Aroha', 'Ngata', true);
    await weekly((await insertPledge(ctx, { ...on, user_id: aroha.id })).id, ['Success', 'Pending', 'Pending', 'Pending']);
    // Excluded: did not opt in (even though Confirmed and paying).
    const bill = await donor('Bill', 'Private', false);
    await weekly((await insertPledge(ctx, { ...on, user_id: bill.id })).id, ['Success', 'Pending', 'Pending', 'Pending']);
    // Included: Cancelled after one successful payment.
    const cara = await donor('Cara', 'Evans', true);
    await weekly((await insertPledge(ctx, { ...on, user_id: cara.id, pledge_status: 'Cancelled' })).id, ['Success', 'Cancelled', 'Cancelled', 'Cancelled']);
    // Excluded: Cancelled before anything was paid (a failed charge is not a payment).
    const dan = await donor('Dan', 'Failed', true);
    await weekly((await insertPledge(ctx, { ...on, user_id: dan.id, pledge_status: 'Cancelled' })).id, ['Failed', 'Cancelled', 'Cancelled', 'Cancelled']);
    // Excluded: still Pending (never confirmed).
    const erin = await donor('Erin', 'Pending', true);
    await insertPledge(ctx, { ...on, user_id: erin.id, pledge_status: 'Pending' });
    // Excluded: another charity, and another campaign.
    const fay = await donor('Fay', 'Othercharity', true);
    await insertPledge(ctx, { ...on, user_id: fay.id, recipient_id: otherCharityId });
    const gus = await donor('Gus', 'Othercampaign', true);
    await insertPledge(ctx, { ...on, user_id: gus.id, campaign_id: otherCampaignId });
    // Included, with text a spreadsheet must not run or split: a formula, a comma, quotes, a macron.
    const hemi = await donor('=HYPERLINK("http://x")', 'O\'Brien, "Jr" Mānuka', true);
    await insertPledge(ctx, { ...on, user_id: hemi.id, confirmed_amount: 12345 });
  });
  afterAll(async () => ctx.close());

  const exportCsv = (recipientId: number | string, campaign: number | string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/admin/exports/charity?recipient_id=${recipientId}&campaign_id=${campaign}`,
      headers: adminAuth,
    });

  it('contains exactly the opted-in donors with a counting pledge, and records the export', async () => {
    const before = await ctx.db.select().from(charityExports);
    const res = await exportCsv(charity.id, campaignId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="uplift-donors-${charity.slug}-campaign-${campaignId}-2026-11-23.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual(EXPORT_HEADER);
    expect(rows).toEqual([
      ['Cara', 'Evans', 'cara@example.org', 'Cancelled', 'NZD', '70.00', '17.50', '2026-11-25 17.50', ''],
      ['Aroha', 'Ngata', 'aroha@example.org', 'Confirmed', 'NZD', '70.00', '17.50', '2026-11-25 17.50', '2026-12-02 17.50; 2026-12-09 17.50; 2026-12-16 17.50'],
      ["'=HYPERLINK(\"http://x\")", 'O\'Brien, "Jr" Mānuka', 'hyperlinkhttpx@example.org', 'Confirmed', 'NZD', '123.45', '0.00', '', ''],
    ]);
    expect(res.body).not.toContain('Private');

    const after = await ctx.db.select().from(charityExports);
    expect(after).toHaveLength(before.length + 1);
    const recorded = after.find((e) => String(e.id) === res.headers['x-export-id'])!;
    expect(recorded).toMatchObject({ admin_user_id: adminId, recipient_id: charity.id, campaign_id: campaignId, row_count: 3 });
    expect(recorded.created_at.toISOString()).toBe('2026-11-23T09:00:00.000Z');
  });

  it('records an export that found nobody, with 0 rows', async () => {
    const res = await exportCsv(emptyCharityId, campaignId);
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body.slice(1))).toEqual([EXPORT_HEADER]);
    expect(res.headers['x-export-rows']).toBe('0');
  });

  it('lists past exports, newest first, with who made them and for which charity and campaign', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/exports', headers: adminAuth });
    expect(res.statusCode).toBe(200);
    const { exports } = res.json();
    expect(exports.length).toBeGreaterThanOrEqual(2);
    expect(exports[0]).toMatchObject({ recipient_id: emptyCharityId, campaign_id: campaignId, row_count: 0, admin_user_id: adminId });
    expect(exports[1]).toEqual({
      id: expect.any(Number),
      created_at: '2026-11-23T09:00:00.000Z',
      row_count: 3,
      admin_user_id: adminId,
      admin_email: expect.stringMatching(/@example\.org$/),
      recipient_id: charity.id,
      recipient_name: charity.recipient_name,
      campaign_id: campaignId,
      campaign_name: 'November Uplift Challenge',
    });
  });

  it('refuses a bad request clearly and records nothing', async () => {
    const count = async () => (await ctx.db.select().from(charityExports)).length;
    const before = await count();

    const missing = await ctx.app.inject({ method: 'GET', url: `/api/admin/exports/charity?campaign_id=${campaignId}`, headers: adminAuth });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Please choose a charity' });

    const badCampaign = await exportCsv(charity.id, 'abc');
    expect(badCampaign.statusCode).toBe(400);
    expect(badCampaign.json()).toMatchObject({ message: 'Please choose a campaign' });

    const noCharity = await exportCsv(987654, campaignId);
    expect(noCharity.statusCode).toBe(404);
    expect(noCharity.json()).toEqual({ code: 'export.recipient_not_found', message: 'Charity 987654 does not exist' });

    const noCampaign = await exportCsv(charity.id, 987654);
    expect(noCampaign.statusCode).toBe(404);
    expect(noCampaign.json()).toMatchObject({ code: 'export.campaign_not_found' });

    const mismatch = await exportCsv(charity.id, ukCampaignId);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      code: 'export.country_mismatch',
      message: `${charity.recipient_name} is a charity in NZ, but November Uplift Challenge is a campaign in UK. Choose a campaign in the charity's country.`,
    });

    expect(await count()).toBe(before);
  });

  it('lists every charity of both countries for the export screen', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/recipients', headers: adminAuth });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; recipient_name: string; country: string }[];
    expect(rows.map((r) => r.country)).toEqual(['NZ', 'NZ', 'NZ', 'UK', 'UK', 'UK']);
    expect(rows[0]).toEqual({ id: charity.id, recipient_name: charity.recipient_name, country: 'NZ' });
  });

  it('gives "Amount paid" net of refunds that went through, as every total counts it (docs/decisions/146)', async () => {
    const campaign = (await insertCampaign(ctx, { campaign_name: 'December Uplift Challenge' })).id;
    const on = { campaign_id: campaign, recipient_id: charity.id };
    const refund = async (paymentId: number, amount: number, status: 'succeeded' | 'pending' | 'failed') =>
      ctx.db.insert(refunds).values({ payment_id: paymentId, amount: amount as never, reason: 'Charged twice by the bank', status, idempotency_key: `export-refund-${paymentId}-${status}`, created_at: ctx.clock.now() });
    // Confirmed, two weeks received; 5.00 of the first went back, a refund still with the provider and a failed one do not count.
    const iris = await insertUser(ctx, { first_name: 'Iris', last_name: 'Refunded', email: 'iris@example.org', opt_in_charity_comms: true });
    const irisPledge = (await insertPledge(ctx, { ...on, user_id: iris.id })).id;
    const week1 = await insertPayment(ctx, { pledge_id: irisPledge, processing_date: '2026-11-25', amount: 1750, payment_status: 'Success' });
    await insertPayment(ctx, { pledge_id: irisPledge, processing_date: '2026-12-02', amount: 1750, payment_status: 'Success' });
    await refund(week1.id, 500, 'succeeded');
    await refund(week1.id, 300, 'pending');
    await refund(week1.id, 200, 'failed');
    // Cancelled after one payment that was refunded in full: it still counts, and gave nothing.
    const jack = await insertUser(ctx, { first_name: 'Jack', last_name: 'Whole', email: 'jack@example.org', opt_in_charity_comms: true });
    const jackPledge = (await insertPledge(ctx, { ...on, user_id: jack.id, pledge_status: 'Cancelled' })).id;
    const only = await insertPayment(ctx, { pledge_id: jackPledge, processing_date: '2026-11-25', amount: 1750, payment_status: 'Success' });
    await refund(only.id, 1750, 'succeeded');

    const res = await exportCsv(charity.id, campaign);
    expect(res.statusCode).toBe(200);
    const [, ...rows] = parseCsv(res.body.slice(1));
    expect(rows.map((r) => [r[0], r[3], r[6], r[7]])).toEqual([
      ['Iris', 'Confirmed', '30.00', '2026-11-25 17.50; 2026-12-02 17.50'],
      ['Jack', 'Cancelled', '0.00', '2026-11-25 17.50'],
    ]);
  });
});
