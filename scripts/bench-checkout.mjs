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
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freePort, root } from './shop-server.mjs';

// The API tests' own helper, so the benchmark and the tests make server databases one way.
/** @type {typeof import('../apps/api/src/test/server-database.ts')} */
const { createServerDatabase } = await tsImport('../apps/api/src/test/server-database.ts', import.meta.url);

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 60);
const shopperCount = Number(process.argv[3] ?? process.env.BENCH_SHOPPERS ?? 100);
/** A few products with a handful of units, which every shopper also goes for: the last-unit race. */
const SCARCE_PRODUCTS = 5;
const SCARCE_UNITS = 5;
const SCARCE_SHARE = 0.2;
/** Some callbacks are sent twice, as a reloaded callback page would. */
const REPLAY_SHARE = 0.1;
const CARD = { number: '4111111111111111', name: 'Bench Shopper', month: 12, year: 2099, cvc: '123' };

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-checkout-'));
const serverDatabase = process.env.BENCH_DATABASE_URL
  ? await createServerDatabase(process.env.BENCH_DATABASE_URL, 'shop_bench')
  : null;
let server;

/** The real server (node + tsx on server.ts, so stopping its PID stops it), healthy. */
async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(serverDatabase && { DATABASE_URL: serverDatabase.url }),
      // The shoppers come from distinct addresses (X-Forwarded-For), as real ones do, so the
      // per-IP registration and login limits see 100 people, not one machine.
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '1000000',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 120 s');
    }
    await sleep(250);
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** The database of the stopped server (PGlite allows one process at a time). */
async function withDatabase(work) {
  if (serverDatabase) {
    const client = new pg.Client({ connectionString: serverDatabase.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, 'pg'), { extensions: { pg_trgm } });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const steps = { 'add to cart': [], order: [], 'sandbox pay': [], verify: [] };
const counts = {
  placed: 0,
  paid: 0,
  outOfStock: 0,
  replays: 0,
  replayMismatch: 0,
  errors: 0,
};
const errorSamples = new Map();
/** invoiceId → what the client was told about it. */
const clientOrders = new Map();

function noteError(step, status, body) {
  counts.errors += 1;
  const key = `${step}: ${status} ${body?.code ?? ''}`.trim();
  errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
}

async function call(base, step, method, url, headers, body) {
  const started = performance.now();
  const res = await fetch(base + url, {
    method,
    headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => undefined);
  if (step) steps[step].push(performance.now() - started);
  return { status: res.status, json };
}

async function registerShopper(base, i) {
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const email = `bench-${i}@example.com`;
  const password = 'bench-password-123';
  const headers = { 'x-forwarded-for': ip };
  const registered = await call(base, null, 'POST', '/api/User/Insert/User', headers, {
    UserName: `Bench Shopper ${i}`,
    UserPhone: `055${String(i).padStart(7, '0')}`,
    UserEmail: email,
    UserPassword: password,
  });
  if (registered.status !== 200)
    throw new Error(`register ${i}: ${registered.status} ${JSON.stringify(registered.json)}`);
  const login = await call(base, null, 'POST', '/api/User/User/Login', headers, {
    userEmail: email,
    userPassword: password,
  });
  if (login.status !== 200) throw new Error(`login ${i}: ${login.status} ${JSON.stringify(login.json)}`);
  return { id: login.json.userId, headers: { ...headers, authorization: `Bearer ${login.json.token}` } };
}

async function shop(base, shopper, products, scarce, until) {
  while (Date.now() < until) {
    const pool = scarce.length > 0 && Math.random() < SCARCE_SHARE ? scarce : products;
    const productId = pool[Math.floor(Math.random() * pool.length)];
    const added = await call(base, 'add to cart', 'POST', '/api/Cart/Insert/Cart', shopper.headers, {
      productId,
    });
    if (added.status !== 200) {
      if (added.json?.code === 'OUT_OF_STOCK' || added.json?.code === 'QUANTITY_OVER_STOCK') {
        counts.outOfStock += 1;
        if (scarce.includes(productId)) scarce.splice(scarce.indexOf(productId), 1);
      } else noteError('add to cart', added.status, added.json);
      continue;
    }
    const order = await call(base, 'order', 'POST', '/api/User/Pay/TheInvoice', shopper.headers, {
      userId: shopper.id,
      invoiceUserAdress: 'الرياض، حي العليا',
      invoiceUserPhone: '0551234567',
      invoiceUserLocation: 'location',
      invoiceNote: '',
      products: [{ productId }],
    });
    if (order.status !== 201) {
      if (order.json?.code === 'OUT_OF_STOCK') {
        counts.outOfStock += 1;
        // Sold out while it sat in the cart: empty the cart and shop on.
        await call(base, null, 'DELETE', `/api/Cart/Delete/All/Cart/${shopper.id}`, shopper.headers);
      } else noteError('order', order.status, order.json);
      continue;
    }
    counts.placed += 1;
    const invoiceId = order.json.invoiceId;
    clientOrders.set(invoiceId, { userId: shopper.id, amount: order.json.amount, confirmed: false });
    const pay = await call(base, 'sandbox pay', 'POST', '/api/payments/sandbox/pay', shopper.headers, {
      ...CARD,
      invoiceId,
    });
    if (pay.status !== 200 || pay.json.status !== 'paid') {
      noteError('sandbox pay', pay.status, pay.json);
      continue;
    }
    const verified = await call(base, 'verify', 'POST', '/api/payments/verify', shopper.headers, {
      id: pay.json.id,
    });
    if (verified.status !== 200 || verified.json.invoiceId !== invoiceId) {
      noteError('verify', verified.status, verified.json);
      continue;
    }
    counts.paid += 1;
    clientOrders.get(invoiceId).confirmed = true;
    if (Math.random() < REPLAY_SHARE) {
      counts.replays += 1;
      const again = await call(base, null, 'POST', '/api/payments/verify', shopper.headers, {
        id: pay.json.id,
      });
      if (again.status !== 200 || again.json.invoiceId !== invoiceId) counts.replayMismatch += 1;
    }
  }
}

try {
  // 1. Seed the demo catalog, then stop, to read and adjust the starting stock.
  server = await startServer();
  await server.stop();
  const scarceIds = [];
  const before = await withDatabase(async (db) => {
    const { rows } = await db.query('select id from products where stock > 0 order by id');
    const ids = rows.map((r) => r.id);
    scarceIds.push(...ids.slice(0, SCARCE_PRODUCTS));
    // Plenty of everything else, so 60 s of buying measures checkout, not a sold-out shop.
    await db.query('update products set stock = 1000000 where stock > 0 and not (id = any($1))', [scarceIds]);
    await db.query('update products set stock = $2 where id = any($1)', [scarceIds, SCARCE_UNITS]);
    const snapshot = await db.query('select id, stock, units_sold from products');
    return new Map(snapshot.rows.map((r) => [r.id, { stock: r.stock, unitsSold: r.units_sold }]));
  });
  const inStock = [...before].filter(([, p]) => p.stock > 0).map(([id]) => id);
  const plentiful = inStock.filter((id) => !scarceIds.includes(id));

  // 2. The shop again, with 100 registered shoppers.
  server = await startServer();
  const shoppers = [];
  for (let i = 0; i < shopperCount; i += 10) {
    const batch = Array.from({ length: Math.min(10, shopperCount - i) }, (_, k) =>
      registerShopper(server.url, i + k + 1),
    );
    shoppers.push(...(await Promise.all(batch)));
  }
  console.log(
    `${shoppers.length} shoppers registered; buying for ${seconds} s (${plentiful.length} products, ${scarceIds.length} with ${SCARCE_UNITS} units each)…`,
  );
  const startedAt = Date.now();
  const until = startedAt + seconds * 1000;
  const scarce = [...scarceIds];
  await Promise.all(shoppers.map((s) => shop(server.url, s, plentiful, scarce, until)));
  const elapsed = (Date.now() - startedAt) / 1000;
  await server.stop();
  server = undefined;

  // 3. Integrity, from the database itself.
  const integrity = await withDatabase(async (db) => {
    const one = async (text, params) => (await db.query(text, params)).rows[0];
    const serverOrders = (await db.query('select id, status, payment_id from orders')).rows;
    const byId = new Map(serverOrders.map((o) => [o.id, o]));
    let lost = 0;
    for (const [id, seen] of clientOrders) {
      const row = byId.get(id);
      if (!row || (seen.confirmed && row.status !== 'paid')) lost += 1;
    }
    const duplicated = serverOrders.filter((o) => !clientOrders.has(o.id)).length;
    const units = (
      await db.query(
        `select p.id, p.stock, p.units_sold,
                coalesce(sum(l.quantity) filter (where o.status = 'paid'), 0)::int as paid_units,
                coalesce(sum(l.quantity) filter (where o.status = 'awaiting_payment'), 0)::int as reserved_units
           from products p
           left join order_lines l on l.product_id = p.id
           left join orders o on o.id = l.order_id
          group by p.id`,
      )
    ).rows;
    let oversold = 0;
    let committedTwice = 0;
    let stockDrift = 0;
    for (const u of units) {
      const start = before.get(u.id);
      if (!start) continue;
      oversold += Math.max(0, u.paid_units + u.reserved_units - start.stock) + Math.max(0, -u.stock);
      committedTwice += Math.max(0, u.units_sold - start.unitsSold - u.paid_units);
      // Every unit is on the shelf, reserved by an unpaid order, or sold: nothing else.
      if (start.stock - u.stock !== u.paid_units + u.reserved_units) stockDrift += 1;
    }
    const paidTwice = await one(
      `select count(*)::int as n from (
         select order_id from payments where status = 'paid' group by order_id having count(*) > 1
       ) t`,
    );
    const strayPaid = await one(
      `select count(*)::int as n from payments p join orders o on o.id = p.order_id
        where p.status = 'paid' and o.payment_id is distinct from p.id`,
    );
    const statuses = (await db.query('select status, count(*)::int as n from orders group by status')).rows;
    return {
      lost,
      duplicated,
      oversold,
      paidTwice: paidTwice.n + committedTwice + counts.replayMismatch + strayPaid.n,
      stockDrift,
      statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      scarceLeft: units.filter((u) => scarceIds.includes(u.id)).map((u) => u.stock),
    };
  });

  console.log(
    `\ncheckout benchmark: ${shoppers.length} shoppers, ${elapsed.toFixed(1)} s, ` +
      `${serverDatabase ? 'PostgreSQL server' : 'embedded PGlite'}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  console.log(
    `orders paid: ${counts.paid} (${(counts.paid / elapsed).toFixed(1)} orders/s); placed ${counts.placed}; ` +
      `sold out on the way ${counts.outOfStock}; callback replays ${counts.replays}; unexpected answers ${counts.errors}`,
  );
  if (errorSamples.size > 0) console.log('unexpected answers:', Object.fromEntries(errorSamples));
  console.table(
    Object.fromEntries(
      Object.entries(steps).map(([name, samples]) => {
        const sorted = [...samples].sort((a, b) => a - b);
        return [
          name,
          {
            requests: sorted.length,
            'p50 ms': Math.round(percentile(sorted, 50)),
            'p95 ms': Math.round(percentile(sorted, 95)),
            'p99 ms': Math.round(percentile(sorted, 99)),
          },
        ];
      }),
    ),
  );
  console.log(
    'orders by status:',
    integrity.statuses,
    '| scarce products left:',
    integrity.scarceLeft.join(', '),
  );
  const checks = {
    'lost orders': integrity.lost,
    'duplicated orders': integrity.duplicated,
    'oversold units': integrity.oversold,
    'orders paid twice': integrity.paidTwice,
    'products whose stock does not add up': integrity.stockDrift,
  };
  console.table(
    Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, { count: v, ok: v === 0 ? 'yes' : 'NO' }])),
  );
  const failed = Object.values(checks).some((v) => v !== 0) || counts.paid === 0;
  if (failed) console.log('INTEGRITY CHECK FAILED');
  process.exitCode = failed ? 1 : 0;
} finally {
  if (server) await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await serverDatabase?.drop();
}
