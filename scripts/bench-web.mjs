#!/usr/bin/env node
// `npm run bench:web`: how many pages per second the shop serves, against the ceiling of this
// machine measured in the same run. For the home page, a category listing, a product page and the
// cart, in Arabic and English, autocannon (run from this process, not the server's) sends 50
// connections for 10 s:
// - to the shop as an anonymous visitor (the page cache answers, once warm);
// - to the shop as a signed-in shopper with one product in the cart (never cached for them: each
//   answer is the shared page with their corners written in, decision 184; their cart is
//   rendered for them);
// - to a plain node:http server (a second process) sending the same brotli bytes.
// It prints req/s, latencies and the ratios, and the server's memory (RSS) just after start, idle
// (after 15 s without a request) and at its peak.
// Page names given (`node scripts/bench-web.mjs cart listing`) measure those pages only.
// `--lighthouse` then runs the Lighthouse audit (scripts/bench-lighthouse.mjs) on the same
// server. Measures only; it never fails a build.
//
// Environment: SHOP_URL (measure a running server instead; no memory figures), BENCH_DURATION
// (seconds per run, default 10), BENCH_CONNECTIONS (default 50), BENCH_CPU_PROF (a directory:
// the server runs with `node --cpu-prof` and a summary of the profile is printed).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { cpuMs, ensureWebBuild, root, startShopServer, storefrontPages } from './shop-server.mjs';
import { summarizeCpuProfile } from './cpu-profile.mjs';
import { fetchRaw, startCeiling } from './ceiling.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const lighthouse = process.argv.includes('--lighthouse');
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`Machine: ${os.cpus().length} cores, load average ${loadAverage()} at start.`);

let server;
let baseUrl = process.env.SHOP_URL;
if (!baseUrl) {
  ensureWebBuild();
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  server = await startShopServer({
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  baseUrl = server.url;
}

/** The server's resident memory in MB, from /proc (Linux). */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return undefined;
  }
}

/** The server's CPU time in ms so far, or undefined where /proc cannot tell. */
function cpuMsIfAny(pid) {
  try {
    return cpuMs(pid);
  } catch {
    return undefined;
  }
}

const memory = { started: undefined, idle: undefined, peak: 0 };
let sampler;
if (server) {
  // Just started, the heap still holds what starting made; V8 gives back what it no longer
  // needs once the process has been quiet for several seconds. Idle is read after 15 s.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  memory.started = rssMb(server.pid);
  await new Promise((resolve) => setTimeout(resolve, 13_000));
  memory.idle = rssMb(server.pid);
  sampler = setInterval(() => {
    memory.peak = Math.max(memory.peak, rssMb(server.pid) ?? 0);
  }, 200);
}

const { pages: storefront, productId } = await storefrontPages(baseUrl);
// The cart is never shared: an anonymous visitor's is the empty cart, the shopper's is theirs.
const chosen = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const pages = [...storefront, ['cart', '/cart']].filter(([name]) => !chosen.length || chosen.includes(name));

/**
 * A shopper signed in with one product in the cart, as a real session reads: the session, the
 * shopper and the cart (its badge in the header). Each page is put together for them (their
 * header's corners in the shared page), never sent from a cache.
 */
