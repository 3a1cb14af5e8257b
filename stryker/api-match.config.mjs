// Match funds (docs/product-rules.md §23, docs/decisions/160): `npm run test:mutation -- api-match`.
// Narrowed on 29 Nov to the rule lines (both whole files, 195 mutants, were estimated at two hours
// on the loaded machine; 149 on the first narrowing, still over an hour there):
// - ledger-match.repository.ts 56-64 (a gift's match step: candidates in fit order, each locked and
//   checked again for status and window, min(ratio × amount, left), nothing written for 0),
//   126-129 and 139 (a refund releases only when succeeded, only a matched gift's or payment's
//   entry, nothing when its share is 0) and 154-155 (the alerts at 90 % and 100 %, each its stamp);
// - match.service.ts 28 (what is left is never below 0), 95-97 (which audit action an edit is) and
//   110-111, 115 (an ended match stays ended, a cap never below what is matched, an end after the
//   start).
// Not mutated: the SQL text (MATCH_LEVEL, matchAppliesText, paymentMatchCtes, the alerts' UPDATE): a
// template's one mutant (emptied) is an SQL error every test meets, and the conditions inside it
// are not mutated by Stryker; match.test.ts and match-race.test.ts pin what they say. Nor the public
// and admin shapes (publicOf, adminOf), the reads and their 404s.
// Core's rules (match.ts: matchShare, matchRelease, the offer text) are in the `core` run.
import { apiTarget } from './api.mjs';

export default apiTarget('match', {
  mutate: [
    'apps/api/src/modules/payments/ledger-match.repository.ts:56-64',
    'apps/api/src/modules/payments/ledger-match.repository.ts:126-129',
    'apps/api/src/modules/payments/ledger-match.repository.ts:139-139',
    'apps/api/src/modules/payments/ledger-match.repository.ts:154-155',
    'apps/api/src/modules/payments/match.service.ts:28-28',
    'apps/api/src/modules/payments/match.service.ts:95-97',
    'apps/api/src/modules/payments/match.service.ts:110-111',
    'apps/api/src/modules/payments/match.service.ts:115-115',
  ],
  testFiles: ['apps/api/src/modules/payments/match.test.ts', 'apps/api/src/modules/payments/match-race.test.ts'],
});
