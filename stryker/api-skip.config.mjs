// Skipping a week (docs/decisions/134-skip-a-week.md): the service that applies core's rules under
// the billing locks (pledges.service.ts `movePayment`, `skipWeek`, `undoSkip`, lines 306-403), the ledger's
// locking and move of a payment (ledger-reads.repository.ts lines 120-135 `lockScheduleOfPledge`,
// ledger.repository.ts lines 438-445 `moveScheduledPayment`; ledger.repository.ts 558-586 before the
// ledger was split, docs/decisions/145) and billing's selection of due payments (`AFTER_CURSOR` and
// `DUE_SQL`, ledger.repository.ts lines 44-58; 55-67 before). `npm run test:mutation -- api-skip`.
// Not mutated here: core's skip.ts (its cut-off, moved date and refusals are in the `core` run, with
// skip.test.ts), the routes, the mail and the web page.
import { apiTarget } from './api.mjs';

export default apiTarget('skip', {
  mutate: [
    'apps/api/src/modules/pledges/pledges.service.ts:306-403',
    'apps/api/src/modules/payments/ledger-reads.repository.ts:120-135',
    'apps/api/src/modules/payments/ledger.repository.ts:438-445',
    'apps/api/src/modules/payments/ledger.repository.ts:44-58',
  ],
  testFiles: ['apps/api/src/modules/pledges/pledge-skip.test.ts'],
});
