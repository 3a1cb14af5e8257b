// Match funds (docs/product-rules.md §23, docs/decisions/160): the ledger's match step (the best
// match that applies, its row locked, min(ratio × amount, left), one entry; a payment's in the
// statement that records it), a refund's release, the alerts' claims, and the admins' rules (a cap
// never below what is matched, an ended match stays ended, which audit action an edit is).
// `npm run test:mutation -- api-match`. Core's rules (match.ts: matchShare, matchRelease, the offer
// text) are in the `core` run with their unit tests.
import { apiTarget } from './api.mjs';

export default apiTarget('match', {
  mutate: ['apps/api/src/modules/payments/ledger-match.repository.ts', 'apps/api/src/modules/payments/match.service.ts'],
  testFiles: ['apps/api/src/modules/payments/match.test.ts', 'apps/api/src/modules/payments/match-race.test.ts'],
});
