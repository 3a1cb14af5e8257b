// Options for a mutation run over an API module (stryker/api-*.config.mjs). Vitest runs with the
// API's own config (stryker/api.vitest.config.ts): its global setup starts one embedded PostgreSQL
// per Stryker test runner (or uses TEST_DATABASE_URL) and every test file clones a migrated template.
import { shared } from './shared.mjs';

const NOT_MUTATED = ['!apps/api/src/**/*.test.ts', '!apps/api/src/**/*test-support.ts', '!apps/api/src/**/*.bench.ts'];

/**
 * @param {string} name the run's folder under reports/mutation/ (`api-<name>`)
 * @param {{ mutate: string[], testFiles?: string[] }} target the files mutated and the test files
 *   that guard them (only these run: the whole API suite takes minutes per dry run on this machine);
 *   a run without `testFiles` names its tests in its own Vitest config (api-auth, decision 101)
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function apiTarget(name, { mutate, testFiles }) {
  const base = shared(`api-${name}`);
  return {
    ...base,
    mutate: [...mutate, ...NOT_MUTATED],
    ...(testFiles ? { testFiles } : {}),
    vitest: { configFile: 'stryker/api.vitest.config.ts', dir: 'apps/api', related: false, pool: 'forks' },
    tsconfigFile: 'apps/api/tsconfig.json',
    // Each test runner runs its own PostgreSQL and builds an app per test file: one per core.
    concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
    timeoutMS: 30_000,
    ignorePatterns: [...base.ignorePatterns, 'apps/web', 'e2e'],
  };
}
