// The configuration and request guards (docs/decisions/152, 153): `npm run test:mutation -- api-config-guards`.
// Mutated: config.ts 202-211 (a public TRUST_PROXY range and unencrypted embedded backups refused
// in production, a warning elsewhere: 261) and 301-378 (`rangeOf`, `within`, `isPrivateRange`,
// `parseTrustProxy`, `trustedProxyCheck`; `addressValue`, 284-299, too), request-guard.ts (a NUL
// in a parameter or a JSON body, the CDN's country header only from a trusted proxy) and
// documents/csv.ts (a cell that looks like a formula neutralised).
// Not measured: the module-level tables and patterns (PROXY_RANGE_NAMES, csv.ts's FORMULA_START and
// SEPARATOR): static mutants, ignored (docs/decisions/101); escaping.test.ts and config.test.ts pin
// each of their entries.
import { apiTarget } from './api.mjs';

export default apiTarget('config-guards', {
  mutate: [
    'apps/api/src/config.ts:202-211',
    'apps/api/src/config.ts:261-261',
    'apps/api/src/config.ts:284-378',
    'apps/api/src/plugins/request-guard.ts',
    'apps/api/src/modules/documents/csv.ts',
  ],
  testFiles: [
    'apps/api/src/config.test.ts',
    'apps/api/src/behind-proxy.test.ts',
    'apps/api/src/modules/geo/country-header.test.ts',
    'apps/api/src/plugins/spa-nul.test.ts',
    'apps/api/src/faults.test.ts',
    'apps/api/src/modules/documents/escaping.test.ts',
  ],
});
