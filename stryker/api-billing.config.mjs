// Billing: how a charge's outcome is recorded exactly once (payments/outcome.ts `outcomeOf`; the
// ledger's `recordOutcome` and `recordProviderEvent`) and how a claimed payment is recovered after
// a crash, left alone when cancelled, or given its one retry (billing.service.ts `settleClaim`'s decisions). The
// retry schedule itself is core's `retryDate` (the core run). `npm run test:mutation -- api-billing`.
// Not mutated (slower than this machine allows per run): the mails about an outcome, the rest of
// billing.service, the ledger's other SQL, pay-now and the locks. Not run: billing.exactly-once.test.ts
// (1,000 payments under two workers: past its time limit when instrumented on this machine): its
// rules are pinned with a few payments each by billing.outcome-rules.test.ts, which runs here.
// billing.service.ts 277-312 is settleClaim's decisions after its guard (230-265 before a pledge's weeks were settled in date order, docs/decisions/145; 187-220 before billing runs were recorded, 200-233 before decision 110, 139-171 before 30ba231).
// ledger.repository.ts 254-379 is what a recorded outcome says was given (docs/decisions/145), recordOutcome and recordProviderEvent (368-463 before the ledger was split, 360-453 before 'given so far' was netted, 347-451 before the fee cover and skip columns, payment-outcome.ts 25-141 before decision 110).
import { apiTarget } from './api.mjs';

export default apiTarget('billing', {
  mutate: [
    'apps/api/src/modules/payments/outcome.ts',
    'apps/api/src/modules/payments/ledger.repository.ts:254-379',
    'apps/api/src/modules/billing/billing.service.ts:277-312',
  ],
  testFiles: [
    'apps/api/src/modules/billing/billing.test.ts',
    'apps/api/src/modules/billing/payment-recovery.test.ts',
    'apps/api/src/modules/billing/billing.outcome-rules.test.ts',
    'apps/api/src/modules/billing/billing.date-order.test.ts',
  ],
});
