#!/usr/bin/env node
// `npm test`: every test. Unit and API tests (Vitest) on the embedded database, the API tests
// again on a PostgreSQL server where one answers, then the browser tests (Playwright).
// Ends with one plain line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(os.tmpdir(), 'shop-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

/** `env`'s variables set to undefined are left out of the command's environment. */
function run(command, args, env = {}) {
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
  );
  const result = spawnSync(command, args, { stdio: 'inherit', env: merged });
  if (result.status !== 0) exitCode = result.status ?? 1;
  return result.status === 0;
}

/** Whether something accepts connections on this port of 127.0.0.1. */
function answers(port) {
  return (
    spawnSync(
      process.execPath,
      [
        '-e',
        `require('net').connect(${port}, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(1))`,
      ],
      { timeout: 3000 },
    ).status === 0
  );
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestRun(name, args, env = {}) {
  const report = path.join(reports, `${name}.json`);
  run(
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    env,
  );
  const vitest = readJson(report);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests;
    totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  }
}

// The embedded database, whatever TEST_DATABASE_URL says: that is the next run's.
vitestRun('vitest', [], { TEST_DATABASE_URL: undefined });

// The API suite once more on a PostgreSQL server (each test file makes a database of its own
// there and drops it): TEST_DATABASE_URL when given, else the local server's `postgres` user
// when one answers on 127.0.0.1:5432, as on CI. Without either it is left out, and said so.
const postgresUrl =
  process.env.TEST_DATABASE_URL ||
  (answers(5432) ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
if (postgresUrl) {
  console.log(`\nThe API tests again, on PostgreSQL (${new URL(postgresUrl).host})`);
  vitestRun('vitest-postgres', ['apps/api'], { TEST_DATABASE_URL: postgresUrl });
} else {
  console.log(
    'No PostgreSQL on 127.0.0.1:5432 and no TEST_DATABASE_URL: the API tests ran on the embedded database only',
  );
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
  if (answers(5432) && answers(6379)) {
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
