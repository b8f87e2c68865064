import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import { setTimeout as delay } from 'node:timers/promises';
import { localServers } from './test/local-servers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, prepareStock, runShoppers } from '../../../scripts/checkout-load.mjs';
import { startCluster, type Cluster } from '../../../scripts/cluster.mjs';

/*
 * The deployment as shipped (deploy/nginx.conf in front of two shop processes on one PostgreSQL
 * and one Redis), started on this machine by `npm run cluster`'s own code: HTTPS with HTTP/2,
 * the redirect from HTTP, uploads served by nginx, and a checkout load through it while the
 * processes are restarted one at a time. Needs the PostgreSQL and Redis servers CI runs on
 * 127.0.0.1 and nginx (installed with apt-get when absent, as root).
 */

const { postgresUrl, redisUrl } = await localServers();
const servers = Boolean(postgresUrl && redisUrl);

describe.skipIf(!servers)('the shipped deployment: nginx in front of two shop processes', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({
      log: () => {},
      // Every shopper of this test comes through nginx from this machine: one address.
      env: { RATE_LIMIT_MAX: '1000000' },
    });
  }, 300_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('redirects HTTP to HTTPS and speaks HTTP/2 there', async () => {
    const plain = await fetch(`${cluster.httpUrl}/en/cart?x=1`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe(`https://127.0.0.1/en/cart?x=1`);

    const session = http2.connect(cluster.url, { ca: readFileSync(cluster.certificate) });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/health/ready' });
        let status = 0;
        let body = '';
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
        stream.end();
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    } finally {
      session.close();
    }
  });

  it('serves uploaded images itself, cached for a year, and pages through the shop', async () => {
    const offers = await cluster.request(`${cluster.url}/api/Product/Select/Four/Image/Product`);
    const products = (await offers.json()) as { productImage: string }[];
    const image = products[0]!.productImage;
    expect(image).toMatch(/^\/uploads\//);
    const res = await cluster.request(cluster.url + image);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await cluster.request(`${cluster.url}/en`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('lang="en"');
  });

  it('sells through a rolling restart of both processes without one failed request or lost order', async () => {
    const database = { databaseUrl: cluster.databaseUrl };
    const stock = await prepareStock(database);
    const before = cluster.pids();
    const load = runShoppers({
      baseUrl: cluster.url,
      seconds: 30,
      shopperCount: 8,
      stock,
      request: cluster.request,
    });
    await delay(5_000);
    await cluster.rollingRestart();
    const run = await load;

    expect(cluster.pids().every((pid, i) => pid !== before[i])).toBe(true);
    expect(Object.fromEntries(run.errorSamples)).toEqual({});
    expect(run.counts.errors).toBe(0);
    expect(run.counts.paid).toBeGreaterThan(20);
    const integrity = await checkIntegrity(database, stock, run);
    expect(integrity.checks).toEqual({
      'lost orders': 0,
      'duplicated orders': 0,
      'oversold units': 0,
      'orders paid twice': 0,
      'products whose stock does not add up': 0,
    });
  }, 180_000);
});
