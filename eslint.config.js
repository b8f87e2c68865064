import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The architecture's boundaries (README, "Layout"), as import rules. ESLint applies one
 * `no-restricted-imports` setting per file (a later block replaces an earlier one), so each
 * file group below lists every boundary that applies to it.
 */
const webNeverImportsApi = {
  group: ['@shop/api', '@shop/api/**', '**/apps/api/**'],
  message: 'The storefront never imports the API: share types and schemas through @shop/contract.',
};
const apiNeverImportsWeb = {
  group: ['@shop/web', '@shop/web/**', '**/apps/web/**'],
  message: 'The API never imports the storefront: share types and schemas through @shop/contract.',
};
const noApiTestSupport = {
  group: ['**/test/*', '**/test/**'],
  message: 'Production code imports nothing from the test support folder (apps/api/src/test/).',
};
const noWebTestSupport = {
  group: ['**/e2e/**'],
  message: 'Production code imports nothing from the browser tests (apps/web/e2e/).',
};
const routesDoNotQueryTheDatabase = {
  group: ['drizzle-orm', 'drizzle-orm/**', '**/schema.ts'],
  message: "A route file holds no SQL: it calls its module's service (or a use case), which owns the tables.",
};
const featuresDoNotImportRoutes = {
  group: ['**/routes/**', '**/root.tsx', '**/root'],
  message:
    'Features and lib are used by routes, never the other way round: move what is shared into the feature.',
};
const contractImportsOnlyZod = {
  // zod, and files of the contract's own folder: nothing else, and nothing above it.
  regex: '^(?!zod$|zod/|\\./)',
  message: 'The contract is shared by the API and the storefront and depends on zod only.',
};

const restrict = (...patterns) => ['error', { patterns }];

const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'apps/api/src/test/**', 'apps/web/e2e/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'screenshots/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Import cycles: a module that needs another's code imports it, never both ways.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [importX.createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['packages/contract/**'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': restrict(contractImportsOnlyZod) },
  },
  {
    files: ['apps/web/**'],
    rules: { 'no-restricted-imports': restrict(webNeverImportsApi) },
  },
  {
    files: ['apps/web/app/**'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': restrict(webNeverImportsApi, noWebTestSupport) },
  },
  {
    files: ['apps/web/app/features/**', 'apps/web/app/lib/**', 'apps/web/app/components/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': restrict(webNeverImportsApi, noWebTestSupport, featuresDoNotImportRoutes),
    },
  },
  {
    files: ['apps/api/**'],
    rules: { 'no-restricted-imports': restrict(apiNeverImportsWeb) },
  },
  {
    files: ['apps/api/src/**'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': restrict(apiNeverImportsWeb, noApiTestSupport) },
  },
  {
    files: ['apps/api/src/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': restrict(apiNeverImportsWeb, noApiTestSupport, routesDoNotQueryTheDatabase),
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/app/**/*.client.js'],
    languageOptions: { globals: globals.browser },
  },
);
