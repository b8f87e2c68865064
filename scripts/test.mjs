#!/usr/bin/env node
// `npm test`: every test. Unit and API tests (Vitest), then the browser tests (Playwright).
// Ends with one plain line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(os.tmpdir(), 'shop-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = result.status ?? 1;
  return result.status === 0;
}

/** Whether PostgreSQL (5432) and Redis (6379) accept connections on this machine. */
function serversAnswer() {
  const probe = (port) =>
    spawnSync(
      process.execPath,
      [
        '-e',
        `require('net').connect(${port}, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(1))`,
      ],
      { timeout: 3000 },
    ).status === 0;
  return probe(5432) && probe(6379);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const vitestReport = path.join(reports, 'vitest.json');
run('node_modules/.bin/vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}

if (existsSync('playwright.config.ts') && exitCode === 0) {
  const browserRun = (name, args, env = {}) => {
    const report = path.join(reports, `${name}.json`);
    run('node', ['scripts/e2e.mjs', ...args], { ...env, SHOP_PLAYWRIGHT_JSON: report });
    const stats = readJson(report)?.stats;
    if (stats) {
      totals.passed += stats.expected + (stats.flaky ?? 0);
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    }
  };
  browserRun('playwright', []);
  // The purchase once more, through the deployment as shipped (nginx, HTTPS, two processes on
  // PostgreSQL and Redis), where those servers answer on this machine, as they do in CI.
  if (serversAnswer()) {
    browserRun('playwright-cluster', ['apps/web/e2e/checkout.spec.ts', '--grep', 'a full purchase'], {
      E2E_CLUSTER: '1',
    });
  } else {
    console.log(
      'No PostgreSQL and Redis on 127.0.0.1: the purchase through nginx and two processes is left out',
    );
  }
}

rmSync(reports, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (exitCode === 0 && totals.failed > 0) exitCode = 1;
process.exit(exitCode);
