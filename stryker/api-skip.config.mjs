// Skipping a week (docs/decisions/134-skip-a-week.md): the service that applies core's rules under
// the billing locks (pledges.service.ts `movePayment`, `skipWeek`, `undoSkip`, lines 306-403), the ledger's
// move of a payment (ledger.repository.ts lines 558-586) and billing's selection of due payments
// (`DUE_SQL`, lines 55-67). `npm run test:mutation -- api-skip`.
// Not mutated here: core's skip.ts (its cut-off, moved date and refusals are in the `core` run, with
// skip.test.ts), the routes, the mail and the web page.
import { apiTarget } from './api.mjs';

export default apiTarget('skip', {
  mutate: [
    'apps/api/src/modules/pledges/pledges.service.ts:306-403',
    'apps/api/src/modules/payments/ledger.repository.ts:558-586',
    'apps/api/src/modules/payments/ledger.repository.ts:55-67',
  ],
  testFiles: ['apps/api/src/modules/pledges/pledge-skip.test.ts'],
});
