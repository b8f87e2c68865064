#!/usr/bin/env node
// Catalog and search at scale: generates a deterministic bilingual catalog of each size, loads
// it through the real importer (`catalog:import`), starts the real shop on it and measures every
// public catalog endpoint with autocannon; prints one table with the 100k/1k (largest/smallest)
// ratio per endpoint and writes the same as JSON. Each size also measures a plain node:http
// server sending the bytes of one listing answer (the ceiling: what this machine sends at all),
// and each endpoint's answers per second are given as a share of it, which moves less than the
// absolute figures on a shared machine.
//
// Usage: node scripts/bench-scale.mjs [--sizes 1000,10000,100000] [--seconds 10]
//          [--connections 50] [--only name,name] [--out bench-scale.json] [--probe-only]
// Before the load of each endpoint, 15 requests are sent one at a time: their median ("alone")
// is the endpoint's own cost, which other work on a shared machine moves least.
// With DATABASE_URL (a PostgreSQL server URL) each size gets a fresh database on that server,
// dropped afterwards; without it, the embedded database in a temporary folder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { importedScaleCatalog, medianMs, random, scaleBrands, scaleDatabase } from './scale-catalog.mjs';
import { fetchRaw, startCeiling } from './ceiling.mjs';
import { ensureWebBuild, startShopServer } from './shop-server.mjs';

// Options as `--name value` (Node's own parser: an unknown option stops the script with its name).
const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
    'probe-only': { type: 'boolean' },
  },
});
const option = (name, fallback) => options[name] ?? fallback;
const sizes = option('sizes', '1000,10000,100000').split(',').map(Number);
const seconds = Number(option('seconds', '10'));
const connections = Number(option('connections', '50'));
const only = option('only', '')?.split(',').filter(Boolean) ?? [];
const out = path.resolve(option('out', 'bench-scale.json'));
// Only the requests one at a time (no autocannon): quick, and the figure least moved by other
// work on a shared machine.
const probeOnly = options['probe-only'] ?? false;
const PROBES = 15;
const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'pglite';

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

const json = { 'content-type': 'application/json' };
/**
 * The catalog's facet keys, read from the facets of the first product's category: storage and
 * colour values, the makers, the RAM choices (a specification), and the RAM most of the first
 * product's maker's products have.
 */
async function facetSample(url, first) {
  const answer = await (
    await fetch(
      `${url}/api/Product/Select/All/Product/8/1?categoryId=${first.categoryId}&withFacets=true&lang=en`,
    )
  ).json();
  const keysOf = (name) => answer.facets.groups.find((g) => g.name === name)?.values.map((v) => v.key) ?? [];
  const categories = await (await fetch(`${url}/api/Category/Select/All/Category`)).json();
  // The RAM most of the first product's maker's products have: a page of eight at every size
  // (a rare one fills a page at 100,000 products and answers one product at 1,000, and the
  // sizes would be compared on answers of different lengths). Counted by pages of one product
  // without facets, which the load never asks for.
  const ram = keysOf('RAM');
  const counts = [];
  for (const key of ram) {
    const counted = await (
      await fetch(
        `${url}/api/Product/Select/All/Product/1/1?companyId=${first.companyId}&facet=${encodeURIComponent(key)}&inStock=true`,
      )
    ).json();
    counts.push(counted.pagging.rawCount);
  }
  const makerRam = ram[counts.indexOf(Math.max(...counts))];
  return {
    makerRam,
    storage: keysOf('Storage'),
    colour: keysOf('Colour'),
    ram,
    makers: answer.facets.groups.find((g) => g.group === 'b').values.map((v) => v.key),
    categories: categories.map((c) => c.categoryId),
  };
}

/**
 * Faceted listings as shoppers tick them: each request a random category, one to three facet
 * groups with one or two values each, sometimes in stock only, and a page from 1 to 5. Seeded,
 * so every run sends the same ones; few repeat, so the read cache answers few of them.
 */
