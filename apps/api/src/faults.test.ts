import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiPaths } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { adminCatalogPaths } from '@shop/contract';
import { createProduct } from './test/factories.ts';
import { signedInMember } from './test/staff.ts';
import { multipart } from './test/users.ts';
import { createTestApp, type TestContext } from './test/harness.ts';
import { createServerDatabase } from './test/server-database.ts';
import {
  createShopper,
  orderRow,
  placeOrderCall,
  productState,
  putInCart,
  type Shopper,
} from './test/shoppers.ts';
import { localServers } from './test/local-servers.ts';
import { tcpProxy } from './test/tcp-proxy.ts';

/*
 * Outages of the servers the shop depends on, made by cutting every connection to them (a TCP
 * proxy between the shop and the server): what a PostgreSQL restart or a Redis that goes away
 * looks like from the shop's side, without stopping the servers other tests use.
 */

const { postgresUrl, redisUrl } = await localServers();
const redisAnswers = Boolean(redisUrl);

/** A small filesystem of its own (tmpfs) can be mounted here: root on Linux, as in CI. */
function canMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!postgresUrl)('PostgreSQL restarting while shoppers buy', () => {
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let t: TestContext;
  beforeAll(async () => {
    database = await createServerDatabase(postgresUrl!);
    const url = new URL(database.url);
    proxy = await tcpProxy(Number(url.port || 5432), url.hostname);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    t = await createTestApp({ DATABASE_URL: url.toString() });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await database?.drop();
  }, 60_000);

  /** The pool once every connection is back in it (a change sent after an answer may hold one a moment). */
  const settledPool = async () => {
    for (let i = 0; i < 50; i++) {
      const pool = t.database.pool!();
      if (pool.idle === pool.total && pool.waiting === 0) return pool;
      await delay(100);
    }
    return t.database.pool!();
  };

  it('answers 503 with Retry-After in the shopper’s language while it is away, loses no order, and recovers by itself', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 5_000, stock: 1_000 });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 6; i++) shoppers.push(await createShopper(t.app.db));

    const answers: { status: number; code?: string; retryAfter?: string; message?: string }[] = [];
    const placed: string[] = [];
    let buying = true;
    const buy = async (shopper: Shopper, lang: 'ar' | 'en') => {
      while (buying) {
        const added = await t.app.inject({
          method: 'POST',
          url: `${apiPaths.cartInsert.build({})}?lang=${lang}`,
          headers: shopper.headers,
          payload: { productId: product.id },
        });
        // An order refused in the outage leaves its units in the cart: ten of one product is
        // the cart's limit, and the next order takes them all.
        const inCart = added.statusCode === 200 || added.json().code === 'QUANTITY_OVER_LIMIT';
        const order = inCart ? await placeOrderCall(t, shopper, {}, lang) : added;
        const body = order.json();
        answers.push({
          status: order.statusCode,
          code: body.code,
          retryAfter: order.headers['retry-after'] as string | undefined,
          message: body.message,
        });
        if (order.statusCode === 201) placed.push(body.invoiceId);
        if (order.statusCode !== 201) await delay(100);
      }
    };
    const load = Promise.all(shoppers.map((s, i) => buy(s, i % 2 ? 'en' : 'ar')));
    await delay(1_500);
    const beforeOutage = placed.length;
    proxy.outage();
    await delay(500);
    // Out of rotation, but alive: an orchestrator must not restart the process for it.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await delay(2_500);
    proxy.restore();
    // The pool makes new connections by itself: orders go through again.
    const recovered = Date.now();
    while (placed.length < beforeOutage + 12 && Date.now() - recovered < 20_000) await delay(200);
    buying = false;
    await load;

    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length, 'the outage was seen').toBeGreaterThan(0);
    expect(answers.filter((a) => ![200, 201, 503].includes(a.status))).toEqual([]);
    for (const answer of refused) {
      expect(answer.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.retryAfter).toBe('5');
      expect(['الخدمة غير متاحة حالياً', 'The service is not available right now']).toContain(answer.message);
    }
    expect(placed.length).toBeGreaterThanOrEqual(beforeOutage + 12);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

    // Every order a shopper was told about is there (a shopper's newer order expires the one
    // before), and the stock adds up with the orders that still hold it.
    for (const id of placed)
      expect(['awaiting_payment', 'expired']).toContain((await orderRow(t.app.db, id)).status);
    const lines = await t.database.db.execute(
      sql`select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id
           where l.product_id = ${product.id} and o.status = 'awaiting_payment'`,
    );
    const state = await productState(t.app.db, product.id);
    const [ordered] = (lines as unknown as { rows: { n: number }[] }).rows;
    expect(1_000 - state.stock).toBe(Number(ordered!.n));

    // No connection was left checked out by a statement the outage broke.
    const pool = await settledPool();
    expect(pool.total).toBeGreaterThan(0);
    expect(pool).toEqual({ total: pool.total, idle: pool.total, waiting: 0 });
  }, 90_000);

  it('gives a transaction’s connection back to the pool when the server goes away before its first statement', async () => {
    await t.app.db.execute(sql`select 1`);
    // The connection is cut as it sends `begin`: checked out, and its transaction never began.
    proxy.cutWhenSent('begin');
    await expect(t.app.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    const after = await settledPool();
    expect(after).toEqual({ total: after.total, idle: after.total, waiting: 0 });
    // The pool carries on: the next transaction has a connection of its own.
    await t.app.db.transaction((tx) => tx.execute(sql`select 1`));
    expect((await settledPool()).waiting).toBe(0);
  });
});

