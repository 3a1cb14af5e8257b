// Pledges: the checks at create (pledge-input.ts) and the confirm that re-checks them, recomputes the
// total and splits it into payments (pledges.service.ts `confirmPledge`, lines 168-246; 151-224 before the fee cover, 160-240 before decision 111). `npm run test:mutation -- api-pledges`.
// Not mutated (slower than this machine allows per run): the repository, routes, cancel and the mails.
import { apiTarget } from './api.mjs';

export default apiTarget('pledges', {
  mutate: ['apps/api/src/modules/pledges/pledge-input.ts', 'apps/api/src/modules/pledges/pledges.service.ts:168-246'],
  testFiles: ['apps/api/src/modules/pledges/pledge-rules.test.ts', 'apps/api/src/modules/pledges/pledges.routes.test.ts'],
});
