import type { FullConfig } from '@playwright/test';
import { startCluster } from '../../../scripts/cluster.mjs';
import { ensureWebBuild, root, startShopServer } from '../../../scripts/shop-server.mjs';
import { createE2eOwner } from './staff-helpers.ts';

/**
 * Builds the storefront if needed, creates the back office's owner, starts the real server, and
 * stops it after the run.
 */
export default async function globalSetup(_config: FullConfig) {
  // E2E_BASE_URL set by hand: reuse that running server (quick local iterations).
  if (process.env.E2E_BASE_URL) return;
  ensureWebBuild();
  // E2E_CLUSTER: the deployment as shipped (npm run cluster: nginx with HTTPS in front of two
  // shop processes on PostgreSQL and Redis), for the journeys that must hold through it.
  if (process.env.E2E_CLUSTER) {
    const cluster = await startCluster({ log: () => {}, env: { PAGE_RENDER_WAIT_MS: '60000' } });
    process.env.E2E_BASE_URL = cluster.url;
    console.log(`Shop cluster ${cluster.url} (processes ${cluster.pids().join(', ')})`);
    return async () => {
      await cluster.stop();
    };
  }
  // The back office's owner, made the way an operator makes one (staff-helpers.ts). The tests
  // share a loaded machine with other test runs: the render gate's short wait is for bursts of
  // shoppers, and would turn a slow test page into a "busy" page here.
  const server = await startShopServer({
    env: { PAGE_RENDER_WAIT_MS: '60000' },
    beforeStart: ({ dataDir }) => createE2eOwner(root, dataDir),
  });
  process.env.E2E_BASE_URL = server.url;
  // Where the server writes mails without SMTP (the invitation's link).
  process.env.E2E_DATA_DIR = server.dataDir;
  console.log(`Shop server ${server.url} (pid ${server.pid}, data ${server.dataDir})`);
  return async () => {
    await server.stop();
  };
}
