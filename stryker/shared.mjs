// Options for a mutation run (stryker/core.config.mjs). The machine has 2 cores shared with other work: concurrency 2.

/** @param {string} name the run's folder under reports/mutation/ */
export function shared(name) {
  return {
    testRunner: 'vitest',
    checkers: ['typescript'],
    coverageAnalysis: 'perTest',
    // Static mutants (module-level values: zod schema definitions, message tables, constants) rerun
    // every test for each mutant: 41 % of core's mutants and 92 % of its time. They are left out of
    // the score (reported as Ignored); the rules they hold are pinned by direct unit tests.
    ignoreStatic: true,
    concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
    reporters: ['clear-text', 'progress', 'html', 'json'],
    clearTextReporter: { allowEmojis: false, reportScoreTable: true, reportMutants: true, reportTests: false },
    htmlReporter: { fileName: `reports/mutation/${name}/index.html` },
    jsonReporter: { fileName: `reports/mutation/${name}/mutation.json` },
    incremental: true,
    incrementalFile: `reports/mutation/${name}/stryker-incremental.json`,
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    thresholds: { high: 90, low: 80, break: null },
    ignorePatterns: ['docs', 'reports', 'screenshots', 'test-results', 'playwright-report', '.data', '.data-*', 'dist', 'apps/web/dist'],
    timeoutMS: 10_000,
  };
}
