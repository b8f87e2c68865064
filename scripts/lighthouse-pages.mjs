#!/usr/bin/env node
// Lighthouse (mobile, simulated throttling) on chosen storefront pages, several runs each, and the
// median: `node scripts/lighthouse-pages.mjs [runs] [ar|en ...] [home|listing|product ...]`. Quicker
// than the whole `bench:lighthouse` when one change is being measured. Measures only.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, findChromium, installHint } from './find-chromium.mjs';
import { ensureWebBuild, startShopServer, storefrontPages } from './shop-server.mjs';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
const langs = args.filter((a) => a === 'ar' || a === 'en');
const chromePath = findChromium();
if (!chromePath) {
  console.error(installHint);
  process.exit(1);
}
ensureWebBuild();
const server = await startShopServer();
const { pages } = await storefrontPages(server.url);
const names = args.filter((a) => pages.some(([name]) => name === a));
const chosen = pages.filter(([name]) => !names.length || names.includes(name));
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumArgs });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
try {
  for (const lang of langs.length ? langs : ['ar', 'en']) {
    for (const [name, pagePath] of chosen) {
      const url = `${server.url}${lang === 'ar' ? pagePath : pagePath === '/' ? '/en' : `/en${pagePath}`}`;
      await fetch(url);
      const results = [];
      for (let i = 0, failed = 0; i < runs; i++) {
        const { lhr } = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        // A run Lighthouse itself gave up on (a busy machine) is said and run again, not counted.
        if (lhr.runtimeError && failed++ < runs) {
          console.log(`${name} (${lang}): ${lhr.runtimeError.code}; running again`);
          i--;
          continue;
        }
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const fonts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
          (r) => r.resourceType === 'Font',
        );
        results.push({
          perf: score('performance'),
          others: `${score('accessibility')}/${score('best-practices')}/${score('seo')}`,
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          fcp: lhr.audits['first-contentful-paint'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          fontKB: fonts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
        });
      }
      const m = (key) => median(results.map((r) => r[key]));
      rows.push({
        page: `${name} (${lang})`,
        'perf runs': results.map((r) => r.perf).join(' '),
        'perf median': m('perf'),
        'a11y/bp/seo': [...new Set(results.map((r) => r.others))].join(' '),
        'LCP s': (m('lcp') / 1000).toFixed(2),
        'FCP s': (m('fcp') / 1000).toFixed(2),
        'TBT ms': Math.round(m('tbt')),
        CLS: m('cls').toFixed(3),
        'font KB': m('fontKB').toFixed(1),
      });
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
