// Passkeys and the second-factor rule (docs/decisions/131-passkeys-and-secrets-at-rest.md):
// `npm run test:mutation -- api-passkeys`. Mutated: the passkey ceremonies (registration and
// sign-in verification, the challenge, the user handle, the counter, the account checks, each
// refusal's security event and reason) and `secondFactorState` (who still owes a second factor).
// Not mutated: the one debugging log line of a refused registration (passkeys.service.ts 107).
// The tests are those that drive them on a real database.
import { apiTarget } from './api.mjs';

export default apiTarget('passkeys', {
  mutate: [
    'apps/api/src/modules/auth/passkeys.service.ts:31-106',
    'apps/api/src/modules/auth/passkeys.service.ts:108-178',
    'apps/api/src/modules/auth/second-factor.ts',
  ],
  testFiles: [
    'apps/api/src/modules/auth/passkeys.test.ts',
    'apps/api/src/modules/auth/two-factor.test.ts',
    'apps/api/src/plugins/second-factor-guard.test.ts',
  ],
});
