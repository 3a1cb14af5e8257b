// The API's Vitest config as Stryker runs it: Stryker starts Vitest from the sandbox's root, so the
// API's relative paths (tests under src/, the global setup that starts PostgreSQL and provides
// `pgAdminUrl`) are anchored here to apps/api.
import path from 'node:path';
import { mergeConfig } from 'vitest/config';
import api from '../apps/api/vitest.config.ts';

/**
 * @param include test files (relative to apps/api) to run instead of the whole API suite: for a run
 *   that measures static mutants and so cannot name its tests in Stryker's `testFiles` (decision 101)
 */
export function apiVitestConfig(include?: string[]) {
  const config = mergeConfig(api, { root: path.resolve(import.meta.dirname, '../apps/api') });
  // Set, not merged: mergeConfig would append to the API's own `src/**/*.test.ts`.
  if (include) config.test = { ...config.test, include };
  return config;
}

export default apiVitestConfig();
