import type { CampaignReport } from '@uplift/core/schemas/campaign-report';
import type { GiftTotals } from '@uplift/core/schemas/totals';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengePages, recipients } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { insertGift, insertOpenCampaign, insertPage, insertTeam, type PageFixture } from '../challenge-pages/leaderboard.test-support.ts';
import { adminAndUser } from './admin.test-support.ts';

// Friends' gifts in every figure, once (docs/decisions/140-leaderboards.md): the public gift total
// beside the pledge totals (which stay pledges only, product-rules §16), the campaign report per
// charity and in total, its CSV, the net owed and so the payout cap (decision 122), the page, the
// team and the leaderboard.

describe("friends' gifts in the totals, the campaign report and the payouts", () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let nzCampaign: number;
  let ukCampaign: number;
  let charityA: number;
  let charityB: number;
  let ukCharity: number;
  let p1: PageFixture;
  let p2: PageFixture;
  let seconds = 0;
  const later = () => {
    seconds += 10;
    ctx.clock.set(new Date(Date.parse(TEST_NOW) + seconds * 1000).toISOString());
  };
  const get = async <T>(url: string, headers?: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const report = (id: number) => get<CampaignReport>(`/api/admin/campaigns/${id}/report`, adminAuth);

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth } = await adminAndUser(ctx));
    const nz = await insertOpenCampaign(ctx.db, 'NZ');
    const uk = await insertOpenCampaign(ctx.db, 'UK');
    nzCampaign = nz.id;
    ukCampaign = uk.id;
    const nzCharities = await ctx.db.select().from(recipients).where(eq(recipients.country, 'NZ')).orderBy(recipients.id);
    charityA = nzCharities[0]!.id;
    charityB = nzCharities[1]!.id;
    ukCharity = (await ctx.db.select().from(recipients).where(eq(recipients.country, 'UK')).orderBy(recipients.id))[0]!.id;
    const team = await insertTeam(ctx.db, nz.id, 'Gift Team');
    // Two NZ pages for charity A (one in a team), one for charity B; pledges of 40.00 each (Confirmed, nothing charged yet).
    p1 = await insertPage(ctx.db, { id: nz.id, country: 'NZ' }, { recipientId: charityA, pledged: 4000, teamId: team.id });
    p2 = await insertPage(ctx.db, { id: nz.id, country: 'NZ' }, { recipientId: charityB, pledged: 4000, teamId: team.id });
    // Gifts: 25.00 + 10.00 to A through p1, 5.00 to B through p2; a failed and a pending one count nowhere.
    await insertGift(ctx.db, p1, 2500);
    await insertGift(ctx.db, p1, 1000);
    await insertGift(ctx.db, p2, 500);
    await insertGift(ctx.db, p1, 9900, { status: 'failed' });
    await insertGift(ctx.db, p2, 9900, { status: 'pending' });
    // A UK page and gift: in UK's figures only.
    const ukPage = await insertPage(ctx.db, { id: uk.id, country: 'UK' }, { recipientId: ukCharity, pledged: 3000 });
    await insertGift(ctx.db, ukPage, 1200);
  }, 60_000);
  afterAll(async () => ctx.close());

  it('totals: the pledge totals count pledges only; the gift total counts succeeded gifts, per charity, in each country', async () => {
    later();
    expect(await get<number>('/api/pledge/total/campaign/NZ')).toBe(2);
    expect(await get<number>('/api/pledge/total/campaign-amount/NZ')).toBe(80);
    const nzIds = (await get<{ id: number }[]>('/api/recipient/campaign/NZ')).map((r) => r.id);
    const nzGifts = await get<GiftTotals>('/api/gift/total/NZ');
    expect(nzGifts).toEqual({ gifts: 3, amount: 40, recipient_amounts: nzIds.map((id) => (id === charityA ? 35 : id === charityB ? 5 : 0)), matched: 0 });
    const ukGifts = await get<GiftTotals>('/api/gift/total/UK');
    expect(ukGifts).toMatchObject({ gifts: 1, amount: 12 });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/gift/total/AU' });
    expect(bad.statusCode).toBe(400);
  });

  it('report: a "Friends\' gifts" figure per charity and in the total, with their card fees, in the net owed', async () => {
    const body = await report(nzCampaign);
    const a = body.charities.find((c) => c.recipient_id === charityA)!;
    const b = body.charities.find((c) => c.recipient_id === charityB)!;
    // NZ fee per charge: 2.9 % + 0.30, half-up to the cent: 25.00 → 1.03, 10.00 → 0.59, 5.00 → 0.45.
    expect(a).toMatchObject({ pledges: 1, pledged: 40, collected: 0, friends_gifts: 35, friends_gift_count: 2, fees: 1.62, net: 33.38, owed: 33.38 });
    expect(b).toMatchObject({ friends_gifts: 5, friends_gift_count: 1, fees: 0.45, net: 4.55, owed: 4.55 });
    expect(body.total).toMatchObject({ pledges: 2, pledged: 80, friends_gifts: 40, friends_gift_count: 3, fees: 2.07, net: 37.93 });
    // A gift counts once: the charities' gifts add up to the total; challenges carry none.
    expect(body.charities.reduce((s, c) => s + c.friends_gifts, 0)).toBe(40);
    expect(body.challenges.every((c) => c.friends_gifts === 0)).toBe(true);
    const uk = await report(ukCampaign);
    // UK fee per charge: 2.9 % + 0.20: 12.00 → 0.55.
    expect(uk.total).toMatchObject({ friends_gifts: 12, friends_gift_count: 1, fees: 0.55, net: 11.45 });
  });

  it('report CSV: the gift count and amount beside the other figures', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${nzCampaign}/report.csv`, headers: adminAuth });
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toContain("Estimated card fees (NZD),Friends' gifts,Friends' gifts (NZD),Net to pass on (NZD)");
    const name = (await ctx.db.select().from(recipients).where(eq(recipients.id, charityA)))[0]!.recipient_name;
    expect(lines.find((l) => l.startsWith(`Charity,${name},`))).toBe(`Charity,${name},1,1,40.00,0.00,0.00,0.00,0.00,0.00,1.62,2,35.00,33.38,0.00,33.38,0.00`);
    expect(lines.at(-1)).toMatch(/^Total,.*,2,2,80\.00,0\.00,0\.00,0\.00,0\.00,0\.00,2\.07,3,40\.00,37\.93,0\.00,37\.93,0\.00$/);
  });

  it("payouts: capped at the net with friends' gifts in it", async () => {
    const pay = (amount: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/campaigns/${nzCampaign}/payouts`, headers: adminAuth, payload: { recipient_id: charityA, amount, paid_on: '2026-12-15', reference: 'GIFTS' } });
    const over = await pay(33.39);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toContain('$33.38');
    expect((await pay(33.38)).statusCode).toBe(201);
    expect((await report(nzCampaign)).charities.find((c) => c.recipient_id === charityA)).toMatchObject({ paid_out: 33.38, owed: 0 });
  });

  it('keeps a gift counted with its charity when its page is hidden or deleted', async () => {
    await ctx.db.update(challengePages).set({ moderated_at: new Date() }).where(eq(challengePages.id, p2.pageId));
    await ctx.db.delete(challengePages).where(eq(challengePages.id, p1.pageId));
    later();
    expect(await get<GiftTotals>('/api/gift/total/NZ')).toMatchObject({ gifts: 3, amount: 40 });
    expect((await report(nzCampaign)).total).toMatchObject({ friends_gifts: 40, friends_gift_count: 3 });
  });
});
