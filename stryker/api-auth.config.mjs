// Auth: the rate limits (per account and per IP) and the token lifetimes. `npm run test:mutation -- api-auth`.
// Not mutated (slower than this machine allows per run): auth.service/routes/repository, password hashing.
import { apiTarget } from './api.mjs';

export default apiTarget('auth', {
  mutate: ['apps/api/src/modules/auth/rate-limits.ts', 'apps/api/src/modules/auth/tokens.ts'],
  testFiles: [
    'apps/api/src/modules/auth/auth.rules-pinned.test.ts',
    'apps/api/src/modules/auth/auth.rate-limits.test.ts',
    'apps/api/src/modules/auth/auth.sessions.test.ts',
  ],
});
