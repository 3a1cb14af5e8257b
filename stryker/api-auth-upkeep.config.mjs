// The admin account made at start and by `npm run create-admin` (product-rules §17), and the
// repository's clean-up of old sign-in records (docs/decisions/128): `ensureAdmin` and the purges
// that the retention job runs, and the admins' addresses the operators' alerts go to. `npm run test:mutation -- api-auth-upkeep`.
// Not mutated: auth.errors.ts, a table of messages built at module load (static mutants are
// ignored outside api-auth, docs/decisions/101).
import { apiTarget } from './api.mjs';

export default apiTarget('auth-upkeep', {
  mutate: ['apps/api/src/modules/auth/admin-bootstrap.ts:14-59', 'apps/api/src/modules/auth/auth.repository.ts:215-247'],
  testFiles: ['apps/api/src/modules/auth/admin-bootstrap.test.ts', 'apps/api/src/jobs/retention.job.test.ts', 'apps/api/src/modules/system/system.test.ts'],
});
