import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers suit the 2-core machines.
    maxWorkers: 2,
    pool: 'forks',
    globalSetup: ['apps/api/src/test/global-setup.ts'],
  },
});
