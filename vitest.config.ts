import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers suit the 2-core machines.
    maxWorkers: 2,
    pool: 'forks',
    // Each worker keeps the modules it has loaded from one test file to the next. Loading the app
    // anew for every file cost about 4 s of a worker's time per file, a third of the suite's CPU.
    // Test files must therefore leave nothing global behind: every app, database, server, timer
    // and spy a file makes is closed or restored in its own afterAll/afterEach.
    isolate: false,
    globalSetup: ['apps/api/src/test/global-setup.ts'],
  },
});
