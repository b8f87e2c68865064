#!/usr/bin/env node
// `npm run soak`: an hour (by default) of mixed traffic on one shop process, to see that it
// stays healthy over time: shoppers browsing pages in both languages, searching, filling carts
// and buying with the sandbox card, and a back-office member reading the overview, the orders
// and the customers. Every minute it reads the shop's own metrics (GET /api/metrics): RSS,
// heap, event loop delay, answers by status, orders by status, the messages to shoppers waiting
// in the outbox and the e-invoices queued. It ends with that table, the growth of RSS, heap and
// waiting messages from the first minute after warm-up to the last, and the failures
// (anything but 2xx/3xx, and 409s the shop gives on purpose such as a sold-out product).
//
// Usage: node scripts/soak.mjs [--minutes 60] [--shoppers 12] [--out soak.json]
//   With DATABASE_URL (a PostgreSQL server URL) a fresh database on that server; without it,
//   the embedded database. Not part of the tests: it takes an hour.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { scaleDatabase } from './scale-catalog.mjs';
import { memberWithSession } from './staff-session.mjs';
import { ensureWebBuild, startShopServer } from './shop-server.mjs';

const { values: options } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    shoppers: { type: 'string', default: '12' },
    out: { type: 'string', default: 'soak.json' },
  },
});
const minutes = Number(options.minutes);
const shopperCount = Number(options.shoppers);
const METRICS_TOKEN = randomBytes(24).toString('base64url');
const CARD = { number: '4111111111111111', name: 'Soak Shopper', month: 12, year: 2099, cvc: '123' };

/** A staff member with a session, written to the database before the shop starts. */
async function staffSession(env) {
  const { openDatabase } = await tsImport('../apps/api/src/db/client.ts', import.meta.url);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const token = await memberWithSession(database.db, { email: 'soak@shop.test', name: 'Soak', hours: 48 });
    return token;
  } finally {
    await database.close();
  }
}

/** One series of Prometheus's text (`name{labels}`), summed over the label sets that match. */
function series(text, name, match = () => true) {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z0-9_:]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (m && m[1] === name && match(m[2] ?? '')) sum += Number(m[3]);
  }
  return sum;
}

ensureWebBuild();
const work = (await import('node:fs')).mkdtempSync(path.join(os.tmpdir(), 'shop-soak-'));
const database = await scaleDatabase(work, process.env.DATABASE_URL, 'shop_soak');
let staffToken;
const server = await startShopServer({
  env: { ...database.env, METRICS_TOKEN, RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'warn' },
  // The shop's DATA_DIR is the soak's (database.env): the member is written there first.
  beforeStart: async () => {
    staffToken = await staffSession(database.env);
  },
});
const base = server.url;
const failures = new Map();
const counts = { requests: 0, paid: 0 };
/** Each kind of failure counted, with the first answer of its kind (what the shop said). */
const fail = (what, body = '') => {
  const seen = failures.get(what);
  failures.set(what, { count: (seen?.count ?? 0) + 1, first: seen?.first ?? body.slice(0, 200) });
};

async function call(what, url, init = {}) {
  counts.requests += 1;
  try {
    const res = await fetch(base + url, { redirect: 'manual', ...init });
    const body = await res.text();
    if (res.status >= 400 && res.status !== 409) fail(`${what}: ${res.status}`, body);
    return { status: res.status, body };
  } catch (error) {
    fail(`${what}: ${error.cause?.code ?? error.message}`);
    return { status: 0, body: '' };
  }
}
const json = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

const offers = json((await call('offers', '/api/Product/Select/Four/Image/Product')).body) ?? [];
// Products sold without options: one sold by options needs its variant named to be bought.
const productIds = offers.filter((p) => p.variantCount === undefined).map((p) => p.productId);
if (productIds.length === 0) throw new Error('no product on offer is sold without options');
// An hour of buying would sell the demo catalog out, and then nobody could buy: the member
// stocks the products bought here first, as a shop owner would.
const restocked = await call('restock', '/api/admin/products/bulk', {
  method: 'POST',
  headers: { cookie: `staff_session=${staffToken}`, 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ action: 'set_stock', ids: productIds, stock: 1_000_000 }),
});
if (restocked.status !== 200) throw new Error(`restocking: ${restocked.status} ${restocked.body}`);
const words = ['ايفون', 'سامسونج', 'سماعة', 'laptop', 'watch', 'شاحن', 'tv', 'galaxy'];
const until = Date.now() + minutes * 60_000;

