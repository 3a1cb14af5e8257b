// `npm run bench:mail` (docs/decisions/137): a news update to 100,000 donors, sent the way the
// `news.send` job sends it (batches through the outbox, in the app's own process as the workers
// run in production), while autocannon reads a public route of the same app. Prints the outbox
// rate and the route's p50/p99 during the send, beside a baseline of the same route without it.
//   npm run bench:mail -- --recipients 100000 --batch 500 --every 0.5 --rate 1000 (--rate 0: autocannon flat out)
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { newsUpdates } from '../apps/api/src/db/schema.ts';
import { sendNewsBatch } from '../apps/api/src/modules/admin/index.ts';
import { freePort } from '../apps/api/src/test/free-port.ts';
import { startBenchApp } from './bench-app.ts';

const { values } = parseArgs({
  options: { recipients: { type: 'string', default: '100000' }, batch: { type: 'string', default: '500' }, every: { type: 'string', default: '0.5' }, connections: { type: 'string', default: '20' }, rate: { type: 'string', default: '1000' } },
});
const RECIPIENTS = Number(values.recipients);
const BATCH = Number(values.batch);
const EVERY_S = Number(values.every);
const CONNECTIONS = Number(values.connections);
/** The read load, in requests a second (a busy campaign day's landing traffic, many times over); 0: as fast as it goes. */
const RATE = Number(values.rate);
const ROUTE = '/api/pledge/total/campaign/NZ';

type Result = { requests: { average: number }; latency: { p50: number; p99: number } };
const say = (s: string) => console.log(s);
const bench = await startBenchApp('2026-11-23T09:00:00.000Z');
try {
  const port = await freePort();
  await bench.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;

  say(`Inserting ${RECIPIENTS.toLocaleString('en-NZ')} donors who opted in to Uplift news, each with a confirmed pledge…`);
  const { rows } = await bench.db.execute<{ id: number }>(sql`
    insert into campaigns (campaign_name, country, start_date, end_date, billing_start_date, is_active)
    values ('Bench Uplift Challenge', 'NZ', '2026-11-20', '2026-12-20', '2026-11-23', true) returning id`);
  const campaignId = rows[0]!.id;
  await bench.db.execute(sql`
    with u as (
      insert into users (first_name, last_name, email, country, password_hash, activated, opt_in_uplift_comms, opt_in_uplift_comms_at)
      select 'Bench', 'Donor' || g, 'bench-news-' || g || '@example.org', 'NZ', '!', true, true, now() from generate_series(1, ${RECIPIENTS}) g
      returning id)
    insert into pledges (user_id, campaign_id, challenge_id, recipient_id, number_of_units, cost_per_unit, confirmed_amount, pledge_status)
    select u.id, ${campaignId}, (select min(id) from challenges), (select min(id) from recipients where country = 'NZ'), 5, 350, 7000, 'Confirmed' from u`);
  const admin = (await bench.db.execute<{ id: number }>(sql`select min(id) as id from users`)).rows[0]!.id;

  const cannon = (seconds: number): Promise<Result> => autocannon({ url: `${url}${ROUTE}`, connections: CONNECTIONS, duration: seconds, ...(RATE > 0 ? { overallRate: RATE } : {}) });
  say(`Baseline: autocannon ${CONNECTIONS} connections at ${RATE > 0 ? `${RATE} req/s` : 'full speed'} on GET ${ROUTE}, 10 s after a 3 s warm-up, no send…`);
  await cannon(3);
  const baseline = await cannon(10);

  const [news] = await bench.db
    .insert(newsUpdates)
    .values({ subject: 'Bench', body: 'Hello.', audience: 'campaign', campaign_id: campaignId, recipient_count: RECIPIENTS, created_by: admin, created_at: new Date() })
    .returning();
  const deps = { db: bench.db, clock: bench.clock, mailer: bench.app.mailer, queue: undefined, log: pino({ level: 'silent' }), config: bench.app.config, pace: { batchSize: BATCH, everySeconds: EVERY_S } };
  say(`Sending: ${BATCH} per batch, a batch every ${EVERY_S} s (at most ${Math.round(BATCH / EVERY_S)} mails/s), while autocannon runs…`);
  let sent = 0;
  const started = performance.now();
  const sending = (async () => {
    for (;;) {
      const batchStarted = performance.now();
      const { done, queued } = await sendNewsBatch(deps, news!.id);
      sent += queued;
      if (done) return;
      const wait = EVERY_S * 1000 - (performance.now() - batchStarted);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  const during: Result[] = [];
  let finished = false;
  void sending.then(() => (finished = true));
  // Load in 10 s slices for as long as the send lasts (at least one slice).
  do during.push(await cannon(10));
  while (!finished);
  await sending;
  const seconds = (performance.now() - started) / 1000;

  const p = (rs: Result[], k: 'p50' | 'p99') => Math.max(...rs.map((r) => r.latency[k]));
  const rps = (rs: Result[]) => rs.reduce((s, r) => s + r.requests.average, 0) / rs.length;
  say('');
  say(`Outbox: ${sent.toLocaleString('en-NZ')} mails in ${seconds.toFixed(1)} s = ${Math.round(sent / seconds).toLocaleString('en-NZ')} mails/s`);
  say(`GET ${ROUTE}          req/s    p50 ms   p99 ms`);
  say(`  without the send   ${String(Math.round(baseline.requests.average)).padStart(7)}   ${String(baseline.latency.p50).padStart(6)}   ${String(baseline.latency.p99).padStart(6)}`);
  say(`  during the send    ${String(Math.round(rps(during))).padStart(7)}   ${String(p(during, 'p50')).padStart(6)}   ${String(p(during, 'p99')).padStart(6)}   (worst of ${during.length} 10 s slice(s))`);
} finally {
  await bench.stop();
}
