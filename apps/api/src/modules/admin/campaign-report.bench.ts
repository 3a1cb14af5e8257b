// npm run bench:report: how long the campaign report takes at 25,000 pledges / 100,000 payments
// (the 500 ms target of decision 103), beside the baseline of a bare `select 1` round-trip in the same run.
// Not part of `npm test`: campaign-report.scale.test.ts checks the figures, the statement count
// and the plans deterministically (docs/decisions/103).
import { median, startBenchApp, timeEach } from '../../../../../scripts/bench-app.ts';
import { loadReportCampaign } from './admin-scale.test-support.ts';
import { insertUser, signInAdmin } from './admin.test-support.ts';

const READS = 9;
const TARGET_MS = 500;

const bench = await startBenchApp('2026-11-23T09:00:00.000Z');
try {
  const admin = await insertUser(bench, { role: 'admin', first_name: 'Bench', last_name: 'Admin' });
  const headers = { authorization: `Bearer ${(await signInAdmin(bench, admin)).access_token}` };
  process.stdout.write('Loading 25,000 pledges and 100,000 payments…\n');
  const campaignId = await loadReportCampaign(bench.db);
  const read = async () => {
    const res = await bench.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/report`, headers });
    if (res.statusCode !== 200) throw new Error(`report: ${res.statusCode} ${res.body}`);
  };
  await read(); // warm: the first read pays for the app's and the database's caches
  const select1 = await timeEach(READS, () => bench.db.$client.query('select 1'));
  const report = await timeEach(READS, read);
  const line = (name: string, xs: number[], note: string) =>
    `  ${name.padEnd(10)} median ${median(xs).toFixed(1).padStart(6)} ms   (${xs.map((x) => x.toFixed(x < 10 ? 1 : 0)).join(', ')})   ${note}`;
  process.stdout.write(`Campaign report at 100,000 payments, ${READS} reads each:\n`);
  process.stdout.write(`${line('select 1', select1, 'baseline: one database round-trip')}\n`);
  process.stdout.write(`${line('report', report, `target ${TARGET_MS} ms (decision 103)`)}\n`);
} finally {
  await bench.stop();
}
