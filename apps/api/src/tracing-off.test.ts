import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTracing, startTracing } from './lib/tracing.ts';
import { createProduct } from './test/factories.ts';
import { createTestApp, type TestContext } from './test/harness.ts';
import { collectedLogs } from './test/log-lines.ts';

/**
 * Without OTEL_EXPORTER_OTLP_ENDPOINT tracing costs nothing: the SDK is never loaded, answers
 * and log lines are what they were.
 */

const logs = collectedLogs();

/**
 * The OpenTelemetry files a fresh Node process has loaded after importing the app, its database
 * client and the tracing module, then starting tracing with `env`'s variables.
 */
async function loadedInFreshProcess(env: Record<string, string>) {
  const script = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(fileURLToPath(new URL('./app.ts', import.meta.url)))});
    await import(${JSON.stringify(fileURLToPath(new URL('./db/client.ts', import.meta.url)))});
    const tracing = await import(${JSON.stringify(fileURLToPath(new URL('./lib/tracing.ts', import.meta.url)))});
    const on = (await tracing.startTracing()) !== undefined;
    // Only the SDK's: the API package is prom-client's dependency and comes with the metrics.
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter(
      (f) => f.includes('@opentelemetry') && !f.includes('@opentelemetry/api/'),
    );
    await tracing.stopTracing();
    console.log(JSON.stringify({ on, loaded }));`;
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _inherited, ...inherited } = process.env;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { env: { ...inherited, ...env } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { on: boolean; loaded: string[] };
}

describe('tracing without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let t: TestContext;
  beforeAll(async () => {
    expect(process.env.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(await startTracing()).toBeUndefined();
    t = await createTestApp({}, undefined, logs.logger);
    await createProduct(t.app.db);
  });
  afterAll(() => t.close());

  it('is off: answers and their log lines carry the request id and no trace id', async () => {
    expect(activeTracing()).toBeUndefined();
    const response = await t.app.inject({ method: 'GET', url: '/api/Product/Select/All/Product/10/1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-trace-id']).toBeUndefined();
    const lines = logs.lines.filter((line) => line.reqId === response.headers['x-request-id']);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toHaveProperty('traceId');
  });

  it('never loads the SDK; with the variable set, the same process loads it', async () => {
    const off = await loadedInFreshProcess({});
    expect(off).toEqual({ on: false, loaded: [] });
    const on = await loadedInFreshProcess({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(on.on).toBe(true);
    expect(on.loaded.some((file) => file.includes('@opentelemetry/sdk-trace-node/'))).toBe(true);
  }, 60_000);
});
