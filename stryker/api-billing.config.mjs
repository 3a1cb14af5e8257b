// Billing: how a charge's outcome is recorded exactly once and told to the donor (payment-outcome.ts)
// and how one claimed payment is settled, recovered after a crash and given its retry
// (billing.service.ts `settleClaim`). The retry schedule itself is core's `retryDate` (the core run).
// `npm run test:mutation -- api-billing`. Not mutated (slower than this machine allows per run):
// the repository's SQL, pay-now, the locks and the mails.
import { apiTarget } from './api.mjs';

export default apiTarget('billing', {
  mutate: ['apps/api/src/modules/billing/payment-outcome.ts', 'apps/api/src/modules/billing/billing.service.ts:126-180'],
  testFiles: [
    'apps/api/src/modules/billing/billing.test.ts',
    'apps/api/src/modules/billing/payment-recovery.test.ts',
    'apps/api/src/modules/billing/billing.exactly-once.test.ts',
  ],
});
