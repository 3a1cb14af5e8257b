// Auth sessions, as changed by admin two-factor and the session version (decisions 077–078):
// `startSession` (refresh lifetime capped by the family's, the second-factor flag), login and refresh
// (service and routes: the session they answer, the family lifetime) and the
// repository's session-version writes and reads, and signing out every other device. `npm run test:mutation -- api-sessions`.
// Not run: auth.flow.test.ts. Its tests are one account's lifecycle, each relying on the ones before;
// Stryker runs only the tests that reach a mutant, so a later one fails alone and "kills" any mutant
// (docs/decisions/101). auth.sessions.test.ts pins the same login and refresh rules test by test.
import { apiTarget } from './api.mjs';

export default apiTarget('sessions', {
  mutate: [
    'apps/api/src/modules/auth/auth.service.ts:44-64',
    'apps/api/src/modules/auth/auth.service.ts:141-192',
    'apps/api/src/modules/auth/auth.routes.ts:98-102',
    'apps/api/src/modules/auth/auth.routes.ts:115-124',
    'apps/api/src/modules/auth/auth.repository.ts:114-119',
    'apps/api/src/modules/auth/auth.repository.ts:126-150',
  ],
  testFiles: [
    'apps/api/src/modules/auth/session-version.test.ts',
    'apps/api/src/modules/auth/auth.sessions.test.ts',
    'apps/api/src/modules/auth/two-factor.test.ts',
    'apps/api/src/modules/auth/auth.rules-pinned.test.ts',
    'apps/api/src/modules/auth/sessions-list.test.ts',
  ],
});
