// npm run bench:system: what the admin system page (GET /api/admin/system) and a Prometheus scrape
// (GET /metrics) cost at 100,000 donors (100,000 pledges, 400,000 payments, 30,000 mails in the
// last day, a year of billing runs), beside the health endpoint as the baseline, in the same run.
// Not part of `npm test`: system.test.ts and metrics.test.ts check what they answer
// (docs/decisions/133).
import { sql } from 'drizzle-orm';
import { median, startBenchApp, timeEach } from '../../../../../scripts/bench-app.ts';
import { loadReportCampaign } from '../admin/admin-scale.test-support.ts';
import { insertUser, signInAdmin } from '../admin/admin.test-support.ts';

const DONORS = 100_000;
const READS = 15;
const TOKEN = 'bench-metrics-token-0123456789abcdef';

const bench = await startBenchApp('2026-11-23T09:00:00.000Z', { METRICS_TOKEN: TOKEN });
try {
  const admin = await insertUser(bench, { role: 'admin', first_name: 'Bench', last_name: 'Admin' });
  const adminHeaders = { authorization: `Bearer ${(await signInAdmin(bench, admin)).access_token}` };
  process.stdout.write(`Loading ${DONORS.toLocaleString('en-NZ')} donors, their pledges and payments, a day of mail and a year of billing runs…\n`);
  await bench.db.execute(sql`
    insert into users (first_name, last_name, email, country, password_hash, activated)
    select 'Given' || i, 'Donor', 'donor' || i || '@example.org', case when i % 2 = 0 then 'NZ' else 'UK' end, '!', true
    from generate_series(1, ${DONORS}) as i`);
  await loadReportCampaign(bench.db, { pledges: DONORS, start: '2026-11-16' });
  await bench.db.execute(sql`
    insert into mails (to_address, subject, text_body, html_body, kind, status, created_at, sent_at)
    select 'donor' || i || '@example.org', 'Receipt', 'text', '<p>html</p>', 'payment-receipt',
           case when i % 100 = 0 then 'retrying' else 'sent' end,
           timestamptz '2026-11-23T09:00:00Z' - (i % 1440) * interval '1 minute',
           case when i % 100 = 0 then null else timestamptz '2026-11-23T09:00:00Z' - (i % 1440) * interval '1 minute' end
    from generate_series(1, 30000) as i`);
  await bench.db.execute(sql`
    insert into billing_runs (started_at, finished_at, outcome, charged, failed, retried)
    select timestamptz '2026-11-23T06:00:00Z' - i * interval '3 hours', timestamptz '2026-11-23T06:05:00Z' - i * interval '3 hours', 'ok', 900, 20, 5
    from generate_series(0, 8 * 365) as i`);
  await bench.db.execute(sql`analyze`);

  const get = (url: string, headers: Record<string, string> = {}) => async () => {
    const res = await bench.app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  const reads: [string, () => Promise<void>, string][] = [
    ['health', get('/api/health'), 'baseline: GET /api/health (one database round-trip)'],
    ['system page', get('/api/admin/system', adminHeaders), 'GET /api/admin/system as an admin'],
    ['metrics', get('/metrics', { authorization: `Bearer ${TOKEN}` }), 'GET /metrics with the bearer token'],
  ];
  for (const [, read] of reads) await read(); // warm
  const line = (name: string, xs: number[], note: string) =>
    `  ${name.padEnd(12)} median ${median(xs).toFixed(1).padStart(6)} ms   (${xs.map((x) => x.toFixed(x < 10 ? 1 : 0)).join(', ')})   ${note}`;
  process.stdout.write(`System page and /metrics at ${DONORS.toLocaleString('en-NZ')} donors, ${READS} reads each, one after another:\n`);
  for (const [name, read, note] of reads) process.stdout.write(`${line(name, await timeEach(READS, read), note)}\n`);
} finally {
  await bench.stop();
}
