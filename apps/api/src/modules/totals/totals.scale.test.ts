import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { planScans, statementsDuring } from '../../test/statements.ts';
import { CANCELLED_PAID, CONFIRMED, loadMillionPledges } from './totals-scale.test-support.ts';

// How fast the reads are is measured by `npm run bench:totals`, not asserted here: a stopwatch in
// `npm test` fails on a busy machine and passes on a fast one whatever the plan. This file checks
// what makes them fast, deterministically: the counts at a million pledges and the index-only plan.

describe('pledge totals at a million pledges', () => {
  let ctx: TestContext;
  let step = 0;
  /** Moves the clock past the in-process cache's lifetime, so the next read is cold. */
  const expireCache = () => ctx.clock.set(new Date(Date.parse(TEST_NOW) + ++step * 60_000).toISOString());

  async function read(path: string): Promise<unknown> {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/pledge/total/${path}/NZ` });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    await loadMillionPledges(ctx.db);
  }, 300_000);
  afterAll(async () => ctx.close());

  it('counts every pledge correctly', async () => {
    expireCache();
    expect(await read('campaign')).toBe(CONFIRMED + CANCELLED_PAID);
    expect(await read('campaign-amount')).toBe(CONFIRMED * 70 + CANCELLED_PAID * 17.5);
    const byChallenge = await read('challenge') as number[];
    expect(byChallenge.reduce((a, b) => a + b, 0)).toBe(CONFIRMED + CANCELLED_PAID);
  });

  it('reads the confirmed pledges from the covering index alone, in the query the app really runs', async () => {
    expireCache();
    const sent = await statementsDuring(ctx.db, () => read('campaign-amount'));
    const totals = sent.filter((s) => /from pledges/.test(s.text));
    expect(totals, 'one totals query per cold read').toHaveLength(1);
    const scans = (await planScans(ctx.db, totals[0]!))
      .filter((s) => s.relation === 'pledges')
      .map((s) => `${s.node} ${s.index ?? ''}`.trim());
    // The Confirmed branch (a million rows) from the covering index alone; the Cancelled branch
    // (ten thousand) may use any index, never a scan of the whole table.
    expect(scans[0]).toBe('Index Only Scan pledges_confirmed_totals_idx');
    expect(scans.filter((s) => s.startsWith('Seq Scan'))).toEqual([]);
  });

  it('answers a cached read without any query', async () => {
    expireCache();
    await read('campaign-amount');
    expect(await statementsDuring(ctx.db, () => read('recipient-amount'))).toEqual([]);
  });
});
