#!/usr/bin/env node
// `npm run bench:cluster`: the checkout benchmark (100 shoppers, 60 s) through nginx, first with
// one shop process behind it, then with two, each on a fresh database of one PostgreSQL server
// and sharing one Redis; integrity checked after each (nothing lost, duplicated, oversold or
// paid twice) and orders/s compared. Also prints where the machine's CPU went during each run
// (shop processes, PostgreSQL, Redis, nginx, the load generator), read from /proc.
//
// Usage: node scripts/bench-cluster.mjs [--seconds 60] [--shoppers 100] [--processes 2]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and
//   BENCH_REDIS_URL (default redis://127.0.0.1:6379/11) name the servers; nginx (the Debian
//   package) is installed with apt-get when it is missing, and run as a child process with the
//   shipped site configuration (deploy/nginx.conf: HTTPS and HTTP/2, here with a self-signed
//   certificate) on free ports (scripts/nginx.mjs).
import { chmod, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  checkIntegrity,
  createServerDatabase,
  prepareStock,
  report,
  runShoppers,
  startShop,
} from './checkout-load.mjs';
import { ensureNginx, startNginx } from './nginx.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '60' },
    shoppers: { type: 'string', default: process.env.BENCH_SHOPPERS ?? '100' },
    processes: { type: 'string', default: '2' },
  },
});
const seconds = Number(args.seconds);
const shopperCount = Number(args.shoppers);
const processCount = Number(args.processes);
const baseDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/11';

async function checkServers() {
  const client = new pg.Client({ connectionString: baseDatabaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    throw new Error(
      `No PostgreSQL server at ${baseDatabaseUrl} (${error.message}); set BENCH_DATABASE_URL.`,
      {
        cause: error,
      },
    );
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`No Redis at ${redisUrl} (${error.message}); set BENCH_REDIS_URL.`, { cause: error });
  } finally {
    redis.disconnect();
  }
}

const CLOCK_TICKS = 100;

/** CPU seconds used so far by every process, grouped: shop, postgres, redis, nginx, other. */
async function cpuByGroup(shopPids, nginxPid) {
  const groups = { shop: 0, postgres: 0, redis: 0, nginx: 0, 'load generator': 0 };
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = await readFile(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    const pid = Number(entry);
    const ppid = Number(fields[1]);
    const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    if (shopPids.includes(pid)) groups.shop += seconds;
    else if (pid === process.pid) groups['load generator'] += seconds;
    else if (pid === nginxPid || ppid === nginxPid) groups.nginx += seconds;
    else if (comm === 'postgres') groups.postgres += seconds;
    else if (comm === 'redis-server') groups.redis += seconds;
  }
  return groups;
}

/** One configuration: `count` shop processes behind nginx on a fresh database. */
async function runCluster(nginxBinary, count, firstShopper) {
  const serverDatabase = await createServerDatabase(baseDatabaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-cluster-'));
  // Shared by every process, as a shared volume is in production: uploaded images live here,
  // and nginx's workers serve them.
  await chmod(dataDir, 0o755);
  const database = { databaseUrl: serverDatabase.url, dataDir };
  const env = { DATABASE_URL: serverDatabase.url, REDIS_URL: redisUrl };
  const shops = [];
  let nginx;
  try {
    // Seed the demo catalog, stop, give it the benchmark's stock.
    const seeder = await startShop({ dataDir, env });
    await seeder.stop();
    const stock = await prepareStock(database);

    // Started together, as a process manager starts them.
    shops.push(...(await Promise.all(Array.from({ length: count }, () => startShop({ dataDir, env })))));
    nginx = await startNginx({
      binary: nginxBinary,
      upstreams: shops.map((s) => s.port),
      dataDir,
      // The simulated shoppers' addresses (X-Forwarded-For) reach the shop, as real ones would.
      forwardClientAddresses: true,
    });
    const pids = shops.map((s) => s.pid);
    const cpuBefore = await cpuByGroup(pids, nginx.pid);
    const run = await runShoppers({
      baseUrl: nginx.url,
      seconds,
      shopperCount,
      stock,
      firstShopper,
      request: nginx.request,
    });
    const cpuAfter = await cpuByGroup(pids, nginx.pid);
    await nginx.stop();
    nginx = undefined;
    await Promise.all(shops.map((s) => s.stop()));
    shops.length = 0;

    const integrity = await checkIntegrity(database, stock, run);
    const title = `${count} shop process${count > 1 ? 'es' : ''} behind nginx, PostgreSQL + Redis`;
    const ok = report(title, run, integrity);
    const cpu = Object.fromEntries(
      Object.entries(cpuAfter).map(([group, value]) => [group, value - cpuBefore[group]]),
    );
    return {
      count,
      ok,
      ordersPerSecond: run.counts.paid / run.elapsed,
      paid: run.counts.paid,
      cpu,
      elapsed: run.elapsed,
    };
  } finally {
    await nginx?.stop();
    await Promise.all(shops.map((s) => s.stop()));
    await rm(dataDir, { recursive: true, force: true });
    await serverDatabase.drop();
  }
}

const nginxBinary = ensureNginx();
await checkServers();
console.log(
  `checkout through nginx: ${shopperCount} shoppers, ${seconds} s, 1 process then ${processCount}; ` +
    `load average before ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
);
const one = await runCluster(nginxBinary, 1, 1);
const many = await runCluster(nginxBinary, processCount, 1);

// On a machine shared with other work, orders/s say more about the neighbours than about the
// shop; CPU time per paid order hardly depends on who else runs, and says what a core buys.
console.log(
  '\nCPU milliseconds per paid order during the buying (PostgreSQL and Redis include other users of those servers):',
);
console.table(
  Object.fromEntries(
    [one, many].map((r) => [
      `${r.count} process${r.count > 1 ? 'es' : ''}`,
      {
        ...Object.fromEntries(
          Object.entries(r.cpu).map(([g, s]) => [g, Number(((1000 * s) / r.paid).toFixed(1))]),
        ),
        'shop, share of a core': `${Math.round((100 * r.cpu.shop) / r.elapsed / r.count)}% each`,
      },
    ]),
  ),
);
console.log(
  `orders/s: 1 process ${one.ordersPerSecond.toFixed(1)}, ${many.count} processes ${many.ordersPerSecond.toFixed(1)} ` +
    `→ ratio ${(many.ordersPerSecond / one.ordersPerSecond).toFixed(2)}; integrity ${one.ok && many.ok ? 'ok' : 'FAILED'}; ` +
    `load average after ${os.loadavg()[0].toFixed(1)}`,
);
process.exitCode = one.ok && many.ok ? 0 : 1;
