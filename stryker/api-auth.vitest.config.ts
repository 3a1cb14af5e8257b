// api-auth's test files. They are chosen here, not with Stryker's `testFiles`: with `testFiles` set,
// Stryker activates every mutant after the test file is imported, so a module constant (a static
// mutant) is computed unmutated and survives whatever the tests assert (docs/decisions/101).
// auth.sessions and two-factor pin the token lifetimes, the cookie and the second-factor window.
import { apiVitestConfig } from './api.vitest.config.ts';

export default apiVitestConfig([
  'src/modules/auth/auth.rules-pinned.test.ts',
  'src/modules/auth/auth.rate-limits.test.ts',
  'src/modules/auth/auth.sessions.test.ts',
  'src/modules/auth/two-factor.test.ts',
]);
