#!/usr/bin/env node
// `npm run test:e2e`: the browser tests (Playwright Test, system Chromium, real server).
// Finds Chromium first; on Debian/Ubuntu as root it installs the `chromium` package when none
// is there (and says so); otherwise it stops with what to install. Never skips silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';
import { findChromium, installHint } from './find-chromium.mjs';

let browser = findChromium({ headlessShell: true });
if (!browser) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing the Debian package `chromium` (apt-get install -y chromium)…');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
    if (install.status === 0) browser = findChromium({ headlessShell: true });
  }
}
if (!browser) {
  console.error(installHint);
  process.exit(1);
}

const result = spawnSync('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: browser, E2E_RUN_ID: process.env.E2E_RUN_ID ?? `run-${process.pid}` },
});
process.exit(result.status ?? 1);
