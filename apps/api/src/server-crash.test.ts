import { apiPaths } from '@shop/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { ChangeEvents } from './lib/change-events.ts';
import { reconcilePayments } from './use-cases/checkout/reconcile.ts';
import { SandboxProvider } from './modules/payments/sandbox.ts';
import { createProduct } from './test/factories.ts';
import {
  createShopStore,
  startShopProcess,
  type ShopProcess,
  type ShopStore,
} from './test/server-process.ts';
import {
  callApi,
  declinedCard,
  delivery,
  paidCard,
  registerShopper,
  type Shopper,
} from './test/shopper-client.ts';

/*
 * Crash safety: the real server is killed with SIGKILL at seeded random moments while shoppers
 * place orders, pay at the sandbox and confirm payments (and while its own reconciler runs),
 * then started again on the same data, over and over. Afterwards every order must be whole:
 * no order a shopper was told is paid is lost, no order is charged twice, every unit of stock
 * is on the shelf or sold, and once reconciled no order is left waiting and no money is kept
 * without its order. On the embedded database this also proves a data directory survives
 * `kill -9` (decision 095); with TEST_DATABASE_URL it runs on PostgreSQL.
 *
 * CRASH_RUNS (default 6) sets the number of kills, CRASH_SEED the schedule; e.g.
 * `CRASH_RUNS=100 node_modules/.bin/vitest run apps/api/src/server-crash.test.ts`.
 */

const RUNS = Number(process.env.CRASH_RUNS ?? 6);
const SEED = Number(process.env.CRASH_SEED ?? 20_261_124);
const SHOPPERS = 4;

/** mulberry32: a small seeded generator, so a failing schedule can be run again. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What the shoppers were told, the truth the database must keep. */
interface Ledger {
  /** Orders the server answered 201 for. */
  placed: Set<string>;
  /** Orders whose sandbox payment was answered "paid": money taken. */
  charged: Set<string>;
  /** Orders whose payment was confirmed (verify answered 200): the shopper saw "paid". */
  confirmed: Set<string>;
}

/** Counts the server's answers, so a kill can come after the n-th one whatever the machine's speed. */
class AnswerCounter {
  private count = 0;
  private waiting: { n: number; resolve: () => void }[] = [];
  tick() {
    this.count += 1;
    for (const w of this.waiting.filter((w) => this.count >= w.n)) w.resolve();
    this.waiting = this.waiting.filter((w) => this.count < w.n);
  }
  /** Resolves after `n` more answers. */
  after(n: number): Promise<void> {
    const target = this.count + n;
    return new Promise((resolve) => this.waiting.push({ n: target, resolve }));
  }
}

