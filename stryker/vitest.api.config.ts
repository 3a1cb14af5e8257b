// The API's Vitest config for Stryker's runner, which starts Vitest from the sandbox root: the
// root and the global setup (one real PostgreSQL per run) are given as absolute paths.
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import api from '../apps/api/vitest.config.ts';

const root = path.resolve(import.meta.dirname, '../apps/api');

export default defineConfig({
  ...api,
  root,
  test: { ...api.test, globalSetup: [path.join(root, 'src/test/global-setup.ts')] },
});
