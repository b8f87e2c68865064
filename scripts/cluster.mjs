#!/usr/bin/env node
// `npm run cluster`: the shop as it is deployed, on this machine: two shop processes on a fresh
// database of the PostgreSQL server, sharing one Redis and one data directory, behind nginx
// with the shipped site configuration (deploy/nginx.conf: HTTPS with HTTP/2, here with a
// self-signed certificate). Prints the address and runs until stopped (Ctrl-C).
// `kill -HUP <pid>` restarts the shop processes one at a time, as deploy/rolling-restart.sh
// does in production: out of nginx's rotation, SIGTERM, started again, ready, back in.
//
// Usage: node scripts/cluster.mjs [--processes 2]
//   CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and
//   CLUSTER_REDIS_URL (default redis://127.0.0.1:6379/12) name the servers; nginx (the Debian
//   package) is installed with apt-get when it is missing.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServerDatabase, startShop } from './checkout-load.mjs';
import { ensureNginx, startNginx } from './nginx.mjs';
import { ensureWebBuild, freePort } from './shop-server.mjs';

/**
 * Starts the cluster and answers what it is made of: `url` (nginx, HTTPS), `request` (a fetch
 * that trusts its certificate), the processes, `rollingRestart()` and `stop()`. `env` adds
 * settings for every shop process.
 */
export async function startCluster({
  processes = 2,
  databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/12',
  log = console.log,
  env: extraEnv = {},
} = {}) {
  ensureWebBuild();
  const binary = ensureNginx();
  const database = await createServerDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-cluster-'));
  // Shared by every process, as a shared volume is in production; nginx's workers serve its
  // uploads, so they must be able to read it.
  await chmod(dataDir, 0o755);
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  const httpsPort = await freePort();
  const url = `https://127.0.0.1:${httpsPort}`;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    PUBLIC_URL: url,
    // Only nginx on this machine may say who the client is (it replaces X-Forwarded-For).
    TRUST_PROXY: '127.0.0.1',
    ...extraEnv,
  };
  const shops = [];
  let nginx;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(shops.map((shop) => shop?.stop()));
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    // The first process loads the demo catalog into the empty database; the others find it.
    shops.push(await startShop({ dataDir, env, port: ports[0] }));
    shops.push(...(await Promise.all(ports.slice(1).map((port) => startShop({ dataDir, env, port })))));
    nginx = await startNginx({ binary, upstreams: ports, dataDir, httpsPort });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    databaseUrl: database.url,
    httpUrl: nginx.httpUrl,
    certificate: nginx.certificate,
    ports,
    request: nginx.request,
    /** The shop processes' PIDs, in the order of `ports`. */
    pids: () => shops.map((shop) => shop.pid),
    /** Each process in turn: out of rotation, stopped (SIGTERM), started, ready, back in. */
    async rollingRestart() {
      for (const [index, port] of ports.entries()) {
        log(`  process on ${port}: out of rotation`);
        await nginx.setDown([port]);
        // What nginx had already sent it finishes before it stops.
        await sleep(1000);
        await shops[index].stop();
        shops[index] = await startShop({ dataDir, env, port });
        await nginx.setDown([]);
        log(`  process on ${port}: restarted (pid ${shops[index].pid}), back in rotation`);
      }
    },
    stop,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { processes: { type: 'string', default: '2' } } });
  const cluster = await startCluster({ processes: Number(values.processes) });
  console.log(`
The shop: ${cluster.url} (nginx, HTTPS with HTTP/2, a self-signed certificate)
  ${cluster.httpUrl} redirects to it; shop processes on ports ${cluster.ports.join(', ')}
  Rolling restart: kill -HUP ${process.pid}   Stop: Ctrl-C`);
  let restarting = Promise.resolve();
  process.on('SIGHUP', () => {
    restarting = restarting.then(async () => {
      console.log('Rolling restart…');
      await cluster.rollingRestart();
      console.log('Rolling restart done.');
    });
  });
  const shutdown = async () => {
    await restarting;
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
