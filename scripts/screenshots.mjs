#!/usr/bin/env node
/* global window, document */
// `npm run screenshots`: PNGs of every storefront screen in Arabic and English at 390 px and
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

/** Screens: name → path (Arabic form). */
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

/**
 * Screens of a logged-in shopper with a paid order and an item in the cart: name → path, or
 * { path, open } where `open` brings up a dialog before the capture.
 */
const accountScreens = {
  'account-orders': '/user/allorders',
  'account-order-dialog': {
    path: '/user/allorders',
    open: (page) => page.locator('button[aria-label*="#"]:visible').first().click(),
  },
  'account-profile': '/user/profile',
  'account-addresses': '/user/addresses',
  'account-add-address': '/user/add-address',
  'account-wishlist': '/user/wishlist',
  // The listing's cards with the shopper's wished products' hearts filled.
  'wishlist-hearts': '/products',
  cart: '/cart',
  // The dialogs drawn by their address, as the server sends them (they work without JavaScript).
  'cart-checkout-dialog': '/cart?dialog=checkout',
  'account-profile-dialog': '/user/profile?dialog=edit',
  'account-password-dialog': '/user/profile?dialog=password',
  'account-delete-dialog': '/user/profile?dialog=delete',
  // `/payment` goes to the newest order awaiting payment (placed by logInShopper).
  payment: '/payment',
};

/**
 * A visitor's dialogs, opened the way a visitor does (on phones, through the side drawer), on a
 * hydrated page (on the home and product pages the header's login is a link to the login page),
 * and the home shortcuts' company list.
 */
const visitorDialogs = {
  'login-dialog': { path: '/allcategory', open: openLoginDialog },
  'register-dialog': {
    path: '/allcategory',
    open: async (page) => {
      await openLoginDialog(page);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /إنشاء حساب|Create an account/ })
        .click();
    },
  },
  'home-companies-list': {
    path: '/',
    open: (page) =>
      page
        .getByRole('navigation', { name: /اختصارات|Shortcuts/ })
        .getByRole('button', { name: /الشركات|Companies/ })
        .click(),
  },
};

async function openLoginDialog(page) {
  const header = page.locator('header');
  const menu = header.getByRole('button', { name: /افتح القائمة|Open menu/ });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('dialog').locator('a[href$="/login"]').click();
  } else {
    await header.locator('a[href$="/login"]').click();
  }
  await page
    .getByRole('dialog')
    .getByLabel(/البريد الإلكتروني أو رقم الجوال|E-mail or mobile number/)
    .waitFor();
}

/**
 * A fresh shopper, logged in within `context` (the session cookie stays there), with a paid
 * order (when the server simulates payments) and a product in the cart. Returns a clean-up.
 */
async function logInShopper(context) {
  const { request } = context;
  const headers = { origin: new URL(baseUrl).origin };
  const tag = Math.random().toString(36).slice(2, 10);
  const password = `Pass-${tag}-word`;
  const user = {
    UserName: `Screenshot ${tag}`,
    UserPhone: `055${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`,
    UserEmail: `screens-${tag}@example.com`,
    UserPassword: password,
  };
  const registered = await request.post(`${baseUrl}/api/User/Insert/User`, { data: user });
  if (!registered.ok()) throw new Error(`registration failed: ${await registered.text()}`);
  const { userId } = await registered.json();
  const login = () =>
    request.post(`${baseUrl}/api/User/User/Login`, {
      data: { userEmail: user.UserEmail, userPassword: password },
    });
  await login();
  const products = (await (await request.get(`${baseUrl}/api/Product/Select/All/Product/40/1`)).json())
    .products;
  const inStock = products.filter((p) => p.productStock >= 5);
  const addToCart = (product) =>
    request.post(`${baseUrl}/api/Cart/Insert/Cart`, { data: { productId: product.productId }, headers });
  await addToCart(inStock[1]);
  const placed = await request.post(`${baseUrl}/api/User/Pay/TheInvoice`, {
    data: { userId, invoiceUserAdress: 'المنزل، طريق الملك فهد، حي العليا، الرياض', products: [] },
    headers,
  });
  if (placed.ok()) {
    const { invoiceId } = await placed.json();
    const paid = await request.post(`${baseUrl}/api/payments/sandbox/pay`, {
      data: {
        invoiceId,
        number: '4111111111111111',
        name: 'Test Shopper',
        month: 12,
        year: 2035,
        cvc: '123',
      },
      headers,
    });
    if (paid.ok()) {
      await request.post(`${baseUrl}/api/payments/verify`, { data: { id: (await paid.json()).id }, headers });
    } else console.warn('No paid order in the screenshots: the server does not simulate payments.');
  }
  await addToCart(inStock[0]);
  // The wishlist: products in stock, on offer and sold out, when the catalog has them.
  const wished = [
    products.find((p) => p.productPriceAfterOffer !== undefined),
    inStock[2],
    products.find((p) => p.productStock === 0),
    inStock[3],
  ].filter((p, i, all) => p && all.indexOf(p) === i);
  for (const product of wished)
    await request.post(`${baseUrl}/api/wishlist`, { data: { productId: product.productId }, headers });
  // An order awaiting payment, for the payment page (the cart is kept until it is paid).
  await request.post(`${baseUrl}/api/User/Pay/TheInvoice`, {
    data: { userId, invoiceUserAdress: 'المنزل، طريق الملك فهد، حي العليا، الرياض', products: [] },
    headers,
  });
  return async () => {
    await login();
    await request.put(`${baseUrl}/api/User/Deactivate/User/${userId}`, { data: { password }, headers });
  };
}

const only = process.argv.slice(2);
const wanted = (name) => !only.length || only.some((o) => name.includes(o));

async function capture(page, name, lang, width, screen) {
  const { path: arPath, open } = typeof screen === 'string' ? { path: screen } : screen;
  const url = lang === 'ar' ? arPath : arPath === '/' ? '/en' : `/en${arPath}`;
  await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
  // Hydrated, or sent as it stays (the home and product pages, decisions 052 and 054).
  await page
    .locator('html[data-hydrated], html[data-static]')
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => {});
  if (open) {
    await open(page);
    await page.waitForTimeout(300);
    // A dialog covers the screen: capture what the shopper sees, not the page under it.
    await page.screenshot({ path: path.join(outDir, `${name}-${lang}-${width}.png`) });
    return;
  }
  // Bring lazy images in before the full-page capture.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(outDir, `${name}-${lang}-${width}.png`), fullPage: true });
}

const browser = await chromium.launch({ executablePath, args: chromiumArgs });
let count = 0;
try {
  for (const width of [390, 1280]) {
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const lang of ['ar', 'en']) {
      for (const [name, screen] of Object.entries({ ...screens, ...visitorDialogs })) {
        if (!wanted(name)) continue;
        await capture(page, name, lang, width, screen);
        count++;
      }
    }
    await context.close();

    if (!Object.keys(accountScreens).some(wanted)) continue;
    const shopperContext = await browser.newContext({ viewport });
    const cleanUp = await logInShopper(shopperContext);
    const shopperPage = await shopperContext.newPage();
    try {
      for (const lang of ['ar', 'en']) {
        for (const [name, screen] of Object.entries(accountScreens)) {
          if (!wanted(name)) continue;
          await capture(shopperPage, name, lang, width, screen);
          count++;
        }
      }
    } finally {
      await cleanUp();
      await shopperContext.close();
    }
  }
} finally {
  await browser.close();
  await server?.stop();
}
console.log(`${count} screenshots in ${outDir}`);
