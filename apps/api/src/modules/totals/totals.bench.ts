// npm run bench:totals: how long a public totals read takes at a million pledges, cold (the app's
// cache empty: one query over the covering index) and cached (no query), beside the baseline.
// Not part of `npm test`: totals.scale.test.ts checks the plan and the cache deterministically.
import { median, startBenchApp, timeEach } from '../../../../../scripts/bench-app.ts';
import { loadMillionPledges } from './totals-scale.test-support.ts';

const NOW = '2026-11-23T09:00:00.000Z';
const READS = 9;
/** Measured on the project's 2-core machine shared with other work (2026-11-23): median cold ~110 ms. */
const BASELINE = { coldMs: 110, coldBudgetMs: 300, cachedBudgetMs: 20 };

const bench = await startBenchApp(NOW);
try {
  process.stdout.write('Loading a million pledges…\n');
  await loadMillionPledges(bench.db);
  let minute = 0;
  const read = async (path: string) => {
    const res = await bench.app.inject({ method: 'GET', url: `/api/pledge/total/${path}/NZ` });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  };
  const cold = await timeEach(READS, async () => {
    // Past the cache's lifetime: the next read goes to the database.
    bench.clock.set(new Date(Date.parse(NOW) + ++minute * 60_000).toISOString());
    await read('campaign-amount');
  });
  const cached = await timeEach(READS, () => read('recipient-amount'));
  const line = (name: string, xs: number[], baseline: string) =>
    `  ${name.padEnd(8)} median ${median(xs).toFixed(1).padStart(6)} ms   (${xs.map(Math.round).join(', ')})   ${baseline}`;
  process.stdout.write(`Totals read at a million pledges, ${READS} reads each:\n`);
  process.stdout.write(`${line('cold', cold, `baseline ~${BASELINE.coldMs} ms, budget ${BASELINE.coldBudgetMs} ms`)}\n`);
  process.stdout.write(`${line('cached', cached, `budget ${BASELINE.cachedBudgetMs} ms`)}\n`);
} finally {
  await bench.stop();
}
