// Billing: how a charge's outcome is recorded exactly once (payment-outcome.ts `outcomeOf`,
// `recordOutcome`, `recordProviderEvent`) and how a claimed payment is recovered after a crash, left
// alone when cancelled, or given its one retry (billing.service.ts `settleClaim`'s decisions). The
// retry schedule itself is core's `retryDate` (the core run). `npm run test:mutation -- api-billing`.
// Not mutated (slower than this machine allows per run): the mails about an outcome, the rest of
// billing.service, the repository's SQL, pay-now and the locks. Not run: billing.exactly-once.test.ts
// (1,000 payments under two workers: past its time limit when instrumented on this machine): its
// rules are pinned with a few payments each by billing.outcome-rules.test.ts, which runs here.
// billing.service.ts 200-233 is settleClaim's decisions (lines 139-171 before 30ba231 moved them).
import { apiTarget } from './api.mjs';

export default apiTarget('billing', {
  mutate: ['apps/api/src/modules/billing/payment-outcome.ts:25-141', 'apps/api/src/modules/billing/billing.service.ts:200-233'],
  testFiles: [
    'apps/api/src/modules/billing/billing.test.ts',
    'apps/api/src/modules/billing/payment-recovery.test.ts',
    'apps/api/src/modules/billing/billing.outcome-rules.test.ts',
  ],
});
