// `npm run bench:web` (after `npm run build`): Lighthouse on / of the production app, on a
// throwaway database, with the system Chromium (decision 024). Three runs each with the mobile
// preset (simulated slow 4G, 4× CPU slowdown) and the desktop preset; prints the medians.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startThrowawayApp } from './throwaway-app.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
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

const app = await startThrowawayApp({ logLevel: 'warn' });
try {
  const url = `${app.url}/`;
  console.log(`\nLighthouse on ${url}: ${RUNS} runs per preset, medians\n`);
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
  console.log('');
} finally {
  await app.stop();
}
