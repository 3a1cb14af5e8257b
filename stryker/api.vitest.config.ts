// The API's Vitest config as Stryker runs it: Stryker starts Vitest from the sandbox's root, so the
// API's relative paths (tests under src/, the global setup that starts PostgreSQL and provides
// `pgAdminUrl`) are anchored here to apps/api.
import path from 'node:path';
import { mergeConfig } from 'vitest/config';
import api from '../apps/api/vitest.config.ts';

export default mergeConfig(api, { root: path.resolve(import.meta.dirname, '../apps/api') });
