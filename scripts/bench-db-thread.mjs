#!/usr/bin/env node
// The embedded database on the main thread or on a worker thread (PGLITE_THREAD=true): a page
// and an API route under load at the same time, each way, alternated so that both see the same
// neighbours. Prints req/s and latency of each, and the ratios.
// On a machine shared with other work req/s mostly measure the neighbours, so it also prints
// the CPU time per request of the server's main thread (which renders) and of all its threads,
// read from /proc: what one core buys does not depend on who else runs.
// Usage: node scripts/bench-db-thread.mjs [seconds, default 10] [rounds, default 2]
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuMs, ensureWebBuild, startShopServer } from './shop-server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 2);

function load(url, connections) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    headers: { 'accept-encoding': 'br' },
  });
}

/** CPU seconds so far of the process's main thread, and of the whole process (every thread). */
function cpu(pid) {
  return { main: cpuMs(pid, pid) / 1000, all: cpuMs(pid) / 1000 };
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
    const before = cpu(server.pid);
    const [pageResult, apiResult] = await Promise.all([load(page, 25), load(api, 25)]);
    const after = cpu(server.pid);
    const requests = pageResult.requests.total + apiResult.requests.total;
    const row = (r) => ({
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      errors: r.errors + r.non2xx + r.timeouts,
    });
    return {
      page: row(pageResult),
      api: row(apiResult),
      cpu: {
        'main thread ms/request': Number(((1000 * (after.main - before.main)) / requests).toFixed(2)),
        'all threads ms/request': Number(((1000 * (after.all - before.all)) / requests).toFixed(2)),
      },
    };
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
    console.table({ page: r.page, api: r.api });
    console.table(r.cpu);
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
const cpuMean = (where, key) =>
  results[where].reduce((sum, r) => sum + r.cpu[key], 0) / results[where].length;
console.table(
  Object.fromEntries(
    ['main', 'worker'].map((where) => [
      `database on ${where} thread`,
      {
        'main thread CPU ms/request': cpuMean(where, 'main thread ms/request').toFixed(2),
        'all threads CPU ms/request': cpuMean(where, 'all threads ms/request').toFixed(2),
      },
    ]),
  ),
);
