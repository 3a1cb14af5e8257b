import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's features, read from disk so a new feature is fenced in without editing this file.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'apps/api/drizzle/**', 'e2e/.artifacts/**', '.data/**', 'scripts/shot.mjs'] },
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/api/**', '@uplift/api', '@uplift/api/*'], message: 'The web app must not import the API.' }] }],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'fastify', 'pg', 'node:*', 'drizzle-orm'], message: 'core is pure: no React, Fastify, database or Node APIs.' }] }],
    },
  },
  {
    files: ['scripts/**/*.ts', 'apps/api/src/cli/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  // A route handler's answer is checked for undeclared fields only when it is sent with
  // reply.send() or built by a mapper with a declared return type, never when an object literal
  // is returned (apps/api/src/contract.type-test.ts).
  {
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
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
  // The layering of ARCHITECTURE.md "Conventions" 1, checked on resolved files (so a relative
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
);
