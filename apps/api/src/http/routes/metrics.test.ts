import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiPaths, type PayInvoiceAnswer } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../../../scripts/shop-server.mjs';
import { messages } from '../../modules/messages/schema.ts';
import { onboardSigningUnit } from '../../test/einvoices.ts';
import { createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createShopper, placeOrderCall, putInCart, payOnSandbox } from '../../test/shoppers.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one series (`name{labels}`) in Prometheus's text, or undefined when absent. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z0-9_:]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const inner = match[2] ?? '';
    if (wanted.every((pair) => inner.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.metrics.build({}), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('is closed without the token or with a wrong one, in the caller’s language', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('رمز المقاييس مفقود أو غير صحيح');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}x`, 'accept-language': 'en' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'METRICS_UNAUTHORIZED',
      message: 'The metrics token is missing or wrong',
    });
  });

  it('counts requests by route pattern, never by the raw URL', async () => {
    for (const id of [1, 2, 3])
      await t.app.inject({ method: 'GET', url: `/api/Product/Select/Product/${id}` });
    const text = await scrape();
    const pattern = series(text, 'shop_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/Product/Select/Product/:id',
    });
    expect(pattern).toBe(3);
    expect(text).not.toContain('/api/Product/Select/Product/1"');
    // The 401s above are counted with their status.
    expect(
      series(text, 'shop_http_request_duration_seconds_count', { route: '/api/metrics', status: '401' }),
    ).toBe(2);
  });

  it('shows the process, the gates and the page cache', async () => {
    const text = await scrape();
    expect(series(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(series(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(series(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(series(text, 'shop_gate_refused_total', { gate: 'search' })).toBe(0);
    expect(series(text, 'shop_gate_requests', { gate: 'listing', state: 'waiting' })).toBe(0);
    // The PostgreSQL pool exists only on a server (the CI runs this file on both databases).
    if (t.database.kind === 'postgres') {
      expect(series(text, 'shop_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
      expect(series(text, 'shop_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('shop_db_pool_connections');
    }
  });

  it('moves the business figures when an order is placed and paid', async () => {
    const before = await scrape();
    const paidBefore = series(before, 'shop_orders', { status: 'paid' }) ?? 0;
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 5 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order: PayInvoiceAnswer = (await placeOrderCall(t, shopper, {}, 'ar')).json();
    const awaiting = await scrape();
    expect(series(awaiting, 'shop_orders', { status: 'awaiting_payment' })).toBeGreaterThanOrEqual(1);

    await payOnSandbox(t, shopper, order, '4201320111111010');
    const after = await scrape();
    expect(series(after, 'shop_orders', { status: 'paid' })).toBe(paidBefore + 1);
    // A mada card is reported apart from other cards.
    expect(series(after, 'shop_payments', { provider: 'sandbox', method: 'mada', status: 'paid' })).toBe(1);
  });

  it('shows the e-invoices waiting to be reported and how long the oldest has waited', async () => {
    expect(series(await scrape(), 'shop_einvoice_oldest_queued_seconds')).toBe(0);
    await onboardSigningUnit(t);
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 5 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order: PayInvoiceAnswer = (await placeOrderCall(t, shopper, {}, 'en')).json();
    await payOnSandbox(t, shopper, order);
    // Reporting runs on its own schedule (off in tests): the invoice waits in the queue.
    const text = await scrape();
    expect(series(text, 'shop_einvoices', { kind: 'invoice', status: 'queued' })).toBe(1);
    expect(series(text, 'shop_einvoice_oldest_queued_seconds')).toBeGreaterThan(0);
  });
  it('shows the messages to shoppers waiting in the outbox and how long the oldest has waited', async () => {
    const waiting = (text: string, channel: string) =>
      series(text, 'shop_messages_waiting', { channel, status: 'queued' }) ?? 0;
    const before = await scrape();
    // Two messages waiting for a retry an hour from now, queued ten minutes ago, and one sent.
    const shopper = await createShopper(t.app.db);
    const queued = {
      userId: shopper.id,
      event: 'order.shipped',
      kind: 'order',
      lang: 'ar',
      data: {},
    } as const;
    await t.app.db.insert(messages).values([
      {
        ...queued,
        idempotencyKey: `metrics-email-${shopper.id}`,
        channel: 'email',
        recipient: 'waiting@example.com',
        nextAttemptAt: new Date(Date.now() + 3_600_000),
        createdAt: new Date(Date.now() - 600_000),
      },
      {
        ...queued,
        idempotencyKey: `metrics-sms-${shopper.id}`,
        channel: 'sms',
        recipient: '+966551234567',
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      },
      {
        ...queued,
        idempotencyKey: `metrics-sent-${shopper.id}`,
        channel: 'whatsapp',
        recipient: '+966551234567',
        status: 'sent',
        sentAt: new Date(),
      },
    ]);
    const after = await scrape();
    expect(waiting(after, 'email') - waiting(before, 'email')).toBe(1);
    expect(waiting(after, 'sms') - waiting(before, 'sms')).toBe(1);
    expect(waiting(after, 'whatsapp')).toBe(waiting(before, 'whatsapp'));
    expect(series(after, 'shop_message_oldest_waiting_seconds')).toBeGreaterThanOrEqual(600);
  });
});

describe('page metrics', () => {
  it('count the page cache’s hits and misses and the render gate', async () => {
    ensureWebBuild();
    const t = await createTestApp({ METRICS_TOKEN: TOKEN, WEB_BUILD_DIR: path.join(root, 'apps/web/build') });
    try {
      for (let i = 0; i < 3; i++) {
        const page = await t.app.inject({ method: 'GET', url: '/en' });
        expect(page.statusCode).toBe(200);
      }
      const text = (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: auth })).body;
      expect(series(text, 'shop_page_cache_requests_total', { result: 'miss' })).toBe(1);
      expect(series(text, 'shop_page_cache_requests_total', { result: 'hit' })).toBe(2);
      expect(series(text, 'shop_page_cache_bytes')).toBeGreaterThan(1000);
      expect(series(text, 'shop_gate_refused_total', { gate: 'page renders' })).toBe(0);
      // Signed-in shoppers' pages are put together through a gate of their own, watched too.
      expect(series(text, 'shop_gate_refused_total', { gate: 'shopper pages' })).toBe(0);
      // Pages are one route pattern, whatever their address.
      expect(series(text, 'shop_http_request_duration_seconds_count', { route: '*', status: '200' })).toBe(3);
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe('the Grafana dashboard', () => {
  it('graphs only figures the shop reports', async () => {
    const dashboard = readFileSync(
      new URL('../../../../../deploy/grafana-dashboard.json', import.meta.url),
      'utf8',
    );
    const used = new Set(
      [...dashboard.matchAll(/\b((?:shop|nodejs|process)_[a-z0-9_]+)/g)].map((m) =>
        m[1]!.replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    expect(used.size).toBeGreaterThan(10);
    const t = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: auth });
      const reported = new Set([...res.body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
      // Reported only with a PostgreSQL server or with Redis.
      const conditional = ['shop_db_pool_connections', 'shop_db_pool_waiting', 'shop_redis_up'];
      const missing = [...used].filter((name) => !reported.has(name) && !conditional.includes(name));
      expect(missing).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('liveness and readiness', () => {
  it('are two answers: the process lives while the database is gone, but is not ready', async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({
      status: 'ok',
      database: 'up',
    });
    await t.database.close();
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down' });
    // Without METRICS_TOKEN there are no metrics at all.
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    await t.close();
  });

  it('stays ready with Redis away, and says so', async () => {
    // Nothing listens on port 1: Redis is configured but away.
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: 'up', redis: 'down' });
    } finally {
      await t.close();
    }
  });
});
