// `npm test`: every check a change must pass, ending with one line "N passed, N failed".
// Steps: Chromium present, type check, lint, unit + API + component tests (Vitest, real
// PostgreSQL), web build, end-to-end tests in Chromium (Playwright).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'node_modules/.cache/uplift-test');
mkdirSync(OUT, { recursive: true });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function check(label: string, ok: boolean) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function ensureChromium(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing it with apt-get (Debian package "chromium").');
    run('apt-get update', 'apt-get', ['update', '-qq']);
    if (run('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium']) && existsSync(CHROMIUM)) return true;
  }
  console.error(
    `Chromium was not found at ${CHROMIUM}. Install it (Debian/Ubuntu: "sudo apt-get install -y chromium") ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  return false;
}

const npx = (bin: string) => path.join(ROOT, 'node_modules/.bin', bin);

check('chromium available', ensureChromium());
check('type check', run('type check', 'npm', ['run', '--silent', 'typecheck']));
check('lint', run('lint', npx('eslint'), ['.', '--max-warnings=0']));

const vitestJson = path.join(OUT, 'vitest.json');
run('unit, API and component tests', npx('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; success: boolean };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numFailedTests > 0) failures.push(`${report.numFailedTests} vitest test(s)`);
  if (!report.success && report.numFailedTests === 0) check('vitest run (suite errors)', false);
} else {
  check('vitest run', false);
}

const built = run('web build', 'npm', ['run', '--silent', 'build']);
check('web build', built);
if (built && existsSync(CHROMIUM)) {
  const pwJson = path.join(OUT, 'playwright.json');
  run('end-to-end tests (Chromium)', npx('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    CHROMIUM_PATH: CHROMIUM,
  });
  if (existsSync(pwJson)) {
    const report = JSON.parse(readFileSync(pwJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number }; errors?: unknown[] };
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    if (report.stats.unexpected > 0) failures.push(`${report.stats.unexpected} end-to-end test(s)`);
    if ((report.errors?.length ?? 0) > 0) check('end-to-end setup', false);
  } else {
    check('end-to-end run', false);
  }
} else {
  check('end-to-end tests could run', false);
}

console.log('');
if (failures.length > 0) console.log(`Failed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
