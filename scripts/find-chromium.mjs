// Finds the Chromium the browser tests and screenshots use (decision 032): CHROME_PATH, else a
// system Chrome/Chromium, else Playwright's managed Chromium. Never downloads one: the test
// machines have no browser downloads, and a silent skip would hide missing browser tests.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const systemBrowsers = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/**
 * Quiet, sandbox-free headless Chromium that calls nowhere: no GPU, QUIC, first-run screens,
 * background networking, component updates or sync, so a test run is the same offline, in a
 * container (no sandbox there) and on a developer's machine.
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const installHint =
  'No Chromium found for the browser tests. Install one and run again:\n' +
  '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
  '  Fedora:        sudo dnf install -y chromium\n' +
  '  macOS:         brew install --cask chromium\n' +
  'or point CHROME_PATH at a Chrome or Chromium binary.';

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, the same engine and version as
 * its `chromium`): the browser tests only ever run headless, and the shell runs them without the
 * full browser's processes, with about a fifth less CPU on a 2-core machine.
 */
const headlessShells = ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'];

/**
 * The path of a usable Chromium, or undefined. `headlessShell`: the headless shell first, where
 * one is installed (the browser tests); Lighthouse and the screenshots take the full browser.
 */
export function findChromium({ headlessShell = false } = {}) {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH=${process.env.CHROME_PATH} does not exist.\n${installHint}`);
  }
  const system = [...(headlessShell ? headlessShells : []), ...systemBrowsers].find((candidate) =>
    existsSync(candidate),
  );
  if (system) return system;
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const managed = chromium.executablePath();
    if (managed && existsSync(managed)) return managed;
  } catch {
    // playwright-core missing or no managed browser: fall through.
  }
  return undefined;
}
