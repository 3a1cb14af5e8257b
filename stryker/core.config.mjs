// StrykerJS over @uplift/core (`npm run test:mutation`, docs in docs/testing.md).
// Reports and the incremental file live under reports/mutation/ (git-ignored).
import { shared } from './shared.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...shared('core'),
  mutate: ['packages/core/src/**/*.ts', '!packages/core/src/**/*.test.ts', '!packages/core/src/**/*.test-support.ts'],
  vitest: { configFile: 'packages/core/vitest.config.ts', dir: 'packages/core' },
  tsconfigFile: 'packages/core/tsconfig.json',
  ignorePatterns: [...shared('core').ignorePatterns, 'apps', 'e2e'],
};
