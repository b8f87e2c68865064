import type { FullConfig } from '@playwright/test';
import { ensureWebBuild, startShopServer } from '../../../scripts/shop-server.mjs';

/** Builds the storefront if needed, starts the real server, and stops it after the run. */
export default async function globalSetup(_config: FullConfig) {
  // E2E_BASE_URL set by hand: reuse that running server (quick local iterations).
  if (process.env.E2E_BASE_URL) return;
  ensureWebBuild();
  const server = await startShopServer();
  process.env.E2E_BASE_URL = server.url;
  console.log(`Shop server ${server.url} (pid ${server.pid}, data ${server.dataDir})`);
  return async () => {
    await server.stop();
  };
}
