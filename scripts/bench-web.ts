// `npm run bench:web` (after `npm run build`): Lighthouse on / of the production app, on a
// throwaway database, with the system Chromium (decision 024). Three runs each with the mobile
// preset (simulated slow 4G, 4× CPU slowdown) and the desktop preset; prints the medians.
// Also a participant's challenge page (docs/decisions/143): a published page with gifts is added to
// the demo data and `/p/bench-challenge` measured (target: mobile LCP ≤ 1.2 s) when the build
// serves it, and its team `/t/bench-team`; more paths as arguments: `npm run bench:web -- /p/some-slug /t/some-team`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import pg from 'pg';
import { startThrowawayApp } from './throwaway-app.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_WHY=1: after each preset, the audits that kept a run under 100 and the LCP element with its phases.
const WHY = process.env.BENCH_WHY === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Figures = { performance: number; accessibility: number; bestPractices: number; seo: number; fcp: number; lcp: number; tbt: number; cls: number; si: number };

/** The median of the runs that measured the figure (a run Lighthouse could not measure gives NaN). */
const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

async function run(url: string, preset: 'mobile' | 'desktop'): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories: c, audits: a, runtimeError, runWarnings } = result.lhr;
    // Say why a run has no figures rather than let it pass as a number.
    if (runtimeError) console.log(`  ${preset} run: ${runtimeError.code} ${runtimeError.message}`);
    for (const warning of runWarnings) console.log(`  ${preset} run warning: ${warning}`);
    if (WHY) explain(preset, result.lhr);
    const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
    const value = (k: string) => a[k]?.numericValue ?? NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
    };
  } finally {
    chrome.kill();
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Prints what cost the run points: audits of a scored category below a full score, and the LCP element and phases. */
function explain(preset: string, lhr: Lhr): void {
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 || ref.group === 'diagnostics' || ref.id.endsWith('-insight'))
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `${category.id}/${a.id} ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`),
  );
  console.log(`  ${preset} why: ${failing.length ? failing.join('; ') : 'nothing below a full score'}`);
  const issues = lhr.audits['inspector-issues'];
  if (issues?.score === 0) console.log(`  ${preset} inspector issues: ${JSON.stringify(issues.details).slice(0, 1500)}`);
  const lcp = lhr.audits['lcp-breakdown-insight']?.details as { items?: { type: string; items?: Record<string, unknown>[]; node?: { snippet?: string } }[] } | undefined;
  for (const part of lcp?.items ?? []) {
    if (part.type === 'table') console.log(`  ${preset} LCP phases: ${(part.items ?? []).map((i) => `${String(i['label'] ?? i['subpart'])} ${Math.round(Number(i['duration']))} ms`).join(', ')}`);
    if (part.type === 'node') console.log(`  ${preset} LCP element: ${part.node?.snippet ?? (part as { snippet?: string }).snippet}`);
  }
  const long = lhr.audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined;
  if (long?.items?.length) console.log(`  ${preset} long tasks: ${long.items.map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} (${t.url.replace(/^https?:\/\/[^/]+/, '')})`).join('; ')}`);
}

/** The challenge page the bench adds: the demo's first Confirmed pledge published with a story and five gifts; and its team. */
const CHALLENGE_SLUG = 'bench-challenge';
const TEAM_SLUG = 'bench-team';

async function addChallengePage(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select id, user_id, campaign_id, recipient_id, confirmed_amount from pledges where pledge_status = 'Confirmed' order by id limit 1`);
    const pledge = rows[0];
    if (!pledge) throw new Error('the demo data has no Confirmed pledge to put a challenge page on');
    const page = await client.query(
      `insert into challenge_pages (user_id, pledge_id, campaign_id, slug, display_name, story, goal, published_at, on_leaderboard)
       values ($1, $2, $3, $4, 'Aroha T.', $5, $6, now(), true) returning id`,
      [pledge.user_id, pledge.id, pledge.campaign_id, CHALLENGE_SLUG, 'A month without my flat white, for the kids. Back me if you can!', pledge.confirmed_amount * 2],
    );
    await client.query(
      `insert into gifts (page_id, campaign_id, recipient_id, amount, donor_name, donor_email, message, status, idempotency_key, client_key, created_at, settled_at)
       select $1, $2, $3, 1000 * g, 'Friend ' || g, 'friend' || g || '@example.org', 'Go Aroha!', 'succeeded', 'bench-web-i-' || g, 'bench-web-c-' || g, now(), now()
         from generate_series(1, 5) g`,
      [page.rows[0].id, pledge.campaign_id, pledge.recipient_id],
    );
    // The page's team, with it as captain (docs/decisions/142): `/t/bench-team`.
    const team = await client.query(
      `insert into teams (campaign_id, slug, name, story, captain_page_id, captain_message) values ($1, $2, 'Flat White Crew', 'Coffee lovers giving it up together.', $3, 'One more week, team!') returning id`,
      [pledge.campaign_id, TEAM_SLUG, page.rows[0].id],
    );
    await client.query(`update challenge_pages set team_id = $1 where id = $2`, [team.rows[0].id, page.rows[0].id]);
  } finally {
    await client.end();
  }
}

