#!/usr/bin/env node
// `npm run bench:web`: Lighthouse 12 (mobile, simulated throttling) on home, a listing and a
// product page, in Arabic and English, against the real server with the demo catalog (or
// SHOP_URL). Prints performance, accessibility, best practices, SEO and the JavaScript each page
// loads (transfer size, compressed as served). Budget (issue 4): performance ≥ 95, the others
// 100, product page JavaScript ≤ 100 KB. Measures only; it never fails a build.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, findChromium, installHint } from './find-chromium.mjs';
import { ensureWebBuild, startShopServer } from './shop-server.mjs';

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

const offers = await (await fetch(`${baseUrl}/api/Product/Select/Four/Image/Product`)).json();
const productId = offers[0]?.productId ?? 1;
const pages = [
  ['home', '/'],
  ['listing', '/products/category/1'],
  ['product', `/product/${productId}`],
];

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
console.log('Budget: performance ≥ 95; accessibility, best practices, SEO = 100; product page JS ≤ 100 KB.');
