// The admin guard (`requireAdmin`, access tokens): `npm run test:mutation -- api-admin-guard`.
import { apiTarget } from './api.mjs';

export default apiTarget('admin-guard', {
  mutate: ['apps/api/src/plugins/auth.ts'],
  testFiles: ['apps/api/src/plugins/auth.guard.test.ts', 'apps/api/src/modules/admin/admin-access.test.ts', 'apps/api/src/modules/auth/auth.sessions.test.ts'],
});
