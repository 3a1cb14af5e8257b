// npm run bench:billing [-- --count 100000 --workers 2 --concurrency 8 --batch 200 --deliver --inline-mail]
// Charges N due payments against the built-in test provider on a throwaway embedded PostgreSQL,
// twice: once a week that is not a pledge's last, once the final week (whose receipt mail attaches
// the pledge's PDF receipt), each on its own fresh database, and prints both figures side by side:
// charges per second and the database time per charge. The test provider keeps its ledger in the
// same database, so "database time" covers billing, the provider and the mail. The mailer is the
// app's: each mail is recorded and queued on pg-boss for the mail job, which draws the final
// receipt's PDF when it sends (docs/decisions/128); `--deliver` then runs that job's work over the
// queued mails (to the dev outbox) and prints its rate too. `--inline-mail` uses no queue: each mail
// is delivered in the run, as `npm run billing` does and as this bench did before decision 128.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { fixedClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { createDb } from '../../db/client.ts';
import { startEmbeddedDatabase } from '../../db/embedded.ts';
import { runMigrations } from '../../db/migrate.ts';
import { seedReferenceData } from '../../db/seed.ts';
import { startQueue } from '../../queue/queue.ts';
import { createMailer, SEND_MAIL_JOB } from '../mail/mail.service.ts';
import { mailAttachmentDrawer } from '../pledges/index.ts';
import { createTestProvider } from '../payments/test-provider.ts';
import { runBilling, type BillingReport } from './billing.service.ts';
import { freePort } from '../../test/free-port.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);


/** Counts queries (and their round trips, pool waits included). */
// Pool.query (Drizzle) hands the client a callback, so only promise-returning calls are timed:
// each query is counted once, whether it came through the pool or a dedicated client.
function measureQueries(): {
  totalMs: () => number;
  count: () => number;
  top: (n: number) => [string, { count: number; ms: number }][];
  reset: () => void;
} {
  let total = 0;
  let count = 0;
  let byText = new Map<string, { count: number; ms: number }>();
  const timeOn = (proto: { query: unknown }) => {
    const original = proto.query as (...a: unknown[]) => unknown;
    proto.query = function timed(this: unknown, ...args: unknown[]) {
      const started = performance.now();
      const result = original.apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        count += 1;
        const first = args[0] as string | { text?: string };
        const text = (typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').trim().slice(0, 90);
        const done = () => {
          const ms = performance.now() - started;
          total += ms;
          const entry = byText.get(text) ?? { count: 0, ms: 0 };
          byText.set(text, { count: entry.count + 1, ms: entry.ms + ms });
        };
        (result as Promise<unknown>).then(done, done);
      }
      return result;
    };
  };
  timeOn(pg.Client.prototype);
  timeOn(pg.Pool.prototype);
  return {
    totalMs: () => total,
    count: () => count,
    top: (n) => [...byText].sort((a, b) => b[1].ms - a[1].ms).slice(0, n),
    reset: () => {
      total = 0;
      count = 0;
      byText = new Map();
    },
  };
}

/** pg_stat_database.active_time: milliseconds spent executing statements in this database. */
async function activeTime(url: string, waitForReports = false): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let last = -1;
    // Backends report when they end; poll until the figure stops moving.
    for (let i = 0; i < 20; i += 1) {
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ ms: number }>(
        'select active_time as ms from pg_stat_database where datname = current_database()',
      );
      const ms = Number(rows[0]!.ms);
      if (!waitForReports || ms === last) return ms;
      last = ms;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return last;
  } finally {
    await client.end();
  }
}

/** Round trips of `select 1` per second on one pooled connection, over about two seconds. */
async function statementsPerSecond(db: ReturnType<typeof createDb>): Promise<number> {
  const client = await db.$client.connect();
  try {
    let n = 0;
    const started = performance.now();
    while (performance.now() - started < 2000) {
      await client.query('select 1');
      n += 1;
    }
    return n / ((performance.now() - started) / 1000);
  } finally {
    client.release();
  }
}

