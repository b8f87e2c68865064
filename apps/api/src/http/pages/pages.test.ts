import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../../../scripts/shop-server.mjs';
import { createTestApp, type TestContext } from '../../test/harness.ts';

/**
 * Storefront pages through the real app (the web build mounted as `npm start` mounts it): where
 * a browser cannot make the server fail (a path the router cannot read, a database gone), and
 * the links the server writes into pages that run no router.
 */
let t: TestContext;
beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ WEB_BUILD_DIR: path.join(root, 'apps/web/build') });
}, 180_000);
afterAll(() => t.close());

describe('storefront pages when something is wrong', () => {
  it('mounts a production build: the browser gets no development React', () => {
    const assets = path.join(root, 'apps/web/build/client/assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const development = scripts.filter((file) =>
      readFileSync(path.join(assets, file), 'utf8').includes('Download the React DevTools'),
    );
    expect(development).toEqual([]);
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('answers a malformed or overlong path with the not-found page of its language, not JSON', async () => {
    for (const [url, lang, heading] of [
      ['/product/1%', 'ar', 'الصفحة غير موجودة'],
      ['/products/category/%E0%A4%A', 'ar', 'الصفحة غير موجودة'],
      ['/en/product/1%', 'en', 'Page not found'],
      [`/en/product/${'9'.repeat(300)}`, 'en', 'Page not found'],
      // An id beyond what the database's ids can be names no product either.
      ['/en/product/2147483648', 'en', 'Page not found'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
      expect(res.body, url).toContain(heading);
      expect(res.body, url).toContain(`href="${lang === 'ar' ? '/' : '/en'}"`);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('answers a malformed API path with the API error shape in the request language', async () => {
    const ar = await t.app.inject({ method: 'GET', url: '/api/Product/Select/Product/1%' });
    expect(ar.statusCode).toBe(400);
    expect(ar.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'البيانات المرسلة غير صحيحة' });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/Product/Select/Product/1%',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().code).toBe('VALIDATION_FAILED');
    expect(en.json().message).not.toMatch(/[\u0600-\u06FF]/);
  });

  it('answers the requests a full render gate cannot take in time with the busy page of their language', async () => {
    // One render at a time and no waiting: of requests arriving together, one renders and the
    // others are turned away at once, as the excess of a burst is.
    const narrow = await createTestApp({
      WEB_BUILD_DIR: path.join(root, 'apps/web/build'),
      PAGE_CACHE_MB: '0',
      PAGE_RENDER_CONCURRENCY: '1',
      PAGE_RENDER_WAIT_MS: '0',
    });
    try {
      const urls = ['/', '/en', '/products', '/en/products', '/agents', '/en/agents'];
      const answers = await Promise.all(
        urls.map((url) => narrow.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses).toContain(200);
      expect(statuses).toContain(503);
      answers.forEach((res, i) => {
        if (res.statusCode !== 503) return;
        const lang = urls[i]!.startsWith('/en') ? 'en' : 'ar';
        expect(res.headers['retry-after']).toBe('1');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
        expect(res.body).toContain(lang === 'ar' ? 'المتجر مشغول الآن' : 'The shop is busy right now');
      });
      // The gate lets go of every slot: the next request, alone, renders.
      const after = await narrow.app.inject({ method: 'GET', url: '/en', headers: { accept: 'text/html' } });
      expect(after.statusCode).toBe(200);
    } finally {
      await narrow.close();
    }
  });

  it('answers a crash (the database gone) with an error page and HTTP 500, in the language of the path', async () => {
    // As `npm start` runs it: React Router's production mode sends no error details.
    const broken = await createTestApp({
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: 'true',
      WEB_BUILD_DIR: path.join(root, 'apps/web/build'),
    });
    try {
      await broken.database.close();
      for (const [url, lang] of [
        ['/', 'ar'],
        ['/en/products', 'en'],
      ] as const) {
        const res = await broken.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(500);
        expect(res.body, url).toContain(`<html lang="${lang}"`);
        expect(res.body, url).toContain(
          lang === 'ar' ? 'حدث خطأ غير متوقع!' : 'Unexpected Application Error!',
        );
        expect(res.body, url).toContain(`href="${lang === 'ar' ? '/' : '/en'}"`);
        // Nothing of the failure reaches the shopper.
        expect(res.body, url).not.toMatch(/ApiRequestError|\bat .*\.js:\d|PGlite/);
      }
    } finally {
      await broken.close();
    }
  });
});

describe('compression of rendered pages', () => {
  // A cookie no session has: the page is rendered for this request, not served from the cache.
  const rendered = (url: string, encoding: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'accept-encoding': encoding, cookie: `session=${'x'.repeat(43)}` },
    });

  it('sends a rendered page compressed whole, with its length, in brotli or gzip', async () => {
    for (const [url, lang] of [
      ['/', 'ar'],
      ['/en', 'en'],
    ] as const) {
      const br = await rendered(url, 'br, gzip');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      // Compressed in one call, so its length is known: no chunked transfer.
      expect(Number(br.headers['content-length']), url).toBe(br.rawPayload.length);
      const html = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
      expect(html, url).toContain(`<html lang="${lang}"`);
      expect(html.trimEnd().endsWith('</html>'), url).toBe(true);

      const gzip = await rendered(url, 'gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(Number(gzip.headers['content-length']), url).toBe(gzip.rawPayload.length);
      expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8'), url).toContain(`<html lang="${lang}"`);
    }
  });
});

describe('links of the storefront pages', () => {
  const html = async (url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
  const anchors = (page: string) => page.match(/<a [^>]*>/g) ?? [];
  const navLink = (page: string, href: string) =>
    anchors(page).find((a) => a.includes(`href="${href}"`) && a.includes('border-b-2'));

  it('on a page sent without hydration, links are plain anchors in the page language, the current one marked', async () => {
    const page = await html('/en');
    // The home page runs no router: its links carry none of the router's attributes.
    expect(page).not.toContain('window.__reactRouterContext');
    const home = navLink(page, '/en');
    expect(home).toContain('aria-current="page"');
    expect(home).toMatch(/class="[^"]* active"/);
    const products = navLink(page, '/en/products');
    expect(products).toBeDefined();
    expect(products).not.toContain('aria-current');
    expect(products).not.toContain('data-discover');
    // Every link to a page of the shop stays in English (but the switch to Arabic).
    const shopLinks = anchors(page)
      .map((a) => /href="(\/[^"]*)"/.exec(a)?.[1])
      .filter((href): href is string => href !== undefined && !/^\/(uploads|assets|api)\//.test(href));
    expect(shopLinks.length).toBeGreaterThan(20);
    expect(shopLinks.filter((href) => !/^\/en(\/|$)/.test(href) && !/[?&]lang=ar/.test(href))).toEqual([]);
  });

  it('marks the same section on a page sent without hydration as on a hydrated one', async () => {
    // The product list is hydrated: React Router's NavLink marks "Products" there.
    const hydrated = await html('/en/products');
    expect(hydrated).toContain('window.__reactRouterContext');
    expect(navLink(hydrated, '/en/products')).toContain('aria-current="page"');
    expect(navLink(hydrated, '/en/products')).toContain('data-discover');
    expect(navLink(hydrated, '/en')).not.toContain('aria-current');
    // The product page is not: the plain anchors mark no section ("Products" has `end`).
    const [productId] = (await t.app.inject({ method: 'GET', url: '/api/Product/Select/Four/Image/Product' }))
      .json()
      .map((offer: { productId: number }) => offer.productId);
    const plain = await html(`/en/product/${productId}`);
    expect(plain).not.toContain('window.__reactRouterContext');
    expect(anchors(plain).filter((a) => a.includes('border-b-2') && a.includes('aria-current'))).toEqual([]);
  });
});
