// Re-confirming it is you and the second-factor rule (docs/decisions/151):
// `npm run test:mutation -- api-step-up`. Mutated: `requireStepUp` and `stepUp` (step-up.service.ts
// 32-70: a fresh proof of this sign-in within the window, the password or a TOTP code, each
// refusal's security event, the proof recorded on the sign-in), the repository's record and read of
// the proof (auth.repository.ts 252-268, `recordStepUp` and `stepUpStateOf`), a reset by mail
// removing every passkey and mailing how many went (auth.service.ts 252-254 and 258 in
// `resetPassword`; passkeys.repository.ts 72-76, `deleteAllPasskeys`), the calls that demand
// it (passkeys.service.ts 80, 109, 151; two-factor.service.ts 44, 152, 178), an admin's passkey as
// the second factor only when added past a TOTP code and never while the codes are locked out
// (passkeys.service.ts 134 and 204: a donor's passkey sign-in passes no second factor either, so it is
// asked for the code once the donor turns one on), and `secondFactorState` (a donor who turned it on
// types a code).
// Not mutated: the one log line of a recorded proof (step-up.service.ts 71). Not run: passkeys.test.ts
// (the ceremonies, api-passkeys' run): step-up.test.ts adds, removes and signs in with passkeys itself.
import { apiTarget } from './api.mjs';

export default apiTarget('step-up', {
  mutate: [
    'apps/api/src/modules/auth/step-up.service.ts:32-70',
    'apps/api/src/modules/auth/step-up.service.ts:72-72',
    'apps/api/src/modules/auth/auth.repository.ts:252-268',
    'apps/api/src/modules/auth/auth.service.ts:252-254',
    'apps/api/src/modules/auth/auth.service.ts:258-258',
    'apps/api/src/modules/auth/passkeys.repository.ts:72-76',
    'apps/api/src/modules/auth/passkeys.service.ts:80-80',
    'apps/api/src/modules/auth/passkeys.service.ts:109-109',
    'apps/api/src/modules/auth/passkeys.service.ts:134-134',
    'apps/api/src/modules/auth/passkeys.service.ts:151-151',
    'apps/api/src/modules/auth/passkeys.service.ts:204-204',
    'apps/api/src/modules/auth/two-factor.service.ts:44-44',
    'apps/api/src/modules/auth/two-factor.service.ts:152-152',
    'apps/api/src/modules/auth/two-factor.service.ts:178-178',
    'apps/api/src/modules/auth/second-factor.ts',
  ],
  testFiles: [
    'apps/api/src/modules/auth/step-up.test.ts',
    'apps/api/src/modules/auth/step-up.edges.test.ts',
    'apps/api/src/modules/auth/donor-two-factor.test.ts',
  ],
});
