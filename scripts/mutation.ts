// `npm run test:mutation [-- core|api|api-<run>]` (runs: stryker/api-*.config.mjs): StrykerJS
// over @uplift/core (the default) or the API modules that decide money, time and access; prints each
// module's mutation score against its target and the surviving mutants. Not part of `npm test` (too
// slow). Reports: reports/mutation/<run>/index.html (git-ignored). Incremental: a second run only
// retests mutants whose code or tests changed. `--report-only` prints the last run's scores.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const stryker = path.join(ROOT, 'node_modules/.bin/stryker');

/**
 * Targets from decision 100: core ≥ 90 %, each API module ≥ 80 %; the security guards of decisions
 * 151-155 (step-up, moderation holds, configuration and request guards, card testing through gifts) and match funds (160) ≥ 85 %. One run per stryker/<run>.config.mjs.
 */
const TARGETS = {
  core: 90,
  'api-pledges': 80,
  'api-billing': 80,
  'api-auth': 80,
  'api-admin-guard': 80,
  'api-sessions': 80,
  'api-passkeys': 80,
  'api-auth-upkeep': 80,
  'api-skip': 80,
  'api-gift-settlement': 80,
  'api-step-up': 85,
  'api-holds': 85,
  'api-config-guards': 85,
  'api-match': 85,
  'api-card-testing': 85,
  'api-continuation': 85,
} as const;
type Run = keyof typeof TARGETS;
const API_RUNS: Run[] = ['api-pledges', 'api-billing', 'api-auth', 'api-admin-guard', 'api-sessions', 'api-passkeys', 'api-auth-upkeep', 'api-skip', 'api-gift-settlement', 'api-step-up', 'api-holds', 'api-config-guards', 'api-match', 'api-card-testing', 'api-continuation'];

type Mutant = { status: string; mutatorName: string; replacement?: string; location: { start: { line: number; column: number } }; file?: string };
type Report = { files: Record<string, { mutants: Mutant[] }> };

/** The module a mutated file counts towards: its path under packages/core/src or apps/api/src. */
function moduleOf(file: string): string {
  const base = file.startsWith('apps/api/') ? 'apps/api/src' : 'packages/core/src';
  return path.relative(base, file).replace(/\.ts$/, '');
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

function score(mutants: Mutant[]) {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const total = detected + undetected;
  return { detected, undetected, total, score: total === 0 ? 100 : (100 * detected) / total };
}

function summarise(run: Run): boolean {
  const file = path.join(ROOT, 'reports/mutation', run, 'mutation.json');
  if (!existsSync(file)) {
    console.error(`No report at ${path.relative(ROOT, file)}`);
    return false;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  const byModule = new Map<string, Mutant[]>();
  for (const [name, { mutants }] of Object.entries(report.files)) {
    const key = moduleOf(path.relative(ROOT, path.resolve(ROOT, name)));
    byModule.set(key, [...(byModule.get(key) ?? []), ...mutants.map((m) => ({ ...m, file: key }))]);
  }
  const all = score([...byModule.values()].flat());
  console.log(`\nMutation score, ${run} (target ${TARGETS[run]} %):`);
  const ok = all.score >= TARGETS[run];
  for (const [name, mutants] of [...byModule].sort(([a], [b]) => a.localeCompare(b))) {
    const s = score(mutants);
    if (s.total === 0) continue;
    console.log(`  ${name.padEnd(28)} ${s.score.toFixed(1).padStart(5)} %  (${s.detected}/${s.total} detected)`);
  }
  console.log(`  ${'all'.padEnd(28)} ${all.score.toFixed(1).padStart(5)} %  (${all.detected}/${all.total} detected)`);
  const left = [...byModule.values()].flat().filter((m) => UNDETECTED.has(m.status));
  if (left.length > 0) console.log(`  Undetected (${left.length}):`);
  for (const m of left) {
    const at = `${m.file}:${m.location.start.line}:${m.location.start.column}`;
    console.log(`    ${m.status.padEnd(10)} ${at.padEnd(36)} ${m.mutatorName}${m.replacement ? ` → ${m.replacement.replace(/\s+/g, ' ').slice(0, 60)}` : ''}`);
  }
  console.log(`  HTML report: reports/mutation/${run}/index.html`);
  return ok;
}

const args = process.argv.slice(2);
const requested = args.flatMap((a): Run[] => (a === 'api' ? API_RUNS : a in TARGETS ? [a as Run] : []));
/** `--report-only`: print the scores of the last run without running Stryker. */
const reportOnly = args.includes('--report-only');
const runs: Run[] = requested.length > 0 ? requested : ['core'];
let allMet = true;
for (const run of runs) {
  if (!reportOnly) {
    console.log(`\n▶ stryker run stryker/${run}.config.mjs`);
    const result = spawnSync(stryker, ['run', `stryker/${run}.config.mjs`], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`Stryker failed for ${run} (exit ${result.status}).`);
      process.exit(result.status ?? 1);
    }
  }
  allMet = summarise(run) && allMet;
}
console.log(allMet ? '\nEvery target is met.' : '\nA target is not met: see the surviving mutants above.');
process.exit(allMet ? 0 : 1);
