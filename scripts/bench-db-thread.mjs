#!/usr/bin/env node
// The embedded database on the main thread or on a worker thread (PGLITE_THREAD=true): a page
// and an API route under load at the same time, each way, alternated so that both see the same
// neighbours. Prints req/s and latency of each, and the ratios.
// Usage: node scripts/bench-db-thread.mjs [seconds, default 10] [rounds, default 2]
import os from 'node:os';
import autocannon from 'autocannon';
import { ensureWebBuild, startShopServer } from './shop-server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 2);

function load(url, connections) {
  return autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'br' } });
}

async function measure(thread) {
  const server = await startShopServer({ env: { PGLITE_THREAD: String(thread) } });
  try {
    const first = await (await fetch(`${server.url}/api/Product/Select/All/Product/1/1`)).json();
    const productId = first.products?.[0]?.productId ?? 1;
    const page = `${server.url}/en/product/${productId}`;
    const api = `${server.url}/api/Product/Select/All/Product/8/1`;
    // Warm up both paths.
    await Promise.all([fetch(page), fetch(api)]);
    const [pageResult, apiResult] = await Promise.all([load(page, 25), load(api, 25)]);
    const row = (r) => ({
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      errors: r.errors + r.non2xx + r.timeouts,
    });
    return { page: row(pageResult), api: row(apiResult) };
  } finally {
    await server.stop();
  }
}

ensureWebBuild();
const results = { main: [], worker: [] };
for (let round = 0; round < rounds; round += 1) {
  for (const thread of [false, true]) {
    const r = await measure(thread);
    results[thread ? 'worker' : 'main'].push(r);
    console.log(`round ${round + 1}, database on the ${thread ? 'worker' : 'main'} thread:`);
    console.table(r);
  }
}
const mean = (list, kind, key) => list.reduce((sum, r) => sum + r[kind][key], 0) / list.length;
console.log(
  `\nmeans over ${rounds} rounds of ${seconds} s (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores):`,
);
const table = {};
for (const kind of ['page', 'api']) {
  for (const where of ['main', 'worker']) {
    table[`${kind}, database on ${where} thread`] = {
      'req/s': Math.round(mean(results[where], kind, 'req/s')),
      'p99 ms': Math.round(mean(results[where], kind, 'p99 ms')),
    };
  }
  table[`${kind}: worker / main`] = {
    'req/s': (mean(results.worker, kind, 'req/s') / mean(results.main, kind, 'req/s')).toFixed(2),
    'p99 ms': (mean(results.worker, kind, 'p99 ms') / mean(results.main, kind, 'p99 ms')).toFixed(2),
  };
}
console.table(table);
