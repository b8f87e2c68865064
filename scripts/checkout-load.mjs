// The checkout load of `npm run bench:checkout` and `npm run bench:cluster`, as functions:
// start shop processes, give the demo catalog its benchmark stock, run shoppers who each loop
// add-to-cart → order → sandbox payment → verify, and count integrity from the database.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freePort, root } from './shop-server.mjs';

/** A few products with a handful of units, which every shopper also goes for: the last-unit race. */
const SCARCE_PRODUCTS = 5;
const SCARCE_UNITS = 5;
const SCARCE_SHARE = 0.2;
/** Some callbacks are sent twice, as a reloaded callback page would. */
const REPLAY_SHARE = 0.1;
const CARD = { number: '4111111111111111', name: 'Bench Shopper', month: 12, year: 2099, cvc: '123' };

/**
 * One shop process (node + tsx on server.ts, so stopping its PID stops it), healthy.
 * `env` adds to the benchmark's settings (DATABASE_URL, REDIS_URL, …).
 */
export async function startShop({ dataDir, env = {}, port }) {
  port ??= await freePort();
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
      // The shoppers come from distinct addresses (X-Forwarded-For), as real ones do, so the
      // per-IP registration and login limits see 100 people, not one machine.
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '1000000',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 180 s');
    }
    await sleep(250);
  }
  return {
    url,
    port,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** `shop_bench_<random>` on the PostgreSQL server, and a way to drop it: the API tests' own helper. */
export async function createServerDatabase(baseUrl) {
  /** @type {typeof import('../apps/api/src/test/server-database.ts')} */
  const { createServerDatabase: create } = await tsImport(
    '../apps/api/src/test/server-database.ts',
    import.meta.url,
  );
  return create(baseUrl, 'shop_bench');
}

/**
 * Runs `work` with a client of the shop's database: the PostgreSQL database at `databaseUrl`,
 * or the embedded one in `dataDir` (its server stopped: PGlite allows one process at a time).
 */
export async function withDatabase({ databaseUrl, dataDir }, work) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
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

/**
 * Plenty of every product except five scarce ones with 5 units each, so a minute of buying
 * measures checkout rather than a sold-out shop, and still races for the last units. Returns
 * the starting stock the integrity counts compare with.
 */
export async function prepareStock(database) {
  return withDatabase(database, async (db) => {
    // Products sold without options: the load adds them to the cart by product id alone.
    const { rows } = await db.query(
      'select id from products where stock > 0 and variant_count = 1 order by id',
    );
    const scarceIds = rows.map((r) => r.id).slice(0, SCARCE_PRODUCTS);
    await db.query(
      'update product_variants set stock = 1000000 where stock > 0 and not (product_id = any($1))',
      [scarceIds],
    );
    await db.query('update product_variants set stock = $2 where product_id = any($1)', [
      scarceIds,
      SCARCE_UNITS,
    ]);
    const snapshot = await db.query('select id, stock, units_sold from products where variant_count = 1');
    const before = new Map(snapshot.rows.map((r) => [r.id, { stock: r.stock, unitsSold: r.units_sold }]));
    const plentiful = [...before]
      .filter(([id, p]) => p.stock > 0 && !scarceIds.includes(id))
      .map(([id]) => id);
    return { before, scarceIds, plentiful };
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * `shopperCount` shoppers registered through `baseUrl`, buying for `seconds`. `firstShopper`
 * keeps e-mail addresses and phone numbers unique when several runs share a database.
 * `request`: the fetch to use (one that trusts a local proxy's certificate, for example).
 */
export async function runShoppers({
  baseUrl,
  seconds,
  shopperCount,
  stock,
  firstShopper = 1,
  request = fetch,
}) {
  const steps = { 'add to cart': [], order: [], 'sandbox pay': [], verify: [] };
  const counts = { placed: 0, paid: 0, outOfStock: 0, replays: 0, replayMismatch: 0, errors: 0 };
  const errorSamples = new Map();
  /** invoiceId → what the client was told about it. */
  const clientOrders = new Map();

  function noteError(step, status, body) {
    counts.errors += 1;
    const key = `${step}: ${status} ${body?.code ?? ''}`.trim();
    errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
  }

  async function call(step, method, url, headers, body) {
    const started = performance.now();
    let res;
    try {
      res = await request(baseUrl + url, {
        method,
        headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      return { status: 0, json: { code: `network: ${error.cause?.code ?? error.message}` } };
    }
    const json = await res.json().catch(() => undefined);
    if (step) steps[step].push(performance.now() - started);
    return { status: res.status, json };
  }

  async function registerShopper(i) {
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const email = `bench-${i}@example.com`;
    const password = 'bench-password-123';
    const headers = { 'x-forwarded-for': ip };
    const registered = await call(null, 'POST', '/api/User/Insert/User', headers, {
      UserName: `Bench Shopper ${i}`,
      UserPhone: `055${String(i).padStart(7, '0')}`,
      UserEmail: email,
      UserPassword: password,
    });
    if (registered.status !== 200)
      throw new Error(`register ${i}: ${registered.status} ${JSON.stringify(registered.json)}`);
    const login = await call(null, 'POST', '/api/User/User/Login', headers, {
      userEmail: email,
      userPassword: password,
    });
    if (login.status !== 200) throw new Error(`login ${i}: ${login.status} ${JSON.stringify(login.json)}`);
    return { id: login.json.userId, headers: { ...headers, authorization: `Bearer ${login.json.token}` } };
  }

  async function shop(shopper, products, scarce, until) {
    while (Date.now() < until) {
      const pool = scarce.length > 0 && Math.random() < SCARCE_SHARE ? scarce : products;
      const productId = pool[Math.floor(Math.random() * pool.length)];
      const added = await call('add to cart', 'POST', '/api/Cart/Insert/Cart', shopper.headers, {
        productId,
      });
      if (added.status !== 200) {
        if (added.json?.code === 'OUT_OF_STOCK' || added.json?.code === 'QUANTITY_OVER_STOCK') {
          counts.outOfStock += 1;
          if (scarce.includes(productId)) scarce.splice(scarce.indexOf(productId), 1);
        } else noteError('add to cart', added.status, added.json);
        continue;
      }
      const order = await call('order', 'POST', '/api/User/Pay/TheInvoice', shopper.headers, {
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
          await call(null, 'DELETE', `/api/Cart/Delete/All/Cart/${shopper.id}`, shopper.headers);
        } else noteError('order', order.status, order.json);
        continue;
      }
      counts.placed += 1;
      const invoiceId = order.json.invoiceId;
      clientOrders.set(invoiceId, { userId: shopper.id, amount: order.json.amount, confirmed: false });
      const pay = await call('sandbox pay', 'POST', '/api/payments/sandbox/pay', shopper.headers, {
        ...CARD,
        invoiceId,
      });
      if (pay.status !== 200 || pay.json.status !== 'paid') {
        noteError('sandbox pay', pay.status, pay.json);
        continue;
      }
      const verified = await call('verify', 'POST', '/api/payments/verify', shopper.headers, {
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
        const again = await call(null, 'POST', '/api/payments/verify', shopper.headers, { id: pay.json.id });
        if (again.status !== 200 || again.json.invoiceId !== invoiceId) counts.replayMismatch += 1;
      }
    }
  }

  const shoppers = [];
  for (let i = 0; i < shopperCount; i += 10) {
    const batch = Array.from({ length: Math.min(10, shopperCount - i) }, (_, k) =>
      registerShopper(firstShopper + i + k),
    );
    shoppers.push(...(await Promise.all(batch)));
  }
  const startedAt = Date.now();
  const until = startedAt + seconds * 1000;
  const scarce = [...stock.scarceIds];
  await Promise.all(shoppers.map((s) => shop(s, stock.plentiful, scarce, until)));
  const elapsed = (Date.now() - startedAt) / 1000;
  return { shoppers: shoppers.length, elapsed, steps, counts, errorSamples, clientOrders };
}

/**
 * Integrity, from the database itself: lost, duplicated, oversold, paid twice, and products
 * whose stock does not add up. Every count must be 0.
 */
export async function checkIntegrity(database, stock, run) {
  const { before, scarceIds } = stock;
  return withDatabase(database, async (db) => {
    const one = async (text, params) => (await db.query(text, params)).rows[0];
    const serverOrders = (await db.query('select id, status, payment_id from orders')).rows;
    const byId = new Map(serverOrders.map((o) => [o.id, o]));
    let lost = 0;
    for (const [id, seen] of run.clientOrders) {
      const row = byId.get(id);
      if (!row || (seen.confirmed && row.status !== 'paid')) lost += 1;
    }
    const duplicated = serverOrders.filter((o) => !run.clientOrders.has(o.id)).length;
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
      checks: {
        'lost orders': lost,
        'duplicated orders': duplicated,
        'oversold units': oversold,
        'orders paid twice': paidTwice.n + committedTwice + run.counts.replayMismatch + strayPaid.n,
        'products whose stock does not add up': stockDrift,
      },
      statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      scarceLeft: units.filter((u) => scarceIds.includes(u.id)).map((u) => u.stock),
    };
  });
}

/** Prints a run: orders/s, latency per step, integrity. Returns true when every check is 0. */
export function report(title, run, integrity) {
  const { counts, steps, errorSamples, elapsed } = run;
  console.log(
    `\n${title}: ${run.shoppers} shoppers, ${elapsed.toFixed(1)} s, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
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
  console.table(
    Object.fromEntries(
      Object.entries(integrity.checks).map(([k, v]) => [k, { count: v, ok: v === 0 ? 'yes' : 'NO' }]),
    ),
  );
  const ok = Object.values(integrity.checks).every((v) => v === 0) && counts.paid > 0;
  if (!ok) console.log('INTEGRITY CHECK FAILED');
  return ok;
}
