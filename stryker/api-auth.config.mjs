// Auth: the rate limits (per account and per IP) and the token lifetimes. `npm run test:mutation -- api-auth`.
// Not mutated (slower than this machine allows per run): auth.service/routes/repository, password hashing.
import { apiTarget } from './api.mjs';

const target = apiTarget('auth', {
  mutate: ['apps/api/src/modules/auth/rate-limits.ts', 'apps/api/src/modules/auth/tokens.ts'],
  testFiles: ['apps/api/src/modules/auth/auth.rules-pinned.test.ts', 'apps/api/src/modules/auth/auth.rate-limits.test.ts'],
});

// Here the rules are the module-level constants (10 failed logins in 15 minutes, 30 logins per IP,
// a 14-day refresh token): these static mutants are measured, not ignored, at the cost of running
// both test files for each of them.
export default { ...target, ignoreStatic: false };
