// `npm run test:mutation`: StrykerJS over @uplift/core; prints each module's mutation score against
// its target and the surviving mutants. Not part of `npm test` (too slow). Report:
// reports/mutation/core/index.html (git-ignored). Incremental: a second run only retests mutants
// whose code or tests changed. (The API modules are not measured yet: see the README.)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const stryker = path.join(ROOT, 'node_modules/.bin/stryker');

/** Target from issue 18: core ≥ 90 %. */
const TARGETS = { core: 90 } as const;
type Run = keyof typeof TARGETS;

type Mutant = { status: string; mutatorName: string; replacement?: string; location: { start: { line: number; column: number } } };
type Report = { files: Record<string, { mutants: Mutant[] }> };

/** The module a mutated file counts towards: its path under packages/core/src. */
function moduleOf(file: string): string {
  return path.relative('packages/core/src', file).replace(/\.ts$/, '');
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
    byModule.set(key, [...(byModule.get(key) ?? []), ...mutants]);
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
  console.log(`  HTML report: reports/mutation/${run}/index.html`);
  return ok;
}

const requested = process.argv.slice(2).filter((a): a is Run => a in TARGETS);
/** `--report-only`: print the scores of the last run without running Stryker. */
const reportOnly = process.argv.includes('--report-only');
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
