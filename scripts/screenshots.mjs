#!/usr/bin/env node
/* global window, document */
// `npm run screenshots`: PNGs of every storefront screen in Arabic and English at 375 px and
// 1280 px into ./screenshots/ (git-ignored). Starts the real server with the demo catalog, or
// uses SHOP_URL when a server is already running. Filter screens: `npm run screenshots -- product`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium, installHint } from './find-chromium.mjs';
import { ensureWebBuild, startShopServer } from './shop-server.mjs';

const executablePath = findChromium();
if (!executablePath) {
  console.error(installHint);
  process.exit(1);
}

const outDir = path.resolve('screenshots');
mkdirSync(outDir, { recursive: true });

let server;
let baseUrl = process.env.SHOP_URL;
if (!baseUrl) {
  ensureWebBuild();
  server = await startShopServer();
  baseUrl = server.url;
}

async function firstId(apiPath, field) {
  const response = await fetch(`${baseUrl}${apiPath}`);
  const list = await response.json();
  return Array.isArray(list) && list[0] ? list[0][field] : 1;
}

const categoryId = await firstId('/api/Category/Select/All/Category', 'categoryId');
const companyId = await firstId('/api/Company/Select/All/Company', 'companyId');
const offers = await (await fetch(`${baseUrl}/api/Product/Select/Four/Image/Product`)).json();
const productId =
  offers[0]?.productId ?? (await firstId('/api/Product/Select/Most/Products/Paied', 'productId'));

/** Screens: name → path (Arabic form). Add account and cart screens here as they land. */
const screens = {
  home: '/',
  products: '/products',
  'products-page-2': '/products?page=2',
  search: '/products?q=%D8%B3%D8%A7%D9%85%D8%B3%D9%88%D9%86%D8%AC',
  'search-en': '/products?q=samsung',
  category: `/products/category/${categoryId}`,
  company: `/products/company/${companyId}`,
  product: `/product/${productId}`,
  new: '/products/new',
  categories: '/allcategory',
  agents: '/agents',
  terms: '/info/terms/1',
  policy: '/info/policy/2',
  about: '/info/about/3',
  'not-found': '/no-such-page',
};

const only = process.argv.slice(2);
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
let count = 0;
try {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
    const page = await context.newPage();
    for (const lang of ['ar', 'en']) {
      for (const [name, arPath] of Object.entries(screens)) {
        if (only.length && !only.some((o) => name.includes(o))) continue;
        const url = lang === 'ar' ? arPath : arPath === '/' ? '/en' : `/en${arPath}`;
        await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
        await page
          .locator('html[data-hydrated]')
          .waitFor({ state: 'attached', timeout: 15_000 })
          .catch(() => {});
        // Bring lazy images in before the full-page capture.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const file = path.join(outDir, `${name}-${lang}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        count++;
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server?.stop();
}
console.log(`${count} screenshots in ${outDir}`);
