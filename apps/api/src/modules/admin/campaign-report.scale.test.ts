import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { challengeIds, insertCampaign, recipientIds } from '../campaigns/campaigns.fixtures.ts';
import { adminAndUser } from './admin.test-helpers.ts';

const PLEDGES = 25_000;
const PAYMENTS = PLEDGES * 4;
/**
 * Budget for the report of a campaign with 100,000 payments (issue 15): measured on this
 * project's 2-core machine shared with other work, well under it; the median of five reads,
 * so one hiccup does not decide the result.
 */
const BUDGET_MS = 500;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

describe('campaign report at 100,000 payments', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let campaignId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth } = await adminAndUser(ctx));
    const c = await challengeIds(ctx.db);
    const r = await recipientIds(ctx.db, 'NZ');
    campaignId = (await insertCampaign(ctx.db, { country: 'NZ', start_date: '2026-11-20', end_date: '2026-12-20' })).id;
    const client = await ctx.db.$client.connect();
    try {
      await client.query('set session_replication_role = replica');
      // Every 10th pledge cancelled after its first week; the rest confirmed at 70.00 (4 × 17.50).
      await client.query(
        `insert into pledges (user_id, campaign_id, challenge_id, recipient_id, number_of_units, cost_per_unit, period, confirmed_amount, pledge_status, confirmed_at)
         select g, $1, ($2::int[])[1 + g % 6], ($3::int[])[1 + g % 3], 5, 350, 'weekly', 7000,
                case when g % 10 = 0 then 'Cancelled' else 'Confirmed' end, '2026-11-20T01:00:00Z'::timestamptz + (g % 7) * interval '1 day'
           from generate_series(1, $4::int) g`,
        [campaignId, c, r, PLEDGES],
      );
      // Weeks 1–2 charged (one in 50 of the second week failed), weeks 3–4 still to come
      // (cancelled for cancelled pledges).
      await client.query(
        `insert into payments (pledge_id, payment_status, processing_date, amount)
         select p.id,
                case when w = 1 then 'Success'
                     when p.pledge_status = 'Cancelled' then 'Cancelled'
                     when w = 2 and p.id % 50 = 0 then 'Failed'
                     when w = 2 then 'Success'
                     else 'Pending' end,
                date '2026-11-20' + (w - 1) * 7, 1750
           from pledges p cross join generate_series(1, 4) w
          where p.campaign_id = $1`,
        [campaignId],
      );
      await client.query('set session_replication_role = origin');
      await client.query('vacuum analyze pledges');
      await client.query('vacuum analyze payments');
    } finally {
      client.release();
    }
  }, 300_000);
  afterAll(async () => ctx.close());

  it(`answers within ${BUDGET_MS} ms with figures that add up`, async () => {
    const times: number[] = [];
    let body: { total: { pledges: number; collected: number }; days: { collected: number }[] } | undefined;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/report`, headers: adminAuth });
      times.push(performance.now() - t);
      expect(res.statusCode).toBe(200);
      body = res.json();
    }
    const [{ rows }] = [await ctx.db.$client.query(`select count(*)::int as n from payments`)];
    expect(rows[0].n).toBe(PAYMENTS);
    expect(body!.total.pledges).toBe(PLEDGES);
    const collected = body!.days.reduce((s, d) => s + d.collected * 100, 0);
    expect(Math.round(collected)).toBe(Math.round(body!.total.collected * 100));
    expect(median(times), `report reads (ms): ${times.map(Math.round).join(', ')}`).toBeLessThan(BUDGET_MS);
  });
});
