import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { getPublicPage, getPublicTeam } from '../challenge-pages/index.ts';
import { sql } from 'drizzle-orm';
import { campaignGifts, pageRaised } from '../payments/index.ts';
import { planScans, statementsDuring, type Scan } from '../../test/statements.ts';
import { FULL_SCALE, type FundraisingFixture, fundraisingReads, loadFundraising } from './fundraising-scale.test-support.ts';

// How fast the fundraising reads are is measured by `npm run bench:fundraising`, not asserted
// here (docs/decisions/103). This file checks deterministically, at 100,000 pages and 1,000,000
// gifts, what keeps them fast: the statements the reads send and their plans (EXPLAIN, not run):
// every page's gifts summed from gifts_page_succeeded_idx alone (migration 0028,
// docs/decisions/143), and no sequential scan of gifts, pledges, payments or refunds anywhere; the
// landing's gift totals (campaignGifts) read a campaign's gift refunds once, not once per gift.

const shown = (s: Scan) => `${s.node} ${s.relation}${s.index ? ` ${s.index}` : ''}`;

describe('fundraising reads at 100,000 pages and 1,000,000 gifts', () => {
  let ctx: TestContext;
  let f: FundraisingFixture;

  /** The scans of every statement `read` sends, one list per statement. */
  async function plansOf(read: () => Promise<unknown>): Promise<string[][]> {
    const sent = await statementsDuring(ctx.db, read);
    return Promise.all(sent.map(async (s) => (await planScans(ctx.db, s)).map(shown)));
  }
  const ledgerSeqScans = (scans: string[]) => scans.filter((s) => /^Seq Scan (gifts|pledges|payments|refunds)$/.test(s));
  /** The scans every pageRaised() makes for its pages: pledge by key, refunds through the payments, gifts from the index alone. */
  const PAGE_RAISED = [
    'Index Scan pledges pledges_pkey',
    'Index Scan payments payments_pledge_status_idx',
    'Index Scan refunds refunds_payment_idx',
    'Index Only Scan gifts gifts_page_succeeded_idx',
  ];
  /**
   * A page's gifts read once (docs/decisions/161): one scan of gifts_page_succeeded_idx per
   * pageRaised(), its gift refunds by the page they carry from refunds_page_succeeded_idx, and only
   * the refunded gifts by key; never the page's gifts a second time to find their refunds.
   */
  const giftsReadOnce = (scans: string[]) => {
    expect(scans.filter((s) => s.endsWith('gifts_page_succeeded_idx'))).toEqual(['Index Only Scan gifts gifts_page_succeeded_idx']);
    expect(scans.filter((s) => / refunds refunds_page_succeeded_idx$/.test(s))).toEqual([expect.stringMatching(/^(Index|Index Only|Bitmap Index) Scan /)]);
    expect(scans.filter((s) => / refunds refunds_gift_idx$/.test(s))).toEqual([]);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    f = await loadFundraising(ctx.db);
  }, 300_000);
  afterAll(async () => ctx.close());

  it('has the rows it says', async () => {
    const { rows } = await ctx.db.$client.query(
      `select (select count(*)::int from challenge_pages) as pages, (select count(*)::int from gifts) as gifts,
              (select count(*)::int from challenge_pages where campaign_id = $1 and on_leaderboard and published_at is not null and moderated_at is null) as board`,
      [f.campaignId],
    );
    expect(rows[0]).toEqual({ pages: FULL_SCALE.pages, gifts: FULL_SCALE.gifts, board: 6_650 });
    const page = await fundraisingReads.page(ctx.db, f.popularSlug);
    expect(page.gifts).toHaveLength(20);
    expect(await fundraisingReads.topPages(ctx.db, f.campaignId)).toHaveLength(10);
    expect(await fundraisingReads.topTeams(ctx.db, f.campaignId)).toHaveLength(10);
  });

  it('reads a page by its slug, its raised figures through the indexes, its newest gifts through the index of its succeeded gifts', async () => {
    const [figures, gifts, ...more] = await plansOf(() => fundraisingReads.page(ctx.db, f.popularSlug));
    expect(more).toEqual([]);
    expect(figures).toContain('Index Scan challenge_pages challenge_pages_slug_key');
    for (const scan of PAGE_RAISED) expect(figures).toContain(scan);
    giftsReadOnce(figures!);
    expect(ledgerSeqScans(figures!)).toEqual([]);
    // Through the index of the page's succeeded gifts: in order, or (the planner's choice for a
    // page of average size) its few entries fetched and the newest 20 kept.
    expect(gifts!.filter((s) => /gifts_page/.test(s))).toEqual([
      expect.stringMatching(/^(Index Scan Backward gifts|Bitmap Index Scan ) gifts_page_succeeded_idx$/),
    ]);
    expect(ledgerSeqScans(gifts!)).toEqual([]);
  });

  it('reads a team by its slug and its members through challenge_pages_team_idx', async () => {
    const [team, ...more] = await plansOf(() => fundraisingReads.team(ctx.db, f.teamSlug));
    expect(more).toEqual([]);
    expect(team).toContain('Index Scan teams teams_slug_key');
    expect(team).toContain('Index Scan challenge_pages challenge_pages_team_idx');
    for (const scan of PAGE_RAISED) expect(team).toContain(scan);
    giftsReadOnce(team!);
    expect(ledgerSeqScans(team!)).toEqual([]);
  });

  it('the page and team routes\' own reads (GET /api/pages/:slug, /api/teams/:slug) go through the same indexes', async () => {
    const page = await plansOf(() => getPublicPage({ db: ctx.db }, f.popularSlug));
    const team = await plansOf(() => getPublicTeam({ db: ctx.db }, f.teamSlug));
    for (const statements of [page, team]) {
      const scans = statements.flat();
      expect(scans).toContain('Index Only Scan gifts gifts_page_succeeded_idx');
      expect(ledgerSeqScans(scans)).toEqual([]);
    }
  });

  it('ranks a campaign\'s pages from the leaderboard index, each page\'s gifts from the index alone', async () => {
    const [board, ...more] = await plansOf(() => fundraisingReads.topPages(ctx.db, f.campaignId));
    expect(more).toEqual([]);
    expect(board).toContain('Index Scan challenge_pages challenge_pages_leaderboard_idx');
    expect(board).toContain('Index Scan users users_pkey');
    for (const scan of PAGE_RAISED) expect(board).toContain(scan);
    giftsReadOnce(board!);
    expect(ledgerSeqScans(board!)).toEqual([]);
    expect(board!.filter((s) => s.startsWith('Seq Scan'))).toEqual([]);
  });

  it('ranks a campaign\'s teams summing each member\'s pageRaised through the indexes', async () => {
    const [board, ...more] = await plansOf(() => fundraisingReads.topTeams(ctx.db, f.campaignId));
    expect(more).toEqual([]);
    for (const scan of PAGE_RAISED) expect(board).toContain(scan);
    giftsReadOnce(board!);
    // A campaign's teams are most of the teams here, so reading teams and pages whole and joining
    // them by hash is a fair plan; the ledger is never read whole.
    expect(ledgerSeqScans(board!)).toEqual([]);
  });

  // Last two: they refund gifts, which the reads above do not expect.
  it('the landing\'s gift totals read the campaign\'s gifts in one pass and their refunds once, not once per gift (decision 150)', async () => {
    // One succeeded gift in 100 refunded: every other one of those in full, the rest 1.00.
    await ctx.db.$client.query(`
      insert into refunds (gift_id, page_id, amount, reason, status, idempotency_key, created_at)
      select g.id, g.page_id, case when g.id % 200 = 0 then g.amount else 100 end, 'scale refund', 'succeeded', 'scale-gift-refund-' || g.id, '2026-11-22'
        from gifts g where g.status = 'succeeded' and g.id % 100 = 0`);
    await ctx.db.$client.query('vacuum analyze refunds');
    const { rows: [truth] } = await ctx.db.$client.query(
      `select count(*) filter (where coalesce(b.refunded, 0) < g.amount)::int as gifts, (sum(g.amount) - coalesce(sum(b.refunded), 0))::bigint as amount
         from gifts g left join (select gift_id, sum(amount) as refunded from refunds where gift_id is not null group by gift_id) b on b.gift_id = g.id
        where g.campaign_id = $1 and g.status = 'succeeded'`,
      [f.campaignId],
    );
    const total = (await campaignGifts(ctx.db, f.campaignId, 'NZ')).find((r) => r.recipient_id === null);
    expect(total).toMatchObject({ gifts: truth.gifts, amount: Number(truth.amount) });
    expect(truth.gifts).toBeLessThan(FULL_SCALE.gifts);

    const [statement, ...more] = await statementsDuring(ctx.db, () => campaignGifts(ctx.db, f.campaignId, 'NZ'));
    expect(more).toEqual([]);
    // Run (EXPLAIN ANALYZE) for the loop counts, which the plan decides, not the clock.
    const { rows } = await ctx.db.$client.query(`explain (analyze, timing off, format json) ${statement!.text}`, statement!.values);
    type Node = { 'Node Type': string; 'Relation Name'?: string; 'Actual Loops': number; 'Workers Launched'?: number; Plans?: Node[] };
    // Under a Gather each process runs its part once: a scan's loops count the leader and the workers.
    const reads: string[] = [];
    const walk = (node: Node, processes: number) => {
      if (node['Relation Name']) reads.push(`${node['Relation Name']} ×${node['Actual Loops'] / processes}`);
      const under = node['Node Type'].startsWith('Gather') ? 1 + (node['Workers Launched'] ?? 0) : processes;
      node.Plans?.forEach((child) => walk(child, under));
    };
    walk(rows[0]['QUERY PLAN'][0].Plan, 1);
    // A lookup per gift read refunds 629,570 times here, and made this read several times slower.
    expect(reads.filter((r) => r.startsWith('refunds '))).toEqual(['refunds ×1']);
  });

  it('with gift refunds on leaderboard pages and team members, every such page\'s gifts are net of them by the page they carry, and the leaderboards still read each page\'s gifts once (decision 161)', async () => {
    // The refunds above land on pages of neither board (the fixture's gifts go to pages by a stride): refund about one in 50 of
    // the boards' gifts too, picked by a hash of the gift's id: about a third in full, the rest 1.00.
    await ctx.db.$client.query(
      `insert into refunds (gift_id, page_id, amount, reason, status, idempotency_key, created_at)
       select g.id, g.page_id, case when hashint4(g.id) % 100 in (0, 50) then 100 else g.amount end, 'scale refund', 'succeeded', 'scale-board-refund-' || g.id, '2026-11-22'
         from gifts g join challenge_pages cp on cp.id = g.page_id
        where g.status = 'succeeded' and hashint4(g.id) % 50 = 0 and cp.campaign_id = $1 and (cp.on_leaderboard or cp.team_id is not null)`,
      [f.campaignId],
    );
    await ctx.db.$client.query('vacuum analyze refunds');
    const { rows: figures } = await ctx.db.execute<{ id: number; gifts: string; gift_count: number }>(sql`
      select cp.id, raised.gifts, raised.gift_count
        from challenge_pages cp cross join lateral (${pageRaised('cp')}) raised
       where cp.campaign_id = ${f.campaignId} and (cp.on_leaderboard or cp.team_id is not null)
       order by cp.id`);
    // The same figure the long way: each succeeded gift less its refunds found by the gift.
    const { rows: truth } = await ctx.db.$client.query(
      `select cp.id, coalesce(sum(g.amount - coalesce(b.refunded, 0)), 0)::bigint as gifts, count(g.id) filter (where coalesce(b.refunded, 0) < g.amount)::int as gift_count
         from challenge_pages cp
         left join gifts g on g.page_id = cp.id and g.status = 'succeeded'
         left join (select gift_id, sum(amount) as refunded from refunds where gift_id is not null and status = 'succeeded' group by gift_id) b on b.gift_id = g.id
        where cp.campaign_id = $1 and (cp.on_leaderboard or cp.team_id is not null)
        group by cp.id order by cp.id`,
      [f.campaignId],
    );
    expect(figures.map((r) => [Number(r.id), Number(r.gifts), Number(r.gift_count)])).toEqual(truth.map((r) => [Number(r.id), Number(r.gifts), Number(r.gift_count)]));
    // Many of those pages had gifts refunded, on both boards, in part and in full.
    const { rows: [refunded] } = await ctx.db.$client.query(
      `select count(distinct r.page_id) filter (where cp.on_leaderboard)::int as board, count(distinct r.page_id) filter (where cp.team_id is not null)::int as teams,
              count(*) filter (where r.amount = g.amount)::int as in_full
         from refunds r join challenge_pages cp on cp.id = r.page_id join gifts g on g.id = r.gift_id
        where cp.campaign_id = $1 and r.idempotency_key like 'scale-board-refund-%'`,
      [f.campaignId],
    );
    expect(Math.min(refunded.board, refunded.teams, refunded.in_full)).toBeGreaterThan(100);

    for (const read of [() => fundraisingReads.topPages(ctx.db, f.campaignId), () => fundraisingReads.topTeams(ctx.db, f.campaignId)]) {
      const [board] = await plansOf(read);
      giftsReadOnce(board!);
      expect(ledgerSeqScans(board!)).toEqual([]);
    }
  });
});
