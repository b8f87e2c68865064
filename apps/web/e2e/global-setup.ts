import type { FullConfig } from '@playwright/test';
import { ensureWebBuild, startShopServer } from '../../../scripts/shop-server.mjs';

/** Builds the storefront if needed, starts the real server, and stops it after the run. */
export default async function globalSetup(_config: FullConfig) {
  // E2E_BASE_URL set by hand: reuse that running server (quick local iterations).
  if (process.env.E2E_BASE_URL) return;
  ensureWebBuild();
  // The tests share a loaded machine with other test runs; the render gate's short wait is for
  // bursts of shoppers, and would turn a slow test page into a "busy" page here.
  const server = await startShopServer({ env: { PAGE_RENDER_WAIT_MS: '60000' } });
  process.env.E2E_BASE_URL = server.url;
  console.log(`Shop server ${server.url} (pid ${server.pid}, data ${server.dataDir})`);
  return async () => {
    await server.stop();
  };
}