const targets: Record<string, string> = {
  '/': 'Lighthouse 100 on both presets, mobile LCP ≤ 1.0 s, CLS ≤ 0.01 (decision 024 set LCP ≤ 1.8 s)',
  [`/p/${CHALLENGE_SLUG}`]: 'Lighthouse 100 on both presets, mobile LCP ≤ 1.0 s, CLS ≤ 0.01',
  [`/t/${TEAM_SLUG}`]: 'Lighthouse 100 on both presets, mobile LCP ≤ 1.0 s, CLS ≤ 0.01',
};

const app = await startThrowawayApp({ logLevel: 'warn' });
try {
  const paths = ['/'];
  try {
    await addChallengePage(await app.databaseUrl());
    const res = await fetch(`${app.url}/p/${CHALLENGE_SLUG}`);
    const html = await res.text();
    // Server-rendered: the page's own name is in the HTML before any script runs.
    if (res.status === 200 && html.includes('Aroha T.')) paths.push(`/p/${CHALLENGE_SLUG}`, `/t/${TEAM_SLUG}`);
    else console.log(`\n/p/${CHALLENGE_SLUG}: not served by this build (status ${res.status}${res.status === 200 ? ', not server-rendered' : ''}): challenge page not measured`);
  } catch (err) {
    console.log(`\nCould not add the challenge page (${(err as Error).message}): not measured`);
  }
  paths.push(...process.argv.slice(2).filter((a) => a.startsWith('/')));
  for (const pathname of paths) {
    const url = `${app.url}${pathname}`;
    console.log(`\nLighthouse on ${url}: ${RUNS} runs per preset, medians${targets[pathname] ? `; target ${targets[pathname]}` : ''}\n`);
    console.log('preset   perf  a11y  best  seo   FCP      LCP      TBT     CLS    SI');
    for (const preset of ['mobile', 'desktop'] as const) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await run(url, preset));
      const unmeasured = runs.filter((r) => !Number.isFinite(r.lcp)).length;
      if (unmeasured) console.log(`  ${preset}: ${unmeasured} of ${RUNS} runs measured no timings; medians are of the others`);
      const m = (k: keyof Figures) => median(runs.map((r) => r[k]));
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padEnd(8);
      console.log(
        `${preset.padEnd(8)} ${String(m('performance')).padEnd(5)} ${String(m('accessibility')).padEnd(5)} ${String(m('bestPractices')).padEnd(5)} ${String(m('seo')).padEnd(5)} ${s(m('fcp'))} ${s(m('lcp'))} ${`${Math.round(m('tbt'))} ms`.padEnd(7)} ${m('cls').toFixed(3)}  ${s(m('si'))}`,
      );
    }
  }
  console.log('');
} finally {
  await app.stop();
}
