// npm run bench:fundraising: how long the fundraising reads take at 100,000 pages and 1,000,000
// gifts (docs/decisions/143), beside the landing's totals read in the same run as the baseline:
// a page (its row with pageRaised, then its 20 newest gifts; a popular page and a typical one),
// a team (its members' pageRaised summed), the page and team routes' own reads (challenge-pages),
// a campaign's top 10 pages and top 10 teams, a page's share card named for its head, and the
// landing's gift totals (campaignGifts over the NZ campaign's 629,570 succeeded gifts). Median and p95 of READS reads each; target 50 ms.
// Not part of `npm test`: fundraising.scale.test.ts checks the plans deterministically (decision 103).
import { getPublicPage, getPublicTeam } from '../apps/api/src/modules/challenge-pages/index.ts';
import { selectCampaignTotals } from '../apps/api/src/modules/totals/index.ts';
import { campaignGifts } from '../apps/api/src/modules/payments/index.ts';
import { fundraisingShareImage } from '../apps/api/src/modules/share-image/index.ts';
import { createShareImageCache } from '../apps/api/src/modules/share-image/share-image.service.ts';
import { fundraisingReads, loadFundraising } from '../apps/api/src/modules/share-image/fundraising-scale.test-support.ts';
import { startBenchApp, timeEach } from './bench-app.ts';

const NOW = '2026-11-23T09:00:00.000Z';
const READS = Number(process.env.BENCH_READS ?? 41);
const TARGET_MS = 50;

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

const bench = await startBenchApp(NOW);
try {
  process.stdout.write('Loading 100,000 pages and 1,000,000 gifts…\n');
  const loadStarted = performance.now();
  const f = await loadFundraising(bench.db);
  process.stdout.write(`  loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s\n`);
  const deps = { db: bench.db, clock: bench.clock, appUrl: 'http://bench.local', cache: createShareImageCache(bench.clock) };
  const reads: [string, () => Promise<unknown>, string?][] = [
    ['baseline: landing totals (campaign)', () => selectCampaignTotals(bench.db, f.campaignId), 'the landing\'s cold read'],
    ['page read (popular, ~1,000 gifts)', () => fundraisingReads.page(bench.db, f.popularSlug)],
    ['page read (typical, ~9 gifts)', () => fundraisingReads.page(bench.db, f.typicalSlug)],
    ['team read (5 members)', () => fundraisingReads.team(bench.db, f.teamSlug)],
    ['GET /api/pages/:slug service (popular)', () => getPublicPage({ db: bench.db }, f.popularSlug)],
    ['GET /api/teams/:slug service', () => getPublicTeam({ db: bench.db }, f.teamSlug)],
    ['leaderboard: top 10 pages', () => fundraisingReads.topPages(bench.db, f.campaignId)],
    ['leaderboard: top 10 teams', () => fundraisingReads.topTeams(bench.db, f.campaignId)],
    ['page share card meta (head)', () => fundraisingShareImage(deps, 'page', f.popularSlug)],
    // The landing's other cold read: the campaign's gifts net of their refunds (docs/decisions/150).
    ['landing gift totals (campaign)', () => campaignGifts(bench.db, f.campaignId, 'NZ'), 'the landing\'s cold read of its gifts'],
  ];
  let baseline = NaN;
  const measure = async (name: string, read: () => Promise<unknown>, times: number, note?: string) => {
    for (let i = 0; i < 3; i++) await read();
    const ms = await timeEach(times, read);
    const [p50, p95] = [quantile(ms, 0.5), quantile(ms, 0.95)];
    if (Number.isNaN(baseline)) baseline = p50;
    const verdict = note ?? (p95 <= TARGET_MS ? 'within target' : p50 <= TARGET_MS ? 'median within, p95 over' : 'OVER TARGET');
    process.stdout.write(
      `  ${name.padEnd(38)} median ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   ${(p50 / baseline).toFixed(2).padStart(6)} × baseline   ${verdict}\n`,
    );
  };
  process.stdout.write(`\n${READS} reads each (after 3 warm-up reads), target ${TARGET_MS} ms; the machine is shared, so read each beside the baseline:\n`);
  for (const [name, read, note] of reads) await measure(name, read, READS, note);

  // The same reads without migration 0028's index, in the same run: what it is for.
  if (process.env.BENCH_WITHOUT_0028 !== '0') {
    await bench.db.$client.query('drop index gifts_page_succeeded_idx');
    process.stdout.write(`\nWithout gifts_page_succeeded_idx (migration 0028), 9 reads each:\n`);
    for (const [name, read] of reads.slice(1, 8)) await measure(name, read, 9);
  }
  const { rows } = await bench.db.$client.query('select count(*)::int as pages, (select count(*)::int from gifts) as gifts, (select count(*)::int from teams) as teams, count(*) filter (where on_leaderboard)::int as board from challenge_pages');
  process.stdout.write(`\n  (${JSON.stringify(rows[0])}; load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')})\n`);
} finally {
  await bench.stop();
}
