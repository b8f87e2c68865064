import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import architecture from './eslint-rules/architecture.js';

/*
 * The architecture's boundaries (README, "Layout"). Where an import leads is judged on the path
 * it resolves to (`import-x/no-restricted-paths`), so a relative path cannot slip past a rule
 * that a package name would meet. ESLint applies one `no-restricted-imports` setting per file
 * (a later block replaces an earlier one), so each file group below lists every package rule
 * that applies to it.
 */
const api = 'apps/api/src';
const modulesDir = `${api}/modules`;
const moduleNames = readdirSync(modulesDir).filter((name) =>
  statSync(path.join(modulesDir, name)).isDirectory(),
);

/** The API's layers, top to bottom: each imports only from the layers under it. */
const apiTop = [`${api}/server.ts`, `${api}/app.ts`, `${api}/cli`, `${api}/demo`];
/** Between the workspaces: for tests too (a browser test never reaches into the API's code). */
const workspaceZones = [
  {
    target: 'apps/web',
    from: 'apps/api',
    message: 'The storefront never imports the API: share types and schemas through @shop/contract.',
  },
  {
    target: 'apps/api',
    from: 'apps/web',
    message: 'The API never imports the storefront: share types and schemas through @shop/contract.',
  },
  {
    target: 'packages/contract',
    from: ['apps', 'packages/zatca'],
    message: 'The contract is shared by the API and the storefront and depends on zod only.',
  },
];
/** Inside the API, for production code (tests go through the whole app). */
const layerZones = [
  {
    target: [`${api}/http`],
    from: apiTop,
    message: 'The HTTP layer is mounted by app.ts; it never imports it or the commands.',
  },
  {
    target: [`${api}/use-cases`],
    from: [...apiTop, `${api}/http`, `${api}/views`],
    message: 'A use case calls module services (and lib); routes and page actions call the use case.',
  },
  {
    target: [`${api}/views`],
    from: [...apiTop, `${api}/http`, `${api}/use-cases`],
    message: 'A view reads through modules (and lib); it never changes data through a use case.',
  },
  {
    target: [modulesDir],
    from: [...apiTop, `${api}/http`, `${api}/use-cases`, `${api}/views`],
    message:
      'A module owns its tables and knows nothing above it: flows across modules are use cases, reads for a screen are views.',
  },
  {
    target: [`${api}/lib`, `${api}/db`, `${api}/config.ts`],
    from: [...apiTop, `${api}/http`, `${api}/use-cases`, `${api}/views`, modulesDir],
    message: 'lib/ and db/ are the ground floor: they import no layer above them.',
  },
  // A module may read another module's tables (its schema.ts) but never calls its service.
  ...moduleNames.map((name) => ({
    target: `${modulesDir}/${name}`,
    from: moduleNames.filter((other) => other !== name).map((other) => `${modulesDir}/${other}`),
    except: ['./schema.ts'],
    message: `Modules stand side by side: ${name} may read another module's tables (its schema.ts) but never calls its service; a flow across modules is a use case.`,
  })),
];

const webNeverImportsApi = {
  group: ['@shop/api', '@shop/api/**'],
  message: 'The storefront never imports the API: share types and schemas through @shop/contract.',
};
const apiNeverImportsWeb = {
  group: ['@shop/web', '@shop/web/**'],
  message: 'The API never imports the storefront: share types and schemas through @shop/contract.',
};
const noTestTools = {
  group: ['vitest', 'vitest/**', 'fast-check', '@playwright/test', '@axe-core/playwright'],
  message: 'Test tools stay in tests: production code never imports them.',
};
const noApiTestSupport = {
  group: ['**/test/*', '**/test/**', '**/test-support/**'],
  message:
    'Production code imports nothing from the test support folders (apps/api/src/test/, test-support/).',
};
const noWebTestSupport = {
  group: ['**/e2e/**'],
  message: 'Production code imports nothing from the browser tests (apps/web/e2e/).',
};
const httpHoldsNoSql = {
  group: ['drizzle-orm', 'drizzle-orm/**', '**/schema.ts'],
  message: 'The HTTP layer holds no SQL: a route calls one use case or view, which reach the tables.',
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
/** A transaction is a use case's boundary: no route opens one. */
const noTransactionInHttp = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: 'A route opens no transaction: the use case it calls is the transaction boundary.',
};

const testFiles = [
  '**/*.test.ts',
  '**/*.test.tsx',
  'apps/api/src/test/**',
  'apps/web/e2e/**',
  'packages/*/src/test-support/**',
];

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
    // Import cycles between files, and the layers' boundaries on resolved paths (zones above).
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX, architecture },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      // Extensionless paths resolve too, so `../x` cannot slip past a zone that `../x.ts` meets.
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: workspaceZones }],
    },
  },
  {
    files: ['apps/api/src/**'],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...workspaceZones, ...layerZones] }] },
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
    files: ['packages/zatca/**'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': restrict(noTestTools, noApiTestSupport) },
  },
  {
    files: ['apps/web/**'],
    rules: { 'no-restricted-imports': restrict(webNeverImportsApi) },
  },
  {
    files: ['apps/web/app/**'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': restrict(webNeverImportsApi, noWebTestSupport, noTestTools) },
  },
  {
    files: ['apps/web/app/features/**', 'apps/web/app/lib/**', 'apps/web/app/components/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': restrict(
        webNeverImportsApi,
        noWebTestSupport,
        noTestTools,
        featuresDoNotImportRoutes,
      ),
    },
  },
  {
    files: ['apps/api/**'],
    rules: { 'no-restricted-imports': restrict(apiNeverImportsWeb) },
  },
  {
    files: ['apps/api/src/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': restrict(apiNeverImportsWeb, noApiTestSupport, noTestTools),
      // A table is written by the module that owns it; module folders never import each other.
      'architecture/no-foreign-table-writes': 'error',
      'architecture/module-folders-acyclic': 'error',
    },
  },
  {
    files: ['apps/api/src/http/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': restrict(apiNeverImportsWeb, noApiTestSupport, noTestTools, httpHoldsNoSql),
      'no-restricted-syntax': ['error', noTransactionInHttp],
      'architecture/http-calls-use-cases-and-views': 'error',
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
