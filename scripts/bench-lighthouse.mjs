#!/usr/bin/env node
// `npm run bench:lighthouse` (and `npm run bench:web -- --lighthouse`): Lighthouse 12 (mobile, simulated throttling) on home, a listing and a
// product page, in Arabic and English, against the real server with the demo catalog (or
// SHOP_URL). Prints performance, accessibility, best practices, SEO and the JavaScript each page
// loads (transfer size, compressed as served). Budget (decision 033): performance ≥ 95, the others
// 100, product page JavaScript ≤ 100 KB. Measures only; it never fails a build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, findChromium, installHint } from './find-chromium.mjs';
import { ensureWebBuild, root, startShopServer, storefrontPages } from './shop-server.mjs';

const chromePath = findChromium();
if (!chromePath) {
  console.error(installHint);
  process.exit(1);
}

let server;
let baseUrl = process.env.SHOP_URL;
if (!baseUrl) {
  ensureWebBuild();
  server = await startShopServer();
  baseUrl = server.url;
}

const { pages } = await storefrontPages(baseUrl);

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: chromiumArgs,
});
const rows = [];
try {
  for (const lang of ['ar', 'en']) {
    for (const [name, path] of pages) {
      const url = `${baseUrl}${lang === 'ar' ? path : path === '/' ? '/en' : `/en${path}`}`;
      // One warm-up load so the first measurement is not the server's cold start.
      await fetch(url);
      const audit = () =>
        lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
      let lhr = (await audit()).lhr;
      // A run Lighthouse itself gave up on (a busy machine) is retried once, and said.
      if (lhr.runtimeError) {
        console.log(`${name} (${lang}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}; retrying`);
        lhr = (await audit()).lhr;
      }
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const jsBytes = requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      rows.push({
        page: `${name} (${lang})`,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        seo: score('seo'),
        'JS KB': Math.round(jsBytes / 102.4) / 10,
        FCP: lhr.audits['first-contentful-paint']?.displayValue ?? '',
        LCP: lhr.audits['largest-contentful-paint']?.displayValue ?? '',
        TBT: lhr.audits['total-blocking-time']?.displayValue ?? '',
        CLS: lhr.audits['cumulative-layout-shift']?.displayValue ?? '',
      });
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      if (failing.length) console.log(`${name} (${lang}) failing audits: ${failing.join(', ')}`);
    }
  }
} finally {
  await chrome.kill();
  await server?.stop();
}
console.table(rows);
console.log(
  'JavaScript a hydrated page needs before it is interactive, gzip -9 of the client build (the home and ' +
    'product pages opened directly are not hydrated and load only static-page.client.js, decisions 052 and ' +
    '054; these are their modules when reached by a link inside the shop):',
);
console.table(bundleSizes(['ar/home', 'ar/products-category', 'ar/product', 'ar/cart', 'ar/user-orders']));
console.log('Budget: performance ≥ 95; accessibility, best practices, SEO = 100; product page JS ≤ 100 KB.');

/**
 * The scripts a route loads up front (entry, its route modules and their static imports, from
 * the React Router manifest of the client build), gzipped: the figure without HTTP overhead.
 */
function bundleSizes(routeIds) {
  const assets = path.join(root, 'apps/web/build/client/assets');
  const manifestFile = readdirSync(assets).find((f) => f.startsWith('manifest-'));
  const manifest = JSON.parse(
    readFileSync(path.join(assets, manifestFile), 'utf8')
      .replace(/^window.__reactRouterManifest=/, '')
      .replace(/;$/, ''),
  );
  const gz = (file) => gzipSync(readFileSync(path.join(assets, path.basename(file))), { level: 9 }).length;
  return routeIds.map((id) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) {
      if (route.module) files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    const bytes = [...files].reduce((sum, file) => sum + gz(file), 0);
    return { route: id, files: files.size, 'KB gzip': Math.round(bytes / 102.4) / 10 };
  });
}
