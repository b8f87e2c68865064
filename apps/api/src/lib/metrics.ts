import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** An admission gate as the metrics read it (lib/admission.ts). */
export interface WatchedGate {
  readonly options: { readonly name: string };
  readonly stats: { running: number; waiting: number; refused: number };
}

/** A cache of whole pages as the metrics read it: answers it gave, renders it had to wait for. */
export interface WatchedPageCache {
  readonly stats: { hits: number; misses: number; entries: number; bytes: number };
}

/** Rows of one business figure: labels and a count, read from the shop's tables. */
export type FigureRows = { labels: Record<string, string>; value: number }[];

export interface MetricsSources {
  /** The PostgreSQL pool now; absent for the embedded database. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Whether Redis answers; absent when the shop runs without Redis. */
  redisUp?: () => boolean;
  /** Orders, payments, refunds, e-invoices and the messages waiting, as the database holds them. */
  business: () => Promise<{
    orders: FigureRows;
    payments: FigureRows;
    refunds: FigureRows;
    einvoices: FigureRows;
    oldestQueuedEinvoiceSeconds: number;
    messagesWaiting: FigureRows;
    oldestWaitingMessageSeconds: number;
  }>;
}

/**
 * The shop's figures in Prometheus's text format (prom-client), one registry per shop process:
 * requests by route pattern (never the raw URL, whose ids and queries would make a series per
 * visitor), the page cache, the admission gates, the database pool, Redis, the process (event
 * loop delay, heap, RSS, from prom-client's defaults), mail sent, and the business figures.
 * Gauges and the figures read from elsewhere are filled when scraped, so nothing is counted
 * twice and an idle shop pays nothing for them.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  readonly #gates: WatchedGate[] = [];
  readonly #pageCaches: WatchedPageCache[] = [];
  readonly #requests: Histogram<'method' | 'route' | 'status'>;
  readonly #mails: Counter<'result'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Requests answered, by method, route pattern and status, with their duration',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.#mails = new Counter({
      name: 'shop_mail_sent_total',
      help: 'Mail handed to the mail transport (result: sent or failed)',
      labelNames: ['result'],
      registers,
    });
    const gates = this.#gates;
    const pageCaches = this.#pageCaches;
    new Gauge({
      name: 'shop_gate_requests',
      help: 'Requests in an admission gate now (state: running or waiting)',
      labelNames: ['gate', 'state'],
      registers,
      collect() {
        this.reset();
        for (const gate of gates) {
          this.set({ gate: gate.options.name, state: 'running' }, gate.stats.running);
          this.set({ gate: gate.options.name, state: 'waiting' }, gate.stats.waiting);
        }
      },
    });
    new Counter({
      name: 'shop_gate_refused_total',
      help: 'Requests an admission gate answered 503 (busy) since the process started',
      labelNames: ['gate'],
      registers,
      collect() {
        this.reset();
        for (const gate of gates) this.inc({ gate: gate.options.name }, gate.stats.refused);
      },
    });
    new Counter({
      name: 'shop_page_cache_requests_total',
      help: 'Anonymous page requests the page cache answered (hit) or had rendered (miss)',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        for (const cache of pageCaches) {
          this.inc({ result: 'hit' }, cache.stats.hits);
          this.inc({ result: 'miss' }, cache.stats.misses);
        }
      },
    });
    new Gauge({
      name: 'shop_page_cache_bytes',
      help: 'Memory the page cache holds (compressed pages)',
      registers,
      collect() {
        this.set(pageCaches.reduce((sum, cache) => sum + cache.stats.bytes, 0));
      },
    });
    const pool = sources.pool;
    if (pool) {
      new Gauge({
        name: 'shop_db_pool_connections',
        help: 'Connections to the PostgreSQL server (state: in_use or idle)',
        labelNames: ['state'],
        registers,
        collect() {
          const now = pool();
          this.set({ state: 'in_use' }, now.total - now.idle);
          this.set({ state: 'idle' }, now.idle);
        },
      });
      new Gauge({
        name: 'shop_db_pool_waiting',
        help: 'Queries waiting for a free connection to the PostgreSQL server',
        registers,
        collect() {
          this.set(pool().waiting);
        },
      });
    }
    const redisUp = sources.redisUp;
    if (redisUp) {
      new Gauge({
        name: 'shop_redis_up',
        help: '1 while Redis answers, 0 while it is away (limits then count per process)',
        registers,
        collect() {
          this.set(redisUp() ? 1 : 0);
        },
      });
    }
    // The business figures come from one read of the database per scrape.
    let reading: ReturnType<MetricsSources['business']> | undefined;
    const figures = () => (reading ??= sources.business().finally(() => (reading = undefined)));
    const figure = (
      name: string,
      help: string,
      labelNames: string[],
      pick: 'orders' | 'payments' | 'refunds' | 'einvoices' | 'messagesWaiting',
    ) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          const rows = (await figures())[pick];
          this.reset();
          for (const row of rows) this.set(row.labels, row.value);
        },
      });
    figure('shop_orders', 'Orders in the database, by status', ['status'], 'orders');
    figure(
      'shop_payments',
      'Payments in the database, by provider, method (creditcard, mada, applepay, stcpay) and status',
      ['provider', 'method', 'status'],
      'payments',
    );
    figure('shop_refunds', 'Refunds in the database, by status', ['status'], 'refunds');
    figure(
      'shop_einvoices',
      'E-invoices and credit notes, by kind and status (queued: not yet reported to ZATCA)',
      ['kind', 'status'],
      'einvoices',
    );
    figure(
      'shop_messages_waiting',
      'Messages to shoppers waiting in the outbox, by channel (email, sms, whatsapp) and status (queued, sending)',
      ['channel', 'status'],
      'messagesWaiting',
    );
    new Gauge({
      name: 'shop_message_oldest_waiting_seconds',
      help: 'Age of the oldest message to a shopper not yet sent; 0 when none waits',
      registers,
      async collect() {
        this.set((await figures()).oldestWaitingMessageSeconds);
      },
    });
    new Gauge({
      name: 'shop_einvoice_oldest_queued_seconds',
      help: 'Age of the oldest e-invoice not yet reported (ZATCA wants each within 24 hours); 0 when none waits',
      registers,
      async collect() {
        this.set((await figures()).oldestQueuedEinvoiceSeconds);
      },
    });
  }

  watchGate(gate: WatchedGate): void {
    this.#gates.push(gate);
  }

  watchPageCache(cache: WatchedPageCache): void {
    this.#pageCaches.push(cache);
  }

  /** One answered request: `route` is the pattern it matched (`unmatched` when none did). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.#requests.observe({ method, route, status: String(status) }, seconds);
  }

  mailSent(ok: boolean): void {
    this.#mails.inc({ result: ok ? 'sent' : 'failed' });
  }

  /** The figures in Prometheus's text format, and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