async function shopper(i) {
  const email = `soak-${i}-${Date.now()}@example.com`;
  const password = 'soak-password-123';
  const post = (what, url, body, headers = {}) =>
    call(what, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  await post('register', '/api/User/Insert/User', {
    UserName: `Soak Shopper ${i}`,
    UserPhone: `056${String(i).padStart(7, '0')}`,
    UserEmail: email,
    UserPassword: password,
  });
  const login = json(
    (await post('login', '/api/User/User/Login', { userEmail: email, userPassword: password })).body,
  );
  const auth = { authorization: `Bearer ${login?.token}` };
  for (let round = 0; Date.now() < until; round += 1) {
    const lang = round % 2 ? '/en' : '';
    const id = productIds[round % productIds.length] ?? 1;
    await call('home page', `${lang}/`, {
      headers: { accept: 'text/html', cookie: `session=${login?.token}` },
    });
    await call('listing page', `${lang}/products/category/${1 + (round % 4)}`, {
      headers: { accept: 'text/html' },
    });
    await call('product page', `${lang}/product/${id}`, { headers: { accept: 'text/html' } });
    await post('search', `/api/Product/Select/Product/By/Name/8/1`, {
      productName: words[(i + round) % words.length],
    });
    if (round % 3 === 0) {
      await post('add to cart', '/api/Cart/Insert/Cart', { productId: id }, auth);
      const order = await post(
        'order',
        '/api/User/Pay/TheInvoice',
        {
          userId: login?.userId,
          invoiceUserAdress: 'الرياض، حي العليا',
          invoiceUserPhone: '0551234567',
          invoiceUserLocation: 'location',
          invoiceNote: '',
          products: [{ productId: id }],
        },
        auth,
      );
      const invoiceId = json(order.body)?.invoiceId;
      if (order.status === 201 && invoiceId) {
        const pay = json((await post('pay', '/api/payments/sandbox/pay', { ...CARD, invoiceId }, auth)).body);
        const verified = await post('verify', '/api/payments/verify', { id: pay?.id }, auth);
        if (verified.status === 200) counts.paid += 1;
      }
    }
    await sleep(300);
  }
}

async function backOffice() {
  const headers = { cookie: `staff_session=${staffToken}` };
  while (Date.now() < until) {
    await call('overview', '/api/admin/overview', { headers });
    await call('orders', '/api/admin/orders?page=1&pageSize=20', { headers });
    await call('customers', '/api/admin/customers?q=', { headers });
    await call('orders page', '/en/dashboard/orders', { headers: { ...headers, accept: 'text/html' } });
    await sleep(2_000);
  }
}

const samples = [];
async function sampler() {
  const started = Date.now();
  for (let minute = 0; ; minute += 1) {
    const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    samples.push({
      minute,
      'rss MB': Math.round(series(text, 'process_resident_memory_bytes') / 1048576),
      'heap MB': Math.round(series(text, 'nodejs_heap_size_used_bytes') / 1048576),
      'loop p99 ms': Math.round(series(text, 'nodejs_eventloop_lag_p99_seconds') * 1000),
      answers: series(text, 'shop_http_request_duration_seconds_count'),
      '5xx': series(text, 'shop_http_request_duration_seconds_count', (l) => /status="5/.test(l)),
      'orders paid': series(text, 'shop_orders', (l) => l.includes('status="paid"')),
      // The outboxes: messages to shoppers not yet sent, and e-invoices not yet reported.
      'messages waiting': series(text, 'shop_messages_waiting'),
      'einvoices queued': series(text, 'shop_einvoices', (l) => l.includes('status="queued"')),
    });
    console.log(JSON.stringify(samples.at(-1)));
    if (Date.now() >= until) break;
    await sleep(Math.max(0, started + (minute + 1) * 60_000 - Date.now()));
  }
}

console.log(`Soak: ${minutes} min, ${shopperCount} shoppers and one back-office member on ${base}`);
try {
  await Promise.all([sampler(), backOffice(), ...Array.from({ length: shopperCount }, (_, i) => shopper(i))]);
} finally {
  await server.stop();
  await database.drop();
}
console.table(samples);
// Warm-up: the first quarter of the run (at least a minute) fills caches and the heap's spaces.
const warm = samples[Math.max(1, Math.floor(samples.length / 4))] ?? samples[0];
const last = samples.at(-1);
const summary = {
  minutes,
  shoppers: shopperCount,
  requests: counts.requests,
  paid: counts.paid,
  failures: Object.fromEntries(failures),
  rssGrowthMb: last['rss MB'] - warm['rss MB'],
  heapGrowthMb: last['heap MB'] - warm['heap MB'],
  messagesWaitingGrowth: last['messages waiting'] - warm['messages waiting'],
  samples,
};
writeFileSync(options.out, JSON.stringify(summary, null, 2));
console.log(
  `${counts.requests} requests, ${counts.paid} orders paid, failures ${JSON.stringify(summary.failures)}; ` +
    `after warm-up (minute ${warm.minute}) RSS ${summary.rssGrowthMb >= 0 ? '+' : ''}${summary.rssGrowthMb} MB, ` +
    `heap ${summary.heapGrowthMb >= 0 ? '+' : ''}${summary.heapGrowthMb} MB, ` +
    `messages waiting ${summary.messagesWaitingGrowth >= 0 ? '+' : ''}${summary.messagesWaitingGrowth}; written to ${options.out}`,
);
