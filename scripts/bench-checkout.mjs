#!/usr/bin/env node
// `npm run bench:checkout`: 100 shoppers buying at once against the real server (sandbox
// payments, fresh data directory), each looping add-to-cart → order → sandbox payment →
// verify. Prints orders per second, the latency of each step and the integrity counts, read
// from the database once the server has stopped: every one of them must be 0.
//
// Usage: node scripts/bench-checkout.mjs [seconds, default 60] [shoppers, default 100]
//   (or BENCH_SECONDS / BENCH_SHOPPERS). With BENCH_DATABASE_URL (a PostgreSQL server, e.g.
//   postgres://postgres@127.0.0.1:5432/postgres) the shop runs on a fresh database there
//   instead of the embedded one.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  checkIntegrity,
  createServerDatabase,
  prepareStock,
  report,
  runShoppers,
  startShop,
} from './checkout-load.mjs';

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 60);
const shopperCount = Number(process.argv[3] ?? process.env.BENCH_SHOPPERS ?? 100);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-checkout-'));
const serverDatabase = process.env.BENCH_DATABASE_URL
  ? await createServerDatabase(process.env.BENCH_DATABASE_URL)
  : null;
const database = { databaseUrl: serverDatabase?.url, dataDir };
const env = serverDatabase ? { DATABASE_URL: serverDatabase.url } : {};
let server;

try {
  // 1. Seed the demo catalog, then stop, to read and adjust the starting stock.
  server = await startShop({ dataDir, env });
  await server.stop();
  const stock = await prepareStock(database);

  // 2. The shop again, with 100 registered shoppers.
  server = await startShop({ dataDir, env });
  console.log(`${shopperCount} shoppers buying for ${seconds} s…`);
  const run = await runShoppers({ baseUrl: server.url, seconds, shopperCount, stock });
  await server.stop();
  server = undefined;

  // 3. Integrity, from the database itself.
  const integrity = await checkIntegrity(database, stock, run);
  const ok = report(
    `checkout benchmark (${serverDatabase ? 'PostgreSQL server' : 'embedded PGlite'})`,
    run,
    integrity,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  if (server) await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await serverDatabase?.drop();
}
