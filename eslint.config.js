// One lint configuration for the whole monorepo (flat config).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      '**/.turbo/**',
      '.storybook/public/**',
      '**/public/mockServiceWorker.js',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}', 'packages/api/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', '.storybook/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Imports run one way: api ← ui ← web, and api/contract ← server.
  {
    files: ['packages/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@pitlane/ui', '@pitlane/ui/*', '@pitlane/web', '@pitlane/server'] }] },
  },
  {
    files: ['packages/api/src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', 'react-*', '@tanstack/*', 'msw', 'msw/*', '@pitlane/*'] }] },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@pitlane/web', '@pitlane/server'] }] },
  },
  {
    // The web app's location is apps/web/src/app/location.tsx's (navigations as transitions, its
    // history entries): wouter's browser hook, its `navigate` and `useHistoryState` go around it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'wouter/use-browser-location', message: 'Use app/location.tsx (useHistoryState, useAppHistory) or wouter\'s useLocation.' }] },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', '@tanstack/*', '@pitlane/ui', '@pitlane/web'], message: 'The server never imports React or the front end.' },
            { regex: '^@pitlane/api(?!/contract)', message: 'The server imports only @pitlane/api/contract.' },
          ],
        },
      ],
    },
  },
  {
    // Server tests may drive the server through the typed client and the shared behaviour suite.
    files: ['apps/server/**/*.test.ts', 'apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', '@tanstack/*', '@pitlane/ui', '@pitlane/web'], message: 'The server never imports React or the front end.' },
            { regex: '^@pitlane/api/(hooks|mocks)', message: 'Server tests use the contract, the client and the behaviour suite only.' },
          ],
        },
      ],
    },
  },
  ...storybook.configs['flat/recommended'],
);
