import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../scripts/shop-server.mjs';
import { startTracing, stopTracing, type Tracing } from './lib/tracing.ts';
import { MoyasarProvider } from './modules/payments/moyasar.ts';
import { ProviderNotFoundError } from './modules/payments/provider.ts';
import { createProduct } from './test/factories.ts';
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

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.OTEL_SERVICE_NAME = 'shop-test';
  tracing = (await startTracing())!;
  ensureWebBuild();
  t = await createTestApp({ WEB_BUILD_DIR: path.join(root, 'apps/web/build') }, undefined, logs.logger);
  await createProduct(t.app.db);
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
    expect(server.name).toBe('POST *');
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
    expect(server.name).toBe('GET *');
    const render = trace.find((s) => s.name === 'render page');
    expect(render?.parentSpanId).toBe(server.spanId);
    expect(trace.some((s) => s.kind === CLIENT && s.parentSpanId === render?.spanId)).toBe(true);
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
});
