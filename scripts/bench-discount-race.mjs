#!/usr/bin/env node
// `npm run bench:discount-race`: a flash sale's last uses. Two shop processes on one fresh
// PostgreSQL database; a discount code with 50 uses; 200 signed-in shoppers, each with the code
// on a cart, press "Confirm order" at the same moment, half on each process. Prints how many
// orders got the discount (it must be exactly the code's 50, counted on the database), how
// many were refused as used up, and how long the race took. Exit code 1 when the count is off.
//
// Usage: node scripts/bench-discount-race.mjs [--shoppers 200] [--uses 50]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createServerDatabase, startShop, withDatabase } from './checkout-load.mjs';

const { values: args } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '200' },
    uses: { type: 'string', default: '50' },
  },
});
const shopperCount = Number(args.shoppers);
const uses = Number(args.uses);
const baseDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CODE = 'RACE50';

async function call(baseUrl, method, url, headers, body) {
  const res = await fetch(baseUrl + url, {
    method,
    headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

/** A shopper registered and signed in on `baseUrl`, with one unit of `productId` and the code on the cart. */
async function readyShopper(baseUrl, i, productId) {
  const headers = { 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}` };
  const email = `race-${i}@example.com`;
  const password = 'race-password-123';
  const registered = await call(baseUrl, 'POST', '/api/User/Insert/User', headers, {
    UserName: `Race Shopper ${i}`,
    UserPhone: `056${String(i).padStart(7, '0')}`,
    UserEmail: email,
    UserPassword: password,
  });
  if (registered.status !== 200) throw new Error(`register ${i}: ${registered.status}`);
  const login = await call(baseUrl, 'POST', '/api/User/User/Login', headers, {
    userEmail: email,
    userPassword: password,
  });
  if (login.status !== 200) throw new Error(`login ${i}: ${login.status}`);
  const shopper = {
    id: login.json.userId,
    headers: { ...headers, authorization: `Bearer ${login.json.token}` },
  };
  const added = await call(baseUrl, 'POST', '/api/Cart/Insert/Cart', shopper.headers, { productId });
  if (added.status !== 200) throw new Error(`cart ${i}: ${added.status} ${added.json?.code}`);
  const applied = await call(baseUrl, 'POST', '/api/Cart/DiscountCode', shopper.headers, { code: CODE });
  if (applied.status !== 200) throw new Error(`code ${i}: ${applied.status} ${applied.json?.code}`);
  return shopper;
}

const serverDatabase = await createServerDatabase(baseDatabaseUrl);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-race-'));
const database = { databaseUrl: serverDatabase.url, dataDir };
const env = { DATABASE_URL: serverDatabase.url };
const shops = [];
try {
  // The schema and the demo catalog, then the code and a product nobody can sell out.
  const seeder = await startShop({ dataDir, env });
  await seeder.stop();
  const productId = await withDatabase(database, async (db) => {
    const { rows } = await db.query(
      'select id from products where stock > 0 and variant_count = 1 and not hidden order by id limit 1',
    );
    const id = rows[0].id;
    await db.query('update product_variants set stock = 1000000 where product_id = $1', [id]);
    await db.query('update products set stock = 1000000 where id = $1', [id]);
    await db.query(
      `insert into discount_codes (code, kind, percent, usage_limit, enabled) values ($1, 'percent', 10, $2, true)`,
      [CODE, uses],
    );
    return id;
  });

  shops.push(...(await Promise.all([startShop({ dataDir, env }), startShop({ dataDir, env })])));
  const shopOf = (i) => shops[i % shops.length].url;
  console.log(`${shopperCount} shoppers signing in and putting the code on their carts…`);
  const shoppers = [];
  for (let i = 0; i < shopperCount; i += 20)
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, shopperCount - i) }, (_, k) =>
          readyShopper(shopOf(i + k), i + k, productId),
        ),
      )),
    );

  console.log(`${shopperCount} orders at once, on ${shops.length} processes, for ${uses} uses…`);
  const started = performance.now();
  const answers = await Promise.all(
    shoppers.map((s, i) =>
      call(shopOf(i), 'POST', '/api/User/Pay/TheInvoice', s.headers, {
        userId: s.id,
        invoiceUserAdress: 'الرياض، حي العليا',
        invoiceUserPhone: '0551234567',
        invoiceUserLocation: 'location',
        invoiceNote: '',
        products: [{ productId }],
      }),
    ),
  );
  const elapsedMs = performance.now() - started;
  await Promise.all(shops.map((s) => s.stop()));
  shops.length = 0;

  const byAnswer = new Map();
  for (const a of answers) {
    const key = a.status === 201 ? '201 placed' : `${a.status} ${a.json?.code ?? ''}`;
    byAnswer.set(key, (byAnswer.get(key) ?? 0) + 1);
  }
  const counted = await withDatabase(database, async (db) => {
    const orders = await db.query('select count(*)::int as n from orders where discount_code = $1', [CODE]);
    const code = await db.query('select uses from discount_codes where code = $1', [CODE]);
    const held = await db.query(
      'select count(*)::int as n from discount_redemptions r join discount_codes c on c.id = r.code_id where c.code = $1 and r.released_at is null',
      [CODE],
    );
    return { orders: orders.rows[0].n, uses: code.rows[0].uses, held: held.rows[0].n };
  });
  console.log(`\ndiscount race (2 shop processes, one PostgreSQL database)`);
  for (const [key, n] of [...byAnswer].sort()) console.log(`  answers ${key.padEnd(32)} ${n}`);
  console.log(`  orders with the discount         ${counted.orders} (the code allows ${uses})`);
  console.log(`  the code's uses / uses held       ${counted.uses} / ${counted.held}`);
  console.log(`  the race took                     ${Math.round(elapsedMs)} ms`);
  const ok = counted.orders === uses && counted.uses === uses && counted.held === uses;
  console.log(ok ? "  OK: exactly the code's uses" : "  FAILED: the count is not the code's uses");
  process.exitCode = ok ? 0 : 1;
} finally {
  await Promise.all(shops.map((s) => s.stop()));
  await rm(dataDir, { recursive: true, force: true });
  await serverDatabase.drop();
}