/** One shopper's loop until the server dies under it (any network error ends it). */
async function shopUntilKilled(
  base: string,
  shopper: Shopper,
  products: number[],
  random: () => number,
  ledger: Ledger,
  answers: AnswerCounter,
) {
  const pick = () => products[Math.floor(random() * products.length)]!;
  const call = async (...args: Parameters<typeof callApi>) => {
    const answer = await callApi(...args);
    answers.tick();
    return answer;
  };
  try {
    for (;;) {
      const added = await call(base, 'POST', apiPaths.cartInsert.build({}), shopper.headers, {
        productId: pick(),
      });
      if (added.status !== 200) {
        // Sold out or over the stock: start again from an empty cart.
        await call(base, 'DELETE', apiPaths.cartDeleteAll.build({ userId: shopper.id }), shopper.headers);
        continue;
      }
      const order = await call(
        base,
        'POST',
        apiPaths.payInvoice.build({}),
        shopper.headers,
        delivery(shopper.id),
      );
      if (order.status !== 201) {
        await call(base, 'DELETE', apiPaths.cartDeleteAll.build({ userId: shopper.id }), shopper.headers);
        continue;
      }
      const invoiceId = String(order.body!.invoiceId);
      ledger.placed.add(invoiceId);
      // Some shoppers leave at the card form: the order waits for its expiry.
      if (random() < 0.1) continue;
      const card = random() < 0.8 ? paidCard : declinedCard;
      const pay = await call(base, 'POST', apiPaths.sandboxPay.build({}), shopper.headers, {
        ...card,
        invoiceId,
      });
      if (pay.status !== 200) continue;
      if (pay.body!.status === 'paid') ledger.charged.add(invoiceId);
      // Some close the tab before the callback page: the reconciler settles those.
      if (random() < 0.25) continue;
      const verified = await call(base, 'POST', apiPaths.verifyPayment.build({}), shopper.headers, {
        id: String(pay.body!.id),
      });
      if (verified.status === 200) ledger.confirmed.add(invoiceId);
      // A reloaded callback page confirms again.
      if (random() < 0.2) {
        await call(base, 'POST', apiPaths.verifyPayment.build({}), shopper.headers, {
          id: String(pay.body!.id),
        });
      }
    }
  } catch {
    // The server was killed: this shopper's requests end here.
  }
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('SIGKILL during order creation and payment settlement', () => {
  let store: ShopStore | undefined;
  let shop: ShopProcess | undefined;
  afterAll(async () => {
    shop?.kill('SIGKILL');
    await store?.remove();
  });

  it(`keeps every order whole over ${RUNS} kills (seed ${SEED})`, { timeout: 900_000 }, async () => {
    const random = seeded(SEED);
    const products: number[] = [];
    const before = new Map<number, { stock: number; unitsSold: number }>();
    store = await createShopStore(async (database) => {
      // One scarce product (the last-unit race) and two plentiful ones.
      for (const stock of [4, 500, 500]) {
        const product = await createProduct(database.db, { stock, priceHalalas: 10_000 + stock });
        products.push(product.id);
        before.set(product.id, { stock: product.stock, unitsSold: product.unitsSold });
      }
    });
    // The reconciler runs every second and orders expire after a minute, so kills also land
    // in the middle of reconciliation and expiry.
    const env = { PAYMENT_RECONCILE_INTERVAL_SECONDS: '1', ORDER_PAYMENT_TTL_MINUTES: '1' };
    const ledger: Ledger = { placed: new Set(), charged: new Set(), confirmed: new Set() };

    shop = await startShopProcess(store, env);
    const shoppers: Shopper[] = [];
    for (let i = 0; i < SHOPPERS; i += 1) shoppers.push(await registerShopper(shop.url, i));
    for (let run = 0; run < RUNS; run += 1) {
      if (run > 0) shop = await startShopProcess(store, env);
      const answers = new AnswerCounter();
      const shopping = shoppers.map((s) => shopUntilKilled(shop!.url, s, products, random, ledger, answers));
      // After 1 to 40 answers, then within a few milliseconds: mostly in the middle of a request.
      await answers.after(1 + Math.floor(random() * 40));
      await sleep(random() * 5);
      shop.kill('SIGKILL');
      const end = await shop.exited;
      expect(end.signal, shop.output()).toBe('SIGKILL');
      await Promise.all(shopping);
    }

    // Once more on the killed data: it starts, and each confirmed order is paid for its shopper.
    shop = await startShopProcess(store, env);
    for (const shopper of shoppers) {
      const list = await callApi(
        shop.url,
        'GET',
        `${apiPaths.ordersByUser.build({ userId: shopper.id })}?pageSize=100&page=1`,
        shopper.headers,
      );
      expect(list.status).toBe(200);
    }
    await shop.stop();
    expect((await shop.exited).code, shop.output()).toBe(0);
    shop = undefined;
    expect(ledger.confirmed.size, 'some payments must have been confirmed').toBeGreaterThan(0);
    console.log(
      `crash safety: ${RUNS} kills; ${ledger.placed.size} orders placed, ${ledger.charged.size} charged, ${ledger.confirmed.size} confirmed`,
    );

    const database = await store.open();
    try {
      // What the reconciler does once every order is old enough, done now.
      await reconcilePayments(
        {
          db: database.db,
          provider: new SandboxProvider(database.db),
          messages: { kick: () => undefined },
          log: Fastify({ logger: false }).log,
          // No shop runs beside this check: nobody caches what it changes.
          changes: new ChangeEvents(),
          // No signing unit is onboarded in this test: no key is ever opened.
          config: {
            staff: { idleMinutes: 30, sessionHours: 12, totpKey: undefined },
            dataDir: store.dataDir,
          },
        },
        { now: new Date(Date.now() + 24 * 3_600_000) },
      );

      const orders = await rows<{ id: string; status: string; payment_id: string | null }>(
        database,
        sql`select id, status, payment_id from orders`,
      );
      const byId = new Map(orders.map((o) => [o.id, o]));
      const payments = await rows<{ id: string; order_id: string; status: string }>(
        database,
        sql`select id, order_id, status from payments`,
      );

      // Nothing the shoppers were told was lost.
      const lost = [...ledger.placed].filter((id) => !byId.has(id));
      expect(lost, 'orders answered 201 but missing').toEqual([]);
      const unpaid = [...ledger.confirmed].filter((id) => byId.get(id)?.status !== 'paid');
      expect(unpaid, 'orders confirmed paid but not paid').toEqual([]);
      // Money taken either paid its order or was given back.
      for (const id of ledger.charged) {
        const order = byId.get(id)!;
        const payment = payments.find((p) => p.order_id === id);
        expect(
          order.status === 'paid' || ['voided', 'refunded'].includes(payment?.status ?? ''),
          `order ${id}: ${order.status}, payment ${payment?.status}`,
        ).toBe(true);
      }

      // No order charged twice; no money kept without its order; nothing left waiting.
      const takers = new Map<string, number>();
      for (const p of payments.filter((p) => ['paid', 'captured'].includes(p.status))) {
        takers.set(p.order_id, (takers.get(p.order_id) ?? 0) + 1);
        const order = byId.get(p.order_id);
        expect({ payment: p.id, order: order?.status, paidBy: order?.payment_id }).toEqual({
          payment: p.id,
          order: 'paid',
          paidBy: p.id,
        });
      }
      expect([...takers.values()].filter((n) => n > 1)).toEqual([]);
      expect(orders.filter((o) => o.status === 'paid' && !o.payment_id)).toEqual([]);
      expect(orders.filter((o) => o.status === 'awaiting_payment')).toEqual([]);

      // Every unit is on the shelf or sold, and counted sold once.
      const units = await rows<{ id: number; stock: number; units_sold: number; paid_units: number }>(
        database,
        sql`select p.id, p.stock, p.units_sold,
                   coalesce(sum(l.quantity) filter (where o.status = 'paid'), 0)::int as paid_units
              from products p
              left join order_lines l on l.product_id = p.id
              left join orders o on o.id = l.order_id
             group by p.id`,
      );
      for (const u of units) {
        const start = before.get(u.id)!;
        expect({ product: u.id, stock: u.stock, sold: u.units_sold - start.unitsSold }).toEqual({
          product: u.id,
          stock: start.stock - u.paid_units,
          sold: u.paid_units,
        });
      }
    } finally {
      await database.close();
    }
  });
});
