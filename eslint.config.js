import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/api/drizzle/**', 'e2e/.artifacts/**', '.data/**', 'scripts/shot.mjs'] },
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
      // The web app never imports the API, and a feature never imports another feature.
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
);