async function signedInShopper() {
  const post = (apiPath, body, headers = {}) =>
    fetch(`${baseUrl}${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
      body: JSON.stringify(body),
    });
  const email = `bench-web-${randomBytes(6).toString('hex')}@example.com`;
  const password = 'bench-password-123';
  const registered = await post('/api/User/Insert/User', {
    UserName: 'Bench Shopper',
    UserPhone: `055${String(randomBytes(4).readUInt32BE() % 1e7).padStart(7, '0')}`,
    UserEmail: email,
    UserPassword: password,
  });
  if (!registered.ok)
    throw new Error(`registering the shopper: ${registered.status} ${await registered.text()}`);
  const login = await post('/api/User/User/Login', { userEmail: email, userPassword: password });
  if (!login.ok) throw new Error(`signing in: ${login.status} ${await login.text()}`);
  const { token } = await login.json();
  const added = await post('/api/Cart/Insert/Cart', { productId }, { authorization: `Bearer ${token}` });
  if (!added.ok) throw new Error(`adding to the cart: ${added.status} ${await added.text()}`);
  return `session=${token}`;
}
const sessionCookie = await signedInShopper();
const pageHeaders = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

function run(url, headers, seconds = duration) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

const summary = (result) => ({
  rps: Math.round(result.requests.average),
  p99: result.latency.p99,
  max: result.latency.max,
  bad: result.non2xx + result.errors + result.timeouts,
});

const rows = [];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
try {
  for (const lang of ['ar', 'en']) {
    for (const [name, pagePath] of pages) {
      const url = `${baseUrl}${lang === 'ar' ? pagePath : pagePath === '/' ? '/en' : `/en${pagePath}`}`;
      // Fetched raw (no decompression) to hand the ceiling the very bytes the shop sends: for the
      // cart, the shopper's (the page every visitor gets is the empty cart).
      const sample = await fetchRaw(
        url,
        name === 'cart' ? { ...pageHeaders, cookie: sessionCookie } : pageHeaders,
      );
      if (sample.status !== 200) throw new Error(`${url} answered ${sample.status}`);
      const ceiling = await startCeiling(sample, tmp);
      try {
        // A short warm-up (JIT, the cache filled) before each measured run. An anonymous visitor
        // asking for the cart is sent to sign in: that run is left out.
        const shared = name !== 'cart';
        if (shared) await run(url, pageHeaders, 2);
        const cached = shared ? summary(await run(url, pageHeaders)) : undefined;
        await run(url, { ...pageHeaders, cookie: sessionCookie }, 2);
        const cpuBefore = server ? cpuMsIfAny(server.pid) : undefined;
        const renderedResult = await run(url, { ...pageHeaders, cookie: sessionCookie });
        const cpuAfter = server ? cpuMsIfAny(server.pid) : undefined;
        const rendered = summary(renderedResult);
        const cpuPerRequest =
          cpuBefore === undefined || cpuAfter === undefined || !renderedResult.requests.total
            ? '–'
            : Math.round((100 * (cpuAfter - cpuBefore)) / renderedResult.requests.total) / 100;
        const plain = summary(await run(ceiling.url, pageHeaders));
        const pct = (a) => `${((100 * a) / plain.rps).toFixed(1)}%`;
        rows.push({
          page: `${name} (${lang})`,
          'KB sent': Math.round(ceiling.bytes / 102.4) / 10,
          'anonymous req/s': cached?.rps ?? '–',
          'p99 ms': cached?.p99 ?? '–',
          'max ms': cached?.max ?? '–',
          'session req/s': rendered.rps,
          'p99 ms ': rendered.p99,
          'max ms ': rendered.max,
          'CPU ms/req': cpuPerRequest,
          'node:http req/s': plain.rps,
          'anonymous/ceiling': cached ? pct(cached.rps) : '–',
          'session/ceiling': pct(rendered.rps),
          'non-2xx/errors': (cached?.bad ?? 0) + rendered.bad,
        });
      } finally {
        ceiling.stop();
      }
    }
  }
} finally {
  clearInterval(sampler);
  rmSync(tmp, { recursive: true, force: true });
}

console.table(rows);
console.log(
  `${connections} connections, ${duration} s per run; load average ${loadAverage()} at the end ` +
    `(${os.cpus().length} cores, shared: read the ratios, not the absolute figures).`,
);
if (server)
  console.log(
    `Server RSS: ${memory.started} MB 2 s after start, ${memory.idle} MB idle (15 s without a ` +
      `request), ${memory.peak} MB at the peak of the runs.`,
  );

if (lighthouse) {
  const audit = spawn(process.execPath, [path.join(root, 'scripts/bench-lighthouse.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, SHOP_URL: baseUrl },
  });
  await once(audit, 'exit');
}

await server?.stop();
if (profileDir) {
  // One file per thread: the main thread's (the largest) is where pages are served.
  const [main] = readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => ({ f, size: statSync(path.join(profileDir, f)).size }))
    .sort((a, b) => b.size - a.size);
  if (main) {
    console.log(`CPU profile of the server's main thread: ${path.join(profileDir, main.f)}`);
    console.table(summarizeCpuProfile(JSON.parse(readFileSync(path.join(profileDir, main.f), 'utf8'))));
  }
}