function variedFacetPaths(sample) {
  const next = random(91);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const paths = [];
  for (let i = 0; i < 5000; i++) {
    const groups = [sample.storage, sample.colour, sample.ram, sample.makers]
      .filter(() => next() < 0.5)
      .slice(0, 3);
    const keys = groups.flatMap((values) => (next() < 0.5 ? [pick(values)] : [pick(values), pick(values)]));
    const query = [
      `categoryId=${pick(sample.categories)}`,
      ...[...new Set(keys)].map((k) => `facet=${encodeURIComponent(k)}`),
      ...(next() < 0.3 ? ['inStock=true'] : []),
      'withFacets=true',
    ];
    paths.push({ page: 1 + Math.floor(next() * 5), query: query.join('&') });
  }
  return paths;
}

/**
 * Listings as shoppers narrow them: a random category or maker, price bounds (sometimes one, some
 * none) and a page from 1 to 20. Seeded, so every run sends the same ones.
 */
function variedListingPaths(sample) {
  const next = random(53);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const paths = [];
  for (let i = 0; i < 5000; i++) {
    const shelf =
      next() < 0.5
        ? `categoryId=${pick(sample.categories)}`
        : `companyId=${pick(sample.makers).slice('b:'.length)}`;
    const low = Math.floor(next() * 40) * 50;
    const query = [
      shelf,
      ...(next() < 0.7 ? [`startprice=${low}`] : []),
      ...(next() < 0.7 ? [`finishprice=${low + 500 + Math.floor(next() * 40) * 100}`] : []),
    ];
    paths.push({ page: 1 + Math.floor(next() * 20), query: query.join('&') });
  }
  return paths;
}

/**
 * The paths of drawn listings, each page drawn beyond the listing's last one taken within it:
 * (page - 1) modulo the page count, plus one. A small catalog's listings have few pages, and an
 * empty page costs the shop less than a full one: the sizes are compared on pages of cards.
 * Where a listing has every page drawn (most at 100,000 products) nothing changes.
 */
async function withinLastPage(url, drawn) {
  const pageCounts = new Map();
  for (const { query } of drawn)
    if (!pageCounts.has(query)) {
      // Counted by pages of one product without facets: no answer the load asks for is read
      // into the shop's cache beforehand.
      const counted = query.replace(/&?withFacets=true/, '');
      const answer = await (await fetch(`${url}/api/Product/Select/All/Product/1/1?${counted}`)).json();
      pageCounts.set(query, Math.ceil(answer.pagging.rawCount / 8));
    }
  return drawn.map(({ page, query }) => {
    const count = pageCounts.get(query);
    return `/api/Product/Select/All/Product/8/${count > 0 ? 1 + ((page - 1) % count) : 1}?${query}`;
  });
}