describe.skipIf(!redisAnswers)('Redis going away', () => {
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let t: TestContext;
  beforeAll(async () => {
    proxy = await tcpProxy(6379);
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}/13` });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const ready = async () => (await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json();

  it('keeps the shop selling, says so in readiness, and uses Redis again when it is back', async () => {
    expect(await ready()).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    const product = await createProduct(t.app.db, { priceHalalas: 5_000, stock: 10 });
    const shopper = await createShopper(t.app.db);

    proxy.outage();
    await delay(300);
    expect(await ready()).toEqual({ status: 'ok', database: 'up', redis: 'down' });
    // Limits fall back to this process; nothing waits for Redis.
    for (let i = 0; i < 5; i++) {
      const listing = await t.app.inject({ method: 'GET', url: '/api/Product/Select/Four/Image/Product' });
      expect(listing.statusCode).toBe(200);
    }
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order = await placeOrderCall(t, shopper);
    expect(order.statusCode, order.body).toBe(201);

    proxy.restore();
    const back = Date.now();
    while ((await ready()).redis !== 'up' && Date.now() - back < 15_000) await delay(250);
    expect(await ready()).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  }, 60_000);
});

describe.skipIf(!canMount())('the uploads disk full', () => {
  let t: TestContext;
  let mounted = false;
  beforeAll(async () => {
    t = await createTestApp();
    mkdirSync(t.config.uploadsDir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', t.config.uploadsDir]);
    mounted = true;
  }, 60_000);
  afterAll(async () => {
    if (mounted) execFileSync('umount', [t.config.uploadsDir]);
    await t?.close();
  });

  it('refuses a new image with a clear error in the member’s language and writes nothing', async () => {
    // The disk is all but full: what is left is smaller than any stored image.
    writeFileSync(path.join(t.config.uploadsDir, 'filler'), Buffer.alloc(62 * 1024));
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    const product = await createProduct(t.app.db);
    const before = (
      await t.app.inject({
        method: 'GET',
        url: adminCatalogPaths.product.build({ id: product.id }),
        headers: staff.headers,
      })
    ).json();
    // Noise: a photo that compresses to far more than the little room left.
    const photo = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    for (const lang of ['ar', 'en'] as const) {
      const body = multipart({ version: String(before.version) }, [
        { name: 'image', filename: 'photo.png', contentType: 'image/png', data: photo },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `${adminCatalogPaths.productImages.build({ id: product.id })}?lang=${lang}`,
        headers: { ...staff.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({
        code: 'STORAGE_FULL',
        message:
          lang === 'ar'
            ? 'مساحة التخزين ممتلئة، لم يُحفظ الملف. أبلغ مسؤول المتجر'
            : 'The storage is full and the file was not saved. Tell the shop’s administrator',
      });
    }
    const after = (
      await t.app.inject({
        method: 'GET',
        url: adminCatalogPaths.product.build({ id: product.id }),
        headers: staff.headers,
      })
    ).json();
    expect(after.images).toEqual(before.images);
    expect(after.version).toBe(before.version);
    const stored = readdirSync(t.config.uploadsDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    expect(stored).toEqual(['filler']);
  });
});
