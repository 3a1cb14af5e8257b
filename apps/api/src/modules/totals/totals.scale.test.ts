import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { CANCELLED_PAID, CONFIRMED, loadMillionPledges } from './totals.scale-fixture.ts';

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

  /** The statements the app sends to PostgreSQL (text and parameters) while `action` runs. */
  async function statementsDuring(action: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
    const spy = vi.spyOn(ctx.db.$client, 'query');
    try {
      await action();
      // pg takes (text, values) or ({ text, values }) or ({ text }, values).
      return spy.mock.calls.map(([first, second]) => {
        const config = typeof first === 'string' ? { text: first } : (first as { text: string; values?: unknown[] });
        return { text: config.text, values: config.values ?? (second as unknown[] | undefined) ?? [] };
      });
    } finally {
      spy.mockRestore();
    }
  }

  it('reads the confirmed pledges from the covering index alone, in the query the app really runs', async () => {
    expireCache();
    const sent = await statementsDuring(() => read('campaign-amount'));
    const totals = sent.filter((s) => /from pledges/.test(s.text));
    expect(totals, 'one totals query per cold read').toHaveLength(1);
    const { rows } = await ctx.db.$client.query(`explain (format json) ${totals[0]!.text}`, totals[0]!.values);
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
    const scans: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Relation Name'] === 'pledges') scans.push(`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
      node.Plans?.forEach(walk);
    };
    walk(rows[0]['QUERY PLAN'][0].Plan);
    // The Confirmed branch (a million rows) from the covering index alone; the Cancelled branch
    // (ten thousand) may use any index, never a scan of the whole table.
    expect(scans[0]).toBe('Index Only Scan pledges_confirmed_totals_idx');
    expect(scans.filter((s) => s.startsWith('Seq Scan'))).toEqual([]);
  });

  it('answers a cached read without any query', async () => {
    expireCache();
    await read('campaign-amount');
    expect(await statementsDuring(() => read('recipient-amount'))).toEqual([]);
  });
});
