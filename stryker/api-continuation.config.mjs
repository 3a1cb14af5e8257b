// Continuing into a just-activated account without the password (docs/decisions/168):
// `npm run test:mutation -- api-continuation`. Mutated: the service (the offer answers only a live,
// activated, unerased account's first name; the press uses the token up once and starts the same
// session as a password login) and the repository (the single-use conditional update, the read of a
// live token). The routes' cookie handling is pinned by continuation.test.ts but not mutated here.
import { apiTarget } from './api.mjs';

export default apiTarget('continuation', {
  mutate: ['apps/api/src/modules/auth/continuation.service.ts', 'apps/api/src/modules/auth/continuation.repository.ts'],
  testFiles: ['apps/api/src/modules/auth/continuation.test.ts'],
});