function cases(size, first, sample, fresh, varied) {
  const lastPage = Math.max(1, Math.ceil(size / 8) - 1);
  const search = (name, productName) => ({
    name: `search ${name}`,
    path: '/api/Product/Select/Product/By/Name/8/1',
    method: 'POST',
    body: JSON.stringify({ productName }),
    headers: json,
    search: true,
  });
  return [
    { name: 'listing page 1', path: '/api/Product/Select/All/Product/8/1' },
    { name: 'listing deep page', path: `/api/Product/Select/All/Product/8/${lastPage}` },
    {
      name: 'category+brand+price',
      path: `/api/Product/Select/All/Product/8/1?categoryId=${first.categoryId}&companyId=${first.companyId}&startprice=100&finishprice=3000`,
    },
    {
      name: 'category deep page',
      path: `/api/Product/Select/All/Product/8/${Math.max(1, Math.floor(lastPage / 12))}?categoryId=${first.categoryId}`,
    },
    {
      name: 'facets of a category',
      path: `/api/Product/Select/All/Product/8/1?categoryId=${first.categoryId}&withFacets=true`,
    },
    {
      name: 'facets storage+colour',
      path: `/api/Product/Select/All/Product/8/1?categoryId=${first.categoryId}&${[sample.storage[1], sample.storage[2], sample.colour[0]].map((k) => `facet=${encodeURIComponent(k)}`).join('&')}&withFacets=true`,
    },
    {
      name: 'facets maker+RAM+stock',
      path: `/api/Product/Select/All/Product/8/1?companyId=${first.companyId}&facet=${encodeURIComponent(sample.makerRam)}&inStock=true&withFacets=true`,
    },
    {
      name: 'facets whole catalog',
      path: `/api/Product/Select/All/Product/8/1?facet=${encodeURIComponent(sample.storage[0])}&withFacets=true`,
    },
    // Every request a combination not asked before (until the list wraps): what a faceted
    // listing costs when the read cache cannot answer it.
    { name: 'facets varied', path: '', paths: varied.facets },
    // The same for listings without facets: a category or maker, price bounds and a page.
    { name: 'listing varied', path: '', paths: varied.listings },
    { name: 'best sellers', path: '/api/Product/Select/Most/Products/Paied' },
    { name: 'newest', path: '/api/Product/Select/Last/Updated/Product' },
    { name: 'offers', path: '/api/Product/Select/Four/Image/Product' },
    { name: 'related', path: `/api/Product/Select/Related/Product/${first.productId}` },
    { name: 'details', path: `/api/Product/Select/Product/${first.productId}` },
    search('Arabic', 'سامسونج جالاكسي'),
    search('English', 'galaxy pro'),
    search('typo', 'Samsnug'),
    search('cross-script', 'ايفون'),
    search('no match', 'zzqqxx'),
    // Every request a query not asked before (until the list wraps): what search costs when the
    // shop's read cache cannot answer it, where the cases above measure the repeated query.
    { ...search('varied', ''), queries: variedQueries() },
    // Words of the catalog's own product names, half with a typo: what shoppers send.
    { ...search('fresh', ''), queries: fresh },
    { name: 'home page', path: '/', page: true },
    { name: 'listing page', path: '/en/products', page: true },
    { name: 'product page', path: `/product/${first.productId}`, page: true },
  ].filter((c) => only.length === 0 || only.some((o) => c.name.includes(o)));
}

/**
 * Distinct queries as shoppers type them: a model family in Arabic or English, with a variant
 * word, some with two letters swapped. Seeded, so every run sends the same ones.
 */
function variedQueries() {
  const next = random(77);
  const words = [
    'pro',
    'max',
    'ultra',
    'plus',
    'lite',
    '128',
    '256',
    '512',
    'black',
    'blue',
    'اسود',
    'ابيض',
    'برو',
    'ماكس',
  ];
  const swap = (w) => {
    const letters = [...w];
    const i = Math.floor(next() * Math.max(1, letters.length - 1));
    if (letters.length > 3) [letters[i], letters[i + 1]] = [letters[i + 1], letters[i]];
    return letters.join('');
  };
  const queries = [];
  for (const brand of scaleBrands)
    for (const [ar, en] of brand.families)
      for (const family of [ar, en])
        for (const word of words) {
          queries.push(`${family} ${word}`);
          queries.push(`${swap(family)} ${word}`);
        }
  // Shuffled, so consecutive requests do not share their first words.
  for (let i = queries.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [queries[i], queries[j]] = [queries[j], queries[i]];
  }
  return queries;
}

/**
 * Queries as shoppers type them about what the shop sells: two to four consecutive words of a
 * product's own name (products read from random listing pages, in Arabic and in English), with
 * one letter replaced in half of them. Few repeat, so the read cache answers few. Seeded.
 */
