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
//   package) is installed with apt-get when it is missing, and run as a child process with a
//   configuration written to a temporary directory, on a free port.
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { freePort } from './shop-server.mjs';

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

/** nginx from the Debian package, installed when absent (as root, with apt-get). */
function ensureNginx() {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim().split('\n')[0];
  if (process.getuid?.() !== 0)
    throw new Error('nginx is missing: apt-get install nginx (as root), then run again.');
  console.log('Installing nginx (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const command of [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx']],
  ]) {
    const result = spawnSync(command[0], command[1], { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`${command[0]} ${command[1].join(' ')} failed`);
  }
  return '/usr/sbin/nginx';
}

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

/** The proxy in front of the shop processes, as docs/deployment.md describes it. */
async function startNginx(binary, upstreamPorts) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-nginx-'));
  // nginx's workers run as an unprivileged user, which must reach its temporary files.
  await chmod(dir, 0o755);
  const port = await freePort();
  const config = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream shop {
    least_conn;
${upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
  await writeFile(path.join(dir, 'nginx.conf'), config);
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error('nginx did not answer within 25 s');
    await sleep(250);
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // SIGQUIT: nginx's graceful stop (finishes open requests, then exits with its workers).
        child.kill('SIGQUIT');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
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
  // Shared by every process, as a shared volume is in production: uploaded images live here.
  await mkdir(dataDir, { recursive: true });
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
    nginx = await startNginx(
      nginxBinary,
      shops.map((s) => s.port),
    );
    const pids = shops.map((s) => s.pid);
    const cpuBefore = await cpuByGroup(pids, nginx.pid);
    const run = await runShoppers({ baseUrl: nginx.url, seconds, shopperCount, stock, firstShopper });
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
