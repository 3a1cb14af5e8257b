// The admin guard (`requireAdmin`, access tokens, the session version and the second-factor step
// a token carries): `npm run test:mutation -- api-admin-guard`. The tests are those that reach
// plugins/auth.ts's decisions: the guard and admin access, sessions, the session version (decision
// 078) and two-factor sign-in (decision 077).
import { apiTarget } from './api.mjs';

export default apiTarget('admin-guard', {
  mutate: ['apps/api/src/plugins/auth.ts'],
  testFiles: [
    'apps/api/src/plugins/auth.guard.test.ts',
    'apps/api/src/modules/admin/admin-access.test.ts',
    'apps/api/src/modules/auth/auth.sessions.test.ts',
    'apps/api/src/modules/auth/session-version.test.ts',
    'apps/api/src/modules/auth/two-factor.test.ts',
  ],
});