type Options = {
  count: number;
  workers: number;
  concurrency: number;
  batchSize: number;
  retryShare: number;
  deliver: boolean;
  profile: boolean;
  /** The mailer without a queue, as `npm run billing` and the tests run it: each mail delivered in the run. */
  inlineMail: boolean;
};

type Figures = {
  charged: number;
  errors: number;
  ledger: number;
  retried: number;
  seconds: number;
  baseline: number;
  dbMsPerCharge: number;
  queriesPerCharge: number;
  roundTripMsPerCharge: number;
  /** The mail job's work afterwards (--deliver): mails delivered to the dev outbox per second, PDFs drawn. */
  delivery?: { mails: number; seconds: number; drawn: number };
};

const queries = measureQueries();

/** One billing run on a fresh database: the first week due (`final` false) or the last (`final` true). */
async function scenario(final: boolean, opts: Options): Promise<Figures> {
  const { count, workers, concurrency, batchSize } = opts;
  const log = pino({ level: 'warn' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-bench-'));
  const embedded = await startEmbeddedDatabase({ dataDir, port: await freePort(), database: 'bench', log });
  const db = createDb(embedded.url, { max: workers * 2 + 4 });
  let closed = false;
  const queue = await startQueue(embedded.url, log, { schedule: false });
  try {
    await runMigrations(db);
    await seedReferenceData(db);
    await queue.createQueue(SEND_MAIL_JOB);
    const retries = Math.round((count * opts.retryShare) / 100);
    say('');
    say(
      `${final ? 'Final week' : 'Other week'}: setting up ${count.toLocaleString('en')} payments to charge: ${(count - retries).toLocaleString('en')} due on their date and ` +
        `${retries.toLocaleString('en')} automatic retries of a soft decline (one donor and a four-week pledge each, saved test card)…`,
    );
    await db.$client.query(`
      insert into campaigns (campaign_name, country, start_date, end_date, billing_start_date, is_active)
      values ('November Uplift Challenge', 'NZ', '2026-11-20', '2026-12-20', '2026-11-23', true)`);
    // Billing runs on Wednesday 25 November: week 1 (the 23rd) is due for most; for the first
    // `retries` donors week 1 was declined (insufficient funds) on the 23rd and is retried today.
    // In the final-week run the due week is the last in the schedule (its receipt attaches the PDF).
    await db.$client.query(
      `with u as (
         insert into users (first_name, last_name, email, country, password_hash, activated, stripe_customer_id)
         select 'Bench', 'Donor' || g, 'bench-' || g || '@example.org', 'NZ', '!', true, 'cus_bench_' || g
         from generate_series(1, $1::int) g returning id, stripe_customer_id
       ), pl as (
         insert into pledges (user_id, campaign_id, challenge_id, recipient_id, number_of_units, cost_per_unit, confirmed_amount, pledge_status)
         select u.id, (select max(id) from campaigns), 1, (select min(id) from recipients where country = 'NZ'), 1, 1750, 7000, 'Confirmed'
         from u returning id, user_id
       ), pm as (
         insert into test_provider_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behaviour)
         select 'pm_' || u.stripe_customer_id, u.stripe_customer_id, 'visa', '4242', 12, 2030, 'succeeds' from u
       )
       insert into payments (pledge_id, processing_date, amount, stripe_payment_method_id, payment_status, settled_at)
       select pl.id, '2026-11-23'::date + week * (case when $2 then -7 else 7 end), 1750, 'pm_' || u.stripe_customer_id,
              case when $2 and week > 0 then 'Success' else 'Pending' end, case when $2 and week > 0 then now() end
       from pl join u on u.id = pl.user_id cross join generate_series(0, 3) week`,
      [count, final],
    );
    await db.$client.query(
      `with failed as (
         update payments set payment_status = 'Failed', failure_reason = 'insufficient_funds', attempts = 1,
                idempotency_key = 'payment-' || id || '-attempt-1', attempted_at = '2026-11-23T09:00:00Z',
                settled_at = '2026-11-23T09:00:01Z', next_retry_date = '2026-11-25'
          where processing_date = '2026-11-23' and pledge_id <= (select min(id) from pledges) + $1 - 1
          returning id, idempotency_key
       )
       insert into payment_attempts (payment_id, kind, idempotency_key, started_at, finished_at, outcome, decline_code)
       select id, 'scheduled', idempotency_key, '2026-11-23T09:00:00Z', '2026-11-23T09:00:01Z', 'failed', 'insufficient_funds' from failed`,
      [retries],
    );
    await db.$client.query('analyze');

    // The machine's speed right now, to read the figures against: simple statements per second
    // on one connection (the billing figures fall with it when other work shares the cores).
    const baseline = await statementsPerSecond(db);
    const activeBefore = await activeTime(embedded.url);
    const receipt = loadConfig({ NODE_ENV: 'development' }).receipt;
    // The app's mailer without SMTP: each mail recorded and queued for the mail job (no worker runs
    // here). With --inline-mail, no queue: each mail goes to the dev outbox during the run (the
    // final receipts' PDFs are then drawn in the run, as before decision 128).
    const mailer = createMailer({ db, queue: opts.inlineMail ? undefined : queue, smtpUrl: undefined, from: 'bench@example.org', log, drawAttachment: mailAttachmentDrawer(receipt) });
    const deps = {
      db,
      payments: createTestProvider(db),
      mailer,
      clock: fixedClock('2026-11-25T09:00:00Z'),
      log,
      appUrl: 'http://localhost:3000',
      receipt,
      mailLinks: loadConfig({ NODE_ENV: 'development' }).mailLinks,
    };
    say(`Billing with ${workers} worker(s) in parallel, ${concurrency} charges in flight each, ${batchSize} claimed per transaction…`);
    queries.reset();
    const started = performance.now();
    const reports: BillingReport[] = await Promise.all(
      Array.from({ length: workers }, () => runBilling(deps, { batchSize, concurrency })),
    );
    const seconds = (performance.now() - started) / 1000;
    const queryCount = queries.count();
    const roundTripMs = queries.totalMs();
    const charged = reports.reduce((n, r) => n + r.succeeded, 0);
    const errors = reports.reduce((n, r) => n + r.errors, 0);
    const { rows } = await db.$client.query<{ n: number; retried: number }>(
      `select (select count(*)::int from test_provider_charges) as n,
              (select count(*)::int from payment_attempts where kind = 'retry' and outcome = 'succeeded') as retried`,
    );
    if (opts.profile) {
      say('Statements by summed round trip (count, ms):');
      for (const [text, { count: n, ms }] of queries.top(20)) say(`  ${String(n).padStart(7)} ${ms.toFixed(0).padStart(8)}  ${text}`);
    }
    let delivery: Figures['delivery'];
    if (opts.deliver) {
      // The mail job's work, one mail after another as one worker takes them (the PDFs drawn here).
      say('Delivering the queued mails to the dev outbox, as the mail job does…');
      const ids = (await db.$client.query<{ id: number }>(`select id from mails where status = 'queued' order by id`)).rows.map((r) => r.id);
      const drawing = (await db.$client.query<{ n: number }>(`select count(*)::int as n from mails where attachments_to_draw is not null`)).rows[0]!.n;
      const from = performance.now();
      for (const id of ids) await mailer.deliver(id);
      delivery = { mails: ids.length, seconds: (performance.now() - from) / 1000, drawn: drawing };
    }
    // Server-side statement time: the pool is closed first so every backend reports its statistics.
    await queue.stop({ graceful: false, timeout: 1000 });
    await db.$client.end();
    closed = true;
    const serverMs = (await activeTime(embedded.url, true)) - activeBefore;
    return {
      charged,
      errors,
      ledger: rows[0]!.n,
      retried: rows[0]!.retried,
      seconds,
      baseline,
      dbMsPerCharge: serverMs / charged,
      queriesPerCharge: queryCount / charged,
      roundTripMsPerCharge: roundTripMs / charged,
      delivery,
    };
  } finally {
    if (!closed) {
      await queue.stop({ graceful: false, timeout: 1000 }).catch(() => undefined);
      await db.$client.end();
    }
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      workers: { type: 'string', default: '2' },
      concurrency: { type: 'string', default: '8' },
      batch: { type: 'string', default: '200' },
      /** Also print the statements that took the most time. */
      profile: { type: 'boolean', default: false },
      /** Percent of the payments that are automatic retries of a soft decline. */
      'retry-share': { type: 'string', default: '10' },
      /** Then deliver the queued mails as the mail job does (drawing the final receipts' PDFs) and time it. */
      deliver: { type: 'boolean', default: false },
      /** Only the final-week run (the default runs both, other week first). */
      final: { type: 'boolean', default: false },
      /** No queue: mail delivered during the run, as `npm run billing` does (compare with figures from before decision 128). */
      'inline-mail': { type: 'boolean', default: false },
    },
  });
  const opts: Options = {
    count: Number(values.count),
    workers: Number(values.workers),
    concurrency: Number(values.concurrency),
    batchSize: Number(values.batch),
    retryShare: Number(values['retry-share']),
    deliver: values.deliver,
    profile: values.profile,
    inlineMail: values['inline-mail'],
  };
  const runs: [string, Figures][] = [];
  if (!values.final) runs.push(['other week', await scenario(false, opts)]);
  runs.push(['final week', await scenario(true, opts)]);

  const cell = (text: string) => text.padStart(22);
  const line = (label: string, f: (x: Figures) => string) => say(`${label.padEnd(26)}${runs.map(([, x]) => cell(f(x))).join('')}`);
  say('');
  say(`${''.padEnd(26)}${runs.map(([name]) => cell(name)).join('')}`);
  line('Charged', (x) => `${x.charged.toLocaleString('en')} of ${opts.count.toLocaleString('en')}`);
  line('Errors', (x) => String(x.errors));
  line('Provider ledger', (x) => x.ledger.toLocaleString('en'));
  line('Automatic retries', (x) => x.retried.toLocaleString('en'));
  line('Wall time', (x) => `${x.seconds.toFixed(1)} s`);
  line('Charges per second', (x) => (x.charged / x.seconds).toFixed(0));
  line('Baseline (select 1 /s)', (x) => x.baseline.toFixed(0));
  line('Queries / charge', (x) => x.queriesPerCharge.toFixed(1));
  line('PostgreSQL ms / charge', (x) => x.dbMsPerCharge.toFixed(2));
  line('Round trip ms / charge', (x) => x.roundTripMsPerCharge.toFixed(2));
  if (opts.deliver) {
    line('Mail job: mails / second', (x) => (x.delivery ? (x.delivery.mails / x.delivery.seconds).toFixed(0) : '-'));
    line('Mail job: PDFs drawn', (x) => (x.delivery ? x.delivery.drawn.toLocaleString('en') : '-'));
  }
  say('');
  say('Baseline: simple statements per second on one connection, measured before each run (the machine is shared).');
  say('PostgreSQL ms: statement execution in the database (billing, test provider, mail record and queue);');
  say(
    opts.inlineMail
      ? 'round trip: summed over all queries, pool waits included. --inline-mail: no queue, the PDFs are drawn in the run.'
      : 'round trip: summed over all queries, pool waits included. The PDFs are drawn by the mail job, not the run.',
  );
  if (runs.some(([, x]) => x.charged !== opts.count || x.ledger !== opts.count)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
