// StrykerJS over the API files that decide money, time and access (`npm run test:mutation -- api`).
// Their tests run on the real PostgreSQL (apps/api/src/test/global-setup.ts starts one per run),
// so this run is much slower than core's: run core first.
import { shared } from './shared.mjs';

/** The API modules measured, each scored on its own (module name → files). */
export const API_MODULES = {
  pledges: ['apps/api/src/modules/pledges/pledges.service.ts', 'apps/api/src/modules/pledges/pledge-input.ts'],
  billing: ['apps/api/src/modules/billing/billing.service.ts'],
  auth: ['apps/api/src/modules/auth/auth.service.ts', 'apps/api/src/modules/auth/rate-limits.ts', 'apps/api/src/modules/auth/tokens.ts'],
  'admin guard': ['apps/api/src/plugins/auth.ts'],
};

const base = shared('api');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: process.env.STRYKER_MUTATE ? process.env.STRYKER_MUTATE.split(',') : Object.values(API_MODULES).flat(),
  vitest: { configFile: 'stryker/vitest.api.config.ts', dir: 'apps/api' },
  tsconfigFile: 'apps/api/tsconfig.json',
  // A test waits for real PostgreSQL and real password hashes: give a mutant room before calling it a timeout.
  timeoutMS: 60_000,
  ignorePatterns: [...base.ignorePatterns, 'apps/web', 'e2e'],
};
