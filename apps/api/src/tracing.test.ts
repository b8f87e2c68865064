import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../scripts/shop-server.mjs';
import { sql } from 'drizzle-orm';
import { periodicTask } from './lib/periodic.ts';
import { inBackgroundSpan, startTracing, stopTracing, type Tracing } from './lib/tracing.ts';
import { MoyasarProvider } from './modules/payments/moyasar.ts';
import { ProviderNotFoundError } from './modules/payments/provider.ts';
import { createProduct, type ProductRow } from './test/factories.ts';
import { startFakeMoyasar } from './test/fake-moyasar.ts';
import { createTestApp, type TestContext } from './test/harness.ts';
import { collectedLogs } from './test/log-lines.ts';
import { localServers } from './test/local-servers.ts';

/**
 * Traces as a collector receives them: a local OTLP/HTTP receiver takes what the shop's
 * exporter posts (JSON), while the real app (the storefront mounted, logging as in production)
 * answers real HTTP requests.
 */

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  links?: { traceId: string; spanId: string }[];
  status?: { code?: number };
  /** 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const SERVER = 2;
const CLIENT = 3;

const received: OtlpExport[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.url === '/v1/traces')
      received.push(JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

const logs = collectedLogs();

const spans = () =>
  received.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return (
    value?.stringValue ??
    value?.boolValue ??
    (value?.intValue === undefined ? undefined : Number(value.intValue))
  );
};

let tracing: Tracing;
let t: TestContext;
let base: string;
let product: ProductRow;

/** The spans of one trace, once its server span has reached the receiver (it ends last). */
async function traceOf(traceId: string): Promise<OtlpSpan[]> {
  for (let i = 0; i < 50; i++) {
    await tracing.flush();
    const found = spans().filter((s) => s.traceId === traceId);
    if (found.some((s) => s.kind === SERVER)) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no server span of trace ${traceId} was received`);
}

/** The first span received that `found` picks, once the exporter has sent it. */
async function spanWhere(found: (span: OtlpSpan) => boolean): Promise<OtlpSpan> {
  for (let i = 0; i < 100; i++) {
    await tracing.flush();
    const span = spans().find(found);
    if (span) return span;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no such span was received');
}

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.OTEL_SERVICE_NAME = 'shop-test';
  tracing = (await startTracing())!;
  ensureWebBuild();
  t = await createTestApp({ WEB_BUILD_DIR: path.join(root, 'apps/web/build') }, undefined, logs.logger);
  product = await createProduct(t.app.db);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await t?.close();
  await stopTracing();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_SERVICE_NAME;
  receiver.close();
});

describe('OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
  it('gives an API request a server span named by its route pattern, its database statements as children', async () => {
    const response = await fetch(`${base}/api/Product/Select/All/Product/10/1`);
    expect(response.status).toBe(200);
    const traceId = response.headers.get('x-trace-id');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const trace = await traceOf(traceId!);
    const server = trace.find((s) => s.kind === SERVER)!;
    expect(server.name).toBe('GET /api/Product/Select/All/Product/:pageSize/:page');
    expect(attribute(server, 'http.route')).toBe('/api/Product/Select/All/Product/:pageSize/:page');
    expect(attribute(server, 'http.response.status_code')).toBe(200);
    const statements = trace.filter(
      (s) => s.kind === CLIENT && attribute(s, 'db.system.name') === 'postgresql',
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((s) => s.parentSpanId === server.spanId)).toBe(true);
    expect(statements.map((s) => attribute(s, 'db.query.text')).join('\n')).toMatch(/select/i);
    expect(received[0]!.resourceSpans[0]!.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'shop-test' },
    });
  });

  it('keeps a page’s spans in its request through a form body that arrives after its headers', async () => {
    // The form's second half comes 50 ms after the first, in a packet of its own: the page
    // reads it from the connection's events, and the sign-in and the loaders' reads that
    // follow must still be the request's.
    const form = 'userEmail=nobody%40example.com&userPassword=not-the-password';
    const { headers } = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${base}/en/login`, {
        method: 'POST',
        headers: {
          origin: base,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(form.length),
        },
      });
      request.on('response', (response) => response.resume().on('end', () => resolve(response)));
      request.on('error', reject);
      request.write(form.slice(0, 20));
      setTimeout(() => request.end(form.slice(20)), 50);
    });
    const trace = await traceOf(headers['x-trace-id'] as string);
    const server = trace.find((s) => s.kind === SERVER)!;
    expect(server.name).toBe('POST /en/login');
    const render = trace.find((s) => s.name === 'render page');
    expect(render?.parentSpanId).toBe(server.spanId);
    expect(
      trace.filter((s) => s.kind === CLIENT && s.parentSpanId === render?.spanId).length,
    ).toBeGreaterThan(0);
  });

  it('gives a storefront page its render as a span of the request, the loaders’ reads under it', async () => {
    const response = await fetch(`${base}/en`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    await response.text();
    const trace = await traceOf(response.headers.get('x-trace-id')!);
    const server = trace.find((s) => s.kind === SERVER)!;
    expect(server.name).toBe('GET /en');
    const render = trace.find((s) => s.name === 'render page');
    expect(render?.parentSpanId).toBe(server.spanId);
    expect(trace.some((s) => s.kind === CLIENT && s.parentSpanId === render?.spanId)).toBe(true);
  });

  it('names a page request after the storefront route it matched, never its address', async () => {
    const served = async (url: string, status = 200) => {
      const response = await fetch(`${base}${url}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(status);
      await response.text();
      return (await traceOf(response.headers.get('x-trace-id')!)).find((s) => s.kind === SERVER)!;
    };
    const page = await served(`/product/${product.id}?ref=home`);
    expect(page.name).toBe('GET /product/:id');
    expect(attribute(page, 'http.route')).toBe('/product/:id');
    // The same route in English, a category's listing with its filters, the router's data request.
    expect((await served(`/en/product/${product.id}`)).name).toBe('GET /en/product/:id');
    expect((await served(`/products/category/${product.categoryId}?instock=1&page=2`)).name).toBe(
      'GET /products/category/:categoryId',
    );
    expect((await served(`/en/product/${product.id}.data`)).name).toBe('GET /en/product/:id.data');
    // An address no page has: the not-found route's pattern.
    expect((await served('/no/such/page', 404)).name).toBe('GET /*');
  });

  it('continues the trace of an incoming traceparent', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parent = '00f067aa0ba902b7';
    const response = await fetch(`${base}/api/Product/Select/All/Product/10/1`, {
      headers: { traceparent: `00-${traceId}-${parent}-01` },
    });
    expect(response.headers.get('x-trace-id')).toBe(traceId);
    const server = (await traceOf(traceId)).find((s) => s.kind === SERVER)!;
    expect(server.parentSpanId).toBe(parent);
  });

  it('puts the trace id on an error answer and on every log line of its request', async () => {
    const response = await fetch(`${base}/api/no/such/route`, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('ROUTE_NOT_FOUND');
    const traceId = response.headers.get('x-trace-id')!;
    const server = (await traceOf(traceId)).find((s) => s.kind === SERVER)!;
    // The storefront's catch-all route took the address (and refused it, being the API's):
    // the span is named by that pattern, never by the address.
    expect(server.name).toBe('GET *');
    expect(attribute(server, 'http.response.status_code')).toBe(404);

    const lines = logs.lines.filter((line) => line.reqId === response.headers.get('x-request-id'));
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    for (const line of lines) expect(line.traceId).toBe(traceId);
  });

  it('makes each call to a provider a client span with its answer’s status', async () => {
    const fake = await startFakeMoyasar('sk_test_tracing');
    try {
      const moyasar = new MoyasarProvider({ apiUrl: fake.url, secretKey: 'sk_test_tracing' });
      await expect(moyasar.fetchPayment('no-such-payment')).rejects.toBeInstanceOf(ProviderNotFoundError);
      await tracing.flush();
      const call = spans().find((s) => s.name === 'GET moyasar');
      expect(call?.kind).toBe(CLIENT);
      expect(attribute(call!, 'http.response.status_code')).toBe(404);
      expect(attribute(call!, 'url.full')).toBe(`${fake.url}/v1/payments/no-such-payment`);
    } finally {
      await fake.close();
    }
  });

  it('makes the Redis commands of a request (the rate limiter’s) spans of it', async (context) => {
    const { redisUrl } = await localServers();
    if (!redisUrl) return context.skip('no Redis server on this machine');
    const withRedis = await createTestApp({ REDIS_URL: redisUrl });
    try {
      await withRedis.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (withRedis.app.server.address() as AddressInfo).port;
      // The first command waits for the connection to be ready; ask until Redis has answered.
      let trace: OtlpSpan[] = [];
      for (let i = 0; i < 20 && !trace.some((s) => attribute(s, 'db.system.name') === 'redis'); i++) {
        const response = await fetch(`http://127.0.0.1:${port}/api/Product/Select/All/Product/10/1`);
        trace = await traceOf(response.headers.get('x-trace-id')!);
      }
      const server = trace.find((s) => s.kind === SERVER)!;
      const command = trace.find((s) => attribute(s, 'db.system.name') === 'redis');
      expect(command?.parentSpanId).toBe(server.spanId);
      expect(command?.kind).toBe(CLIENT);
    } finally {
      await withRedis.close();
    }
  });

  it('runs each background job in a trace of its own: its statements are its spans, its log lines carry its id', async () => {
    // A periodic task as the shop's e-invoice reporting and payment reconciliation run: a
    // statement, a line logged through the shop's logger, then a failure.
    const job = periodicTask({ name: 'test job', intervalMs: 20, log: t.app.log }, async () => {
      await t.app.db.execute(sql`select 1 as one`);
      t.app.log.info('test job ran');
      throw new Error('the test job fails');
    });
    job.start();
    const span = await spanWhere((s) => s.name === 'test job');
    await job.stop();
    expect(span.parentSpanId ?? '').toBe('');
    expect(span.status?.code).toBe(2);
    expect(attribute(span, 'error.type')).toBe('Error');
    const statement = await spanWhere((s) => s.parentSpanId === span.spanId);
    expect(attribute(statement, 'db.query.text')).toMatch(/select 1/);
    for (const msg of ['test job ran', 'test job failed'])
      expect(logs.lines.find((line) => line.msg === msg)?.traceId).toBe(span.traceId);

    // One started by a request (a catalog import) outlives it: a trace of its own, linked to it.
    let requestTrace = '';
    await tracing.inSpan('request', {}, async () => {
      requestTrace = tracing.traceId()!;
      await inBackgroundSpan('test import', async () => t.app.log.info('test import ran'));
    });
    const imported = await spanWhere((s) => s.name === 'test import');
    expect(imported.traceId).not.toBe(requestTrace);
    expect(imported.parentSpanId ?? '').toBe('');
    expect(imported.links?.map((link) => link.traceId)).toEqual([requestTrace]);
    expect(logs.lines.find((line) => line.msg === 'test import ran')?.traceId).toBe(imported.traceId);
    // Outside any span, the shop's lines carry no trace id.
    t.app.log.info('outside every span');
    expect(logs.lines.find((line) => line.msg === 'outside every span')).not.toHaveProperty('traceId');
  });
});
