// Auth: the rate limits (per account and per IP) and the token lifetimes. `npm run test:mutation -- api-auth`.
// Not mutated (slower than this machine allows per run): auth.service/routes/repository, password hashing.
import { apiTarget } from './api.mjs';

const target = apiTarget('auth', {
  mutate: ['apps/api/src/modules/auth/rate-limits.ts', 'apps/api/src/modules/auth/tokens.ts'],
});

// Here the rules are the module-level constants (10 failed logins in 15 minutes, 30 logins per IP,
// a 14-day refresh token): these static mutants are measured, not ignored, at the cost of running
// both test files for each of them. The test files are in api-auth.vitest.config.ts: with Stryker's
// `testFiles` a static mutant is activated after the constants are computed (decision 101).
export default { ...target, ignoreStatic: false, vitest: { ...target.vitest, configFile: 'stryker/api-auth.vitest.config.ts' } };
