import { defineConfig } from '@playwright/test';
// A plain .mjs helper shared with scripts/e2e.mjs and scripts/screenshots.mjs.
import { chromiumArgs, findChromium, installHint } from './scripts/find-chromium.mjs';

/**
 * Browser tests: the system Chromium against the real server, started by the
 * global setup on a free port with a temporary data directory and the demo catalog.
 * Run with `npm run test:e2e` (scripts/e2e.mjs installs Chromium on Debian/Ubuntu when missing).
 */
const executablePath: string | undefined = findChromium({ headlessShell: true });
if (!executablePath) throw new Error(installHint);

const jsonReport = process.env.SHOP_PLAYWRIGHT_JSON;

export default defineConfig({
  testDir: 'apps/web/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './apps/web/e2e/global-setup.ts',
  // A guard against hangs, not a speed check: long journeys on a busy 2-core machine need room.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  // Per run (scripts/e2e.mjs sets E2E_RUN_ID): runs sharing a working tree do not clobber each other.
  outputDir: process.env.E2E_RUN_ID ? `test-results/${process.env.E2E_RUN_ID}` : 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // The cluster's nginx has a self-signed certificate (E2E_CLUSTER, see the global setup).
    ignoreHTTPSErrors: Boolean(process.env.E2E_CLUSTER),
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium' }],
});
