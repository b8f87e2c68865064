import type { FullConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild, startShopServer } from '../../../scripts/shop-server.mjs';
import { E2E_OWNER } from './staff-helpers.ts';

const apiDir = fileURLToPath(new URL('../../api', import.meta.url));

/**
 * Makes the back office's first owner with the command line, as a shop owner would (`npm run
 * staff:create`), on the data directory the server then starts on: the embedded database
 * must not be in use while the command runs.
 */
function createOwner(dataDir: string) {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/modules/staff/cli.ts',
      '--email',
      E2E_OWNER.email,
      '--name',
      E2E_OWNER.name,
      '--role',
      'owner',
    ],
    {
      cwd: apiDir,
      env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: apiDir, STAFF_PASSWORD: E2E_OWNER.password },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
}

/** Builds the storefront if needed, starts the real server, and stops it after the run. */
export default async function globalSetup(_config: FullConfig) {
  // E2E_BASE_URL set by hand: reuse that running server (quick local iterations).
  if (process.env.E2E_BASE_URL) return;
  ensureWebBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-data-'));
  createOwner(dataDir);
  const server = await startShopServer({ env: { DATA_DIR: dataDir } });
  process.env.E2E_BASE_URL = server.url;
  // Tests read what the shop wrote there (the e-mail outbox).
  process.env.E2E_DATA_DIR = dataDir;
  console.log(`Shop server ${server.url} (pid ${server.pid}, data ${dataDir})`);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
