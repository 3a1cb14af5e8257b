import { defineConfig } from 'vitest/config';

// One runner for unit, API and component tests; each workspace is a project.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/api', 'apps/web'],
  },
});
