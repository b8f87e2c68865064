#!/usr/bin/env node
// The back office's overview and customers list at scale: a fresh database with the generated
// 100,000-product catalog (scripts/scale-catalog.mjs, loaded by the real importer), 100,000
// shoppers and 50,000 orders over 60 days, then the real shop under autocannon on
// /api/admin/overview and /api/admin/customers (the first page, a search, a sort by spending)
// with a staff session. Target: p99 under 300 ms. Prints a table with the load average.
//
// Usage: node scripts/bench-dashboard.mjs [--products 100000] [--shoppers 100000]
//          [--orders 50000] [--seconds 10] [--connections 10] [--out bench-dashboard.json]
// With DATABASE_URL (a PostgreSQL server URL) a fresh database on that server, dropped
// afterwards; without it, the embedded database in a temporary folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { importedScaleCatalog, medianMs, scaleDatabase } from './scale-catalog.mjs';
import { memberWithSession } from './staff-session.mjs';
import { ensureWebBuild, startShopServer } from './shop-server.mjs';

// Options as `--name value` (Node's own parser: an unknown option stops the script with its name).
const { values: options } = parseArgs({
  options: {
    products: { type: 'string' },
    shoppers: { type: 'string' },
    orders: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    out: { type: 'string' },
  },
});
const option = (name, fallback) => options[name] ?? fallback;
const productCount = Number(option('products', '100000'));
const shoppers = Number(option('shoppers', '100000'));
const orderCount = Number(option('orders', '50000'));
const seconds = Number(option('seconds', '10'));
const connections = Number(option('connections', '10'));
const out = path.resolve(option('out', 'bench-dashboard.json'));
const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'pglite';
const TARGET_P99_MS = 300;
const PROBES = 15;

/** Shoppers, orders and one staff member with a session, written straight to the database. */
async function seed(env) {
  const { openDatabase } = await tsImport('../apps/api/src/db/client.ts', import.meta.url);
  const { generateShoppersAndOrders } = await tsImport(
    '../apps/api/src/test/scale-orders.ts',
    import.meta.url,
  );
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
  try {
    await database.migrate();
    await generateShoppersAndOrders(database.db, { shoppers, orders: orderCount });
    const token = await memberWithSession(database.db, { email: 'bench@shop.test', name: 'Bench' });
    return token;
  } finally {
    await database.close();
  }
}

ensureWebBuild();
const loadBefore = os.loadavg();
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-'));
const database = await scaleDatabase(work, serverUrl, 'bench_dashboard');
const { env } = database;
const results = [];
try {
  await importedScaleCatalog(work, env, productCount, kind);
  console.log(`${shoppers} shoppers, ${orderCount} orders: generating…`);
  const token = await seed(env);
  const server = await startShopServer({ env: { ...env, SEED_DEMO: 'false' } });
  try {
    const cases = [
      { name: 'overview', path: '/api/admin/overview' },
      { name: 'customers, first page', path: '/api/admin/customers?q=' },
      { name: 'customers, search', path: `/api/admin/customers?q=${encodeURIComponent('Customer 4321')}` },
      { name: 'customers, by spending', path: '/api/admin/customers?sort=spent&dir=desc' },
    ];
    for (const c of cases) {
      const headers = { cookie: `staff_session=${token}`, 'accept-encoding': 'gzip' };
      // One at a time first: the median is the call's own cost, which other work on a shared
      // machine moves least.
      const alone = [];
      for (let i = 0; i < PROBES; i++) {
        const started = performance.now();
        const res = await fetch(server.url + c.path, { headers });
        if (!res.ok) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        alone.push(performance.now() - started);
      }
      const aloneMs = medianMs(alone);
      const result = await autocannon({
        url: server.url + c.path,
        headers,
        connections,
        duration: seconds,
        timeout: 10,
      });
      const row = {
        endpoint: c.name,
        aloneMs,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        timeouts: result.timeouts,
        underTarget: result.latency.p99 < TARGET_P99_MS,
      };
      results.push(row);
      console.log(
        `  ${c.name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
  rmSync(work, { recursive: true, force: true });
}
const loadAfter = os.loadavg();
console.table(results);
console.log(
  `${kind}, ${connections} connections, ${seconds} s per endpoint, target p99 < ${TARGET_P99_MS} ms; ` +
    `load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ` +
    `${loadAfter.map((l) => l.toFixed(1)).join(' ')} after, on ${os.cpus().length} cores`,
);
writeFileSync(
  out,
  JSON.stringify(
    {
      kind,
      connections,
      seconds,
      products: productCount,
      shoppers,
      orders: orderCount,
      load: { before: loadBefore, after: loadAfter },
      results,
    },
    null,
    2,
  ),
);
if (results.some((r) => !r.underTarget || r.errors > 0)) process.exitCode = 1;
