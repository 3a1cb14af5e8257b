import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { apiModulesPlugin } from './eslint/api-modules.js';

// The web app's features, read from disk so a new feature is fenced in without editing this file.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Country data comes from one place (docs/decisions/090-country-data-flow.md): no currency symbol,
// currency code or time zone is written outside core's country table. A '$' counts as money when
// it stands alone, leads an amount ('$3.50', '$1,000') or precedes a substitution (`$${x}`), so
// SQL placeholders ('$1') and regular expressions are left alone. Tests, e2e, fixtures and seed
// data may write them (they check or stand for what users see).
const COUNTRY_LITERAL_MESSAGE =
  "Currency symbols, currency codes and time zones come from core's country table (COUNTRIES in packages/core/src/countries.ts) or formatMoney: do not write them here.";
const COUNTRY_LITERAL_SELECTORS = [
  String.raw`Literal[value=/^\s*[$£]\s*$|[$£]\s?\d[\d,]*[.,]\d|£|\b(NZD|GBP)\b|Pacific\/Auckland|Europe\/London/]`,
  String.raw`TemplateElement[value.cooked=/£|\b(NZD|GBP)\b|Pacific\/Auckland|Europe\/London|[$£]\s?\d[\d,]*[.,]\d/]`,
  String.raw`TemplateElement[tail=false][value.cooked=/\$$/]`,
  String.raw`JSXText[value=/[$£]|\b(NZD|GBP)\b|Pacific\/Auckland|Europe\/London/]`,
].map((selector) => ({ selector, message: COUNTRY_LITERAL_MESSAGE }));
const COUNTRY_LITERAL_EXCEPT = [
  'packages/core/src/countries.ts',
  '**/*.test.{ts,tsx}',
  '**/*.test-support.{ts,tsx}',
  '**/fixtures/**',
  '**/test/**',
  'e2e/**',
  'apps/api/src/db/seed*.ts',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'apps/api/drizzle/**', 'e2e/.artifacts/**', '.data/**', 'scripts/shot.mjs', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never imports the API by package name (paths are fenced below, by import-x).
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/apps/api/**', '@uplift/api', '@uplift/api/*'], message: 'The web app must not import the API.' }],
          // The browser bundle replaces TanStack Query's paging with a stub (src/lib/no-infinite-queries.ts).
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useInfiniteQuery', 'useSuspenseInfiniteQuery', 'infiniteQueryOptions', 'InfiniteQueryObserver'],
              message: 'Infinite queries are stubbed out of the browser bundle (apps/web/src/lib/no-infinite-queries.ts): page with ordinary queries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'fastify', 'pg', 'node:*', 'drizzle-orm'], message: 'core is pure: no React, Fastify, database or Node APIs.' }] }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: COUNTRY_LITERAL_EXCEPT,
    rules: { 'no-restricted-syntax': ['error', ...COUNTRY_LITERAL_SELECTORS] },
  },
  {
    files: ['scripts/**/*.ts', 'apps/api/src/cli/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  // A route handler's answer is checked for undeclared fields only when it is sent with
  // reply.send() or built by a mapper with a declared return type, never when an object literal
  // is returned (apps/api/src/contract.type-test.ts). (A later no-restricted-syntax replaces an
  // earlier one, so the country selectors are repeated here.)
  {
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...COUNTRY_LITERAL_SELECTORS,
        ...[
          'CallExpression[callee.property.name=/^(get|post|put|patch|delete)$/] > :function ReturnStatement > ObjectExpression',
          'CallExpression[callee.property.name=/^(get|post|put|patch|delete)$/] > :function ArrowFunctionExpression > ObjectExpression.body',
          'CallExpression[callee.property.name=/^(get|post|put|patch|delete)$/] > ArrowFunctionExpression > ObjectExpression.body',
        ].map((selector) => ({
          selector,
          message: 'Send an answer with reply.send() or build it with a typed mapper: a returned object literal escapes the response schema check.',
        })),
      ],
    },
  },
  // The layering of docs/architecture.md ("The workspaces"), checked on resolved files (so a relative
  // '../../features/x' is caught as surely as a package name), and no import cycles.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse imported .ts/.tsx files with the TypeScript parser (no-cycle reads their imports).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature: move what both need to lib/ or components/, or compose them in a route.',
            })),
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
              message: 'Routes compose features, never the other way round.',
            },
            {
              target: 'apps/web/src/components',
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'Shared UI knows no feature and no route.',
            },
            {
              target: 'apps/web/src/lib',
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'lib is shared by every feature: it imports no feature and no route.',
            },
            { target: 'apps/web', from: 'apps/api', message: 'The web app must not import the API.' },
            { target: 'apps/api', from: 'apps/web', message: 'The API must not import the web app.' },
            { target: 'packages/core', from: 'apps', message: 'core imports neither app.' },
          ],
        },
      ],
      // A package from node_modules cannot close a cycle of ours, so it is skipped; maxDepth bounds the walk.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: 10 }],
    },
  },
  // The API's modules depend one way, each reached only through its index.ts (eslint/api-modules.js
  // holds the map and docs/architecture.md draws it); only repositories query the database.
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'api-modules': apiModulesPlugin(import.meta.dirname) },
    rules: { 'api-modules/boundaries': 'error' },
  },
  {
    files: ['apps/api/src/modules/**/*.service.ts', 'apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema.ts', '**/db/schema/*'],
              message: "Services and routes never query the database themselves: the query belongs in the module's repository.",
            },
          ],
        },
      ],
    },
  },
);