async function freshQueries(url, size) {
  const next = random(29);
  const names = [];
  for (let i = 0; i < 60; i++) {
    const page = 1 + Math.floor(next() * Math.max(1, Math.floor(size / 8)));
    const lang = i % 2 === 0 ? 'ar' : 'en';
    const answer = await (await fetch(`${url}/api/Product/Select/All/Product/8/${page}?lang=${lang}`)).json();
    names.push(...answer.products.map((p) => p.productName));
  }
  const letters = { ar: 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي', en: 'abcdefghijklmnopqrstuvwxyz' };
  const typo = (word) => {
    const chars = [...word];
    const i = 1 + Math.floor(next() * Math.max(1, chars.length - 2));
    const alphabet = /[a-z]/i.test(word) ? letters.en : letters.ar;
    chars[i] = alphabet[Math.floor(next() * alphabet.length)];
    return chars.join('');
  };
  const queries = [];
  for (let i = 0; i < 5000; i++) {
    const words = names[Math.floor(next() * names.length)].split(/\s+/).filter(Boolean);
    const length = Math.min(words.length, 2 + Math.floor(next() * 3));
    const start = Math.floor(next() * (words.length - length + 1));
    const chosen = words.slice(start, start + length);
    if (next() < 0.5) {
      const long = chosen.map((w, j) => [w, j]).filter(([w]) => [...w].length >= 4);
      if (long.length) {
        const [w, j] = long[Math.floor(next() * long.length)];
        chosen[j] = typo(w);
      }
    }
    queries.push(chosen.join(' '));
  }
  return queries;
}

/**
 * What this machine sends at all: a plain node:http server answering every request with the
 * status, headers and bytes of one of the shop's listing answers, loaded as the shop is.
 */
async function ceilingRps(url) {
  const answer = await fetchRaw(`${url}/api/Product/Select/All/Product/8/1`, { 'accept-encoding': 'gzip' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-ceiling-'));
  const ceiling = await startCeiling(answer, dir);
  try {
    const result = await autocannon({
      url: ceiling.url,
      headers: { 'accept-encoding': 'gzip' },
      connections,
      duration: seconds,
    });
    return Math.round(result.requests.average);
  } finally {
    ceiling.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** /api/health's worst latency while `during` runs. */
async function watchHealth(url, during) {
  let worst = 0;
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
        if (!res.ok) failures++;
      } catch {
        failures++;
      }
      worst = Math.max(worst, Date.now() - started);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const result = await during();
  running = false;
  await loop;
  return { result, healthWorstMs: worst, healthFailures: failures };
}

ensureWebBuild();
const loadBefore = os.loadavg()[0];
const results = [];
for (const size of sizes) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const database = await scaleDatabase(work, serverUrl, `bench_scale_${size}`);
  const { env } = database;
  try {
    const imported = await importedScaleCatalog(work, env, size, kind);
    console.log(`  imported in ${imported.seconds.toFixed(1)} s, peak RSS ${imported.rssMb} MB`);
    const server = await startShopServer({ env: { ...env, SEED_DEMO: 'false' } });
    try {
      const first = (await (await fetch(`${server.url}/api/Product/Select/All/Product/1/1`)).json())
        .products[0];
      results.push({ size, endpoint: 'import', seconds: imported.seconds, rssMb: imported.rssMb });
      const sample = await facetSample(server.url, first);
      const ceiling = probeOnly ? undefined : await ceilingRps(server.url);
      if (ceiling) {
        results.push({ size, endpoint: 'ceiling (node:http)', rps: ceiling, okRps: ceiling });
        console.log(`  ceiling (node:http, the same bytes): ${ceiling} req/s`);
      }
      const fresh = await freshQueries(server.url, size);
      const varied = {
        facets: await withinLastPage(server.url, variedFacetPaths(sample)),
        listings: await withinLastPage(server.url, variedListingPaths(sample)),
      };
      for (const c of cases(size, first, sample, fresh, varied)) {
        const alone = [];
        const probing = performance.now();
        // A slow endpoint gets fewer probes: at most 20 s of them.
        let sent = 0;
        const nextBody = () =>
          c.queries ? JSON.stringify({ productName: c.queries[sent++ % c.queries.length] }) : c.body;
        const nextPath = () => (c.paths ? c.paths[sent++ % c.paths.length] : c.path);
        for (let i = 0; i < PROBES && performance.now() - probing < 20_000; i++) {
          const started = performance.now();
          const res = await fetch(server.url + nextPath(), {
            method: c.method ?? 'GET',
            body: nextBody(),
            headers: c.headers,
          });
          await res.arrayBuffer();
          alone.push(performance.now() - started);
        }
        const aloneMs = medianMs(alone);
        if (probeOnly) {
          results.push({ size, endpoint: c.name, aloneMs, serverRssMb: rssMb(server.pid) });
          console.log(`  ${c.name}: alone ${aloneMs} ms`);
          continue;
        }
        const run = () =>
          autocannon({
            url: server.url + (c.paths ? c.paths[0] : c.path),
            method: c.method ?? 'GET',
            body: c.body,
            headers: { 'accept-encoding': 'gzip', ...c.headers },
            ...(c.queries && {
              requests: [{ setupRequest: (request) => ({ ...request, body: nextBody() }) }],
            }),
            ...(c.paths && {
              requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
            }),
            connections,
            duration: seconds,
            timeout: 10,
          });
        const { result, healthWorstMs, healthFailures } = c.search
          ? await watchHealth(server.url, run)
          : { result: await run() };
        const row = {
          size,
          endpoint: c.name,
          aloneMs,
          rps: Math.round(result.requests.average),
          /** Answers that were 2xx, per second: a fast 503 counts in req/s, not here. */
          okRps: Math.round(result['2xx'] / seconds),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
          timeouts: result.timeouts,
          serverRssMb: rssMb(server.pid),
          ...(ceiling && { ofCeiling: Math.round((result['2xx'] / seconds / ceiling) * 1000) / 10 }),
          ...(healthWorstMs !== undefined && { healthWorstMs, healthFailures }),
        };
        results.push(row);
        console.log(
          `  ${c.name}: alone ${aloneMs} ms, ${row.rps} req/s (${row.okRps} 2xx/s), p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, timeouts ${row.timeouts}` +
            (healthWorstMs !== undefined ? `, health worst ${healthWorstMs} ms` : ''),
        );
        // Abandoned queries (cancelled or timed out) are let finish before the next endpoint.
        await new Promise((r) => setTimeout(r, 1000));
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

const smallest = Math.min(...sizes);
const largest = Math.max(...sizes);
const rows = results
  .filter((r) => r.size === largest)
  .map((r) => {
    const base = results.find((b) => b.size === smallest && b.endpoint === r.endpoint);
    return { ...r, base };
  });
const table = results.map((r) => {
  const base = results.find((b) => b.size === smallest && b.endpoint === r.endpoint);
  const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : undefined);
  if (r.endpoint.startsWith('ceiling')) return { size: r.size, endpoint: r.endpoint, 'req/s': r.rps };
  return r.endpoint === 'import'
    ? {
        size: r.size,
        endpoint: 'import',
        'req/s': '',
        'p50 ms': `${r.seconds.toFixed(1)} s`,
        'p99 ms': '',
        errors: '',
        timeouts: '',
        'rss MB': r.rssMb,
        [`p99 ×${smallest}`]: ratio(r.seconds, base?.seconds),
      }
    : {
        size: r.size,
        endpoint: r.endpoint,
        'alone ms': r.aloneMs,
        [`alone ×${smallest}`]: ratio(r.aloneMs, base?.aloneMs),
        'req/s': r.rps,
        '2xx/s': r.okRps,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
        timeouts: r.timeouts,
        'rss MB': r.serverRssMb,
        [`p99 ×${smallest}`]: ratio(r.p99, base?.p99),
        ...(r.ofCeiling !== undefined && { '% of ceiling': r.ofCeiling }),
        ...(r.healthWorstMs !== undefined && { 'health ms': r.healthWorstMs }),
      };
});
console.table(table);
const loadAfter = os.loadavg()[0];
console.log(
  `${kind}, ${connections} connections, ${seconds} s per endpoint; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${os.cpus().length} cores`,
);
writeFileSync(
  out,
  JSON.stringify(
    {
      kind,
      connections,
      seconds,
      load: { before: loadBefore, after: loadAfter },
      results,
      ratios: rows.map((r) => ({
        endpoint: r.endpoint,
        p99Ratio: r.base?.p99 ? r.p99 / r.base.p99 : undefined,
        rpsRatio: r.base?.rps ? r.rps / r.base.rps : undefined,
      })),
    },
    null,
    2,
  ),
);
console.log(`written to ${out}`);
