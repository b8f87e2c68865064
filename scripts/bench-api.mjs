#!/usr/bin/env node
// API and page throughput on a real server with the demo catalog, and the server's memory.
// Usage: node scripts/bench-api.mjs [seconds per endpoint, default 10]
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { ensureWebBuild, startShopServer } from './shop-server.mjs';

const seconds = Number(process.argv[2] ?? 10);
// Targets on a 2-core machine; the table says whether each was met.
const targets = { apiRps: 1000, pageRps: 300, p99Ms: 200, rssMb: 600 };

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

ensureWebBuild();
const server = await startShopServer();
try {
  const first = await (await fetch(`${server.url}/api/Product/Select/All/Product/1/1`)).json();
  const productId = first.products?.[0]?.productId ?? 1;
  const categoryId = first.products?.[0]?.categoryId ?? 1;
  const cases = [
    { name: 'categories', kind: 'api', path: '/api/Category/Select/All/Category' },
    {
      name: 'products by category',
      kind: 'api',
      path: `/api/Product/Select/All/Product/8/1?categoryId=${categoryId}`,
    },
    { name: 'product details', kind: 'api', path: `/api/Product/Select/Product/${productId}` },
    {
      name: 'search (Arabic, typo)',
      kind: 'api',
      path: '/api/Product/Select/Product/By/Name/8/1',
      method: 'POST',
      body: JSON.stringify({ productName: 'سامسونغ' }),
      headers: { 'content-type': 'application/json' },
    },
    { name: 'home page (SSR, ar)', kind: 'page', path: '/' },
    { name: 'product page (SSR, en)', kind: 'page', path: `/en/product/${productId}` },
  ];
  const rows = [];
  for (const c of cases) {
    const probe = await fetch(server.url + c.path, {
      method: c.method ?? 'GET',
      body: c.body,
      headers: c.headers,
    });
    if (!probe.ok) {
      rows.push({ case: c.name, note: `skipped: HTTP ${probe.status}` });
      continue;
    }
    const result = await autocannon({
      url: server.url + c.path,
      method: c.method ?? 'GET',
      body: c.body,
      headers: { 'accept-encoding': 'gzip', ...c.headers },
      connections: 20,
      duration: seconds,
    });
    const rps = Math.round(result.requests.average);
    const target = c.kind === 'api' ? targets.apiRps : targets.pageRps;
    rows.push({
      case: c.name,
      'req/s': rps,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
      met:
        rps >= target && result.latency.p99 <= targets.p99Ms && result.errors + result.non2xx === 0
          ? 'yes'
          : 'NO',
    });
  }
  const mem = memory(server.pid);
  console.table(rows);
  console.log(
    `server memory: RSS ${mem.rssMb} MB, peak ${mem.peakMb} MB (target ≤ ${targets.rssMb} MB: ${mem.peakMb <= targets.rssMb ? 'met' : 'NOT met'})`,
  );
  console.log(
    `targets: API ≥ ${targets.apiRps} req/s, pages ≥ ${targets.pageRps} req/s, p99 ≤ ${targets.p99Ms} ms, 20 connections, ${seconds} s each`,
  );
} finally {
  await server.stop();
}
