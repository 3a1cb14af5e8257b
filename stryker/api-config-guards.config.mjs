// The configuration and request guards (docs/decisions/152, 153): `npm run test:mutation -- api-config-guards`.
// Mutated: config.ts 202-211 (a public TRUST_PROXY range and unencrypted embedded backups refused
// in production, a warning elsewhere: 261) and 284-378 (`addressValue`, `rangeOf`, `within`,
// `isPrivateRange`, `parseTrustProxy`, `trustedProxyCheck`), request-guard.ts 42-46 (the CDN's
// country header only from a trusted proxy) and documents/csv.ts (a cell that looks like a
// formula neutralised).
// Narrowed on 29 Nov 2026 to the guards that decide who is trusted and what is refused at start-up:
// request-guard.ts's NUL checks (lines 14-30, 52-67) and their tests (faults.test.ts,
// plugins/spa-nul.test.ts, which walk every route of a whole app for each mutant) and
// behind-proxy.test.ts (X-Forwarded-For through Fastify, three apps per reload) did not fit the
// shared machine: the whole run (343 mutants) was estimated at well over an hour.
// Not measured: the module-level tables and patterns (PROXY_RANGE_NAMES, csv.ts's FORMULA_START and
// SEPARATOR): static mutants, ignored (docs/decisions/101); escaping.test.ts and config.test.ts pin
// each of their entries.
import { apiTarget } from './api.mjs';

export default apiTarget('config-guards', {
  mutate: [
    'apps/api/src/config.ts:202-211',
    'apps/api/src/config.ts:261-261',
    'apps/api/src/config.ts:284-378',
    'apps/api/src/plugins/request-guard.ts:42-46',
    'apps/api/src/modules/documents/csv.ts',
  ],
  testFiles: [
    'apps/api/src/config.test.ts',
    'apps/api/src/modules/geo/country-header.test.ts',
    'apps/api/src/modules/documents/escaping.test.ts',
  ],
});
