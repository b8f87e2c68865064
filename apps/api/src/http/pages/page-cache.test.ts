import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, root } from '../../../../../scripts/shop-server.mjs';
import { importCatalogFile } from '../../use-cases/catalog-import/import.ts';
import { importSettings } from '../../use-cases/catalog-import/settings.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { signedInUser } from '../../test/users.ts';

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>';

/** A one-product catalog at `price` SAR, imported the way the shop imports (publishing after it commits). */
async function importCatalog(t: TestContext, price: number) {
  const dir = path.join(t.dataDir, 'catalog');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'img.svg'), svg);
  const file = path.join(dir, 'catalog.json');
  await writeFile(
    file,
    JSON.stringify({
      categories: [{ key: 'phones', name: { ar: 'الجوالات', en: 'Phones' }, image: 'img.svg' }],
      companies: [{ key: 'apple', name: { ar: 'أبل', en: 'Apple' }, image: 'img.svg' }],
      products: [
        {
          sku: 'iph-15',
          name: { ar: 'آيفون 15', en: 'iPhone 15' },
          category: 'phones',
          company: 'apple',
          price,
          stock: 5,
          featured: true,
          image: 'img.svg',
        },
      ],
    }),
  );
  await importCatalogFile(t.database.db, file, {
    uploadsDir: t.config.uploadsDir,
    settings: importSettings,
    changes: t.app.changes,
  });
}

/**
 * The anonymous page cache through the real app with the web build mounted: what visitors
 * without a session share, and what they never do.
 */
describe('anonymous page cache', () => {
  let t: TestContext;
  let productPath: string;
  beforeAll(async () => {
    ensureWebBuild();
    t = await createTestApp({ WEB_BUILD_DIR: path.join(root, 'apps/web/build') });
    await importCatalog(t, 3399);
    const [product] = (await t.app.inject({ url: '/api/Product/Select/Last/Updated/Product' })).json();
    productPath = `/product/${product.productId}`;
  }, 180_000);
  afterAll(() => t.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

  it('serves a visitor the same page compressed, with an ETag, a 304, and no nonce frozen into it', async () => {
    const first = await page('/en', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const html = brotliDecompressSync(first.rawPayload).toString('utf8');
    expect(html).toContain('<html lang="en"');
    // Its inline scripts are allowed by hash; the page has no nonce anyone could reuse.
    expect(first.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(nonceOf(first.headers['content-security-policy'])).toBeUndefined();
    expect(html).not.toContain('nonce=');

    const second = await page('/en', { 'accept-encoding': 'gzip' });
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers.etag).toBe(etag);
    expect(gunzipSync(second.rawPayload).toString('utf8')).toBe(html);

    const revalidated = await page('/en', { 'if-none-match': String(etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('never shows a signed-in page to a visitor, nor a shared page to a shopper', async () => {
    const shopper = await signedInUser(t.database.db, { name: 'Nadia Private' });
    // The shopper's page first: it must not become the visitors' page.
    const mine = await page('/en/products', shopper.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('Nadia Private');
    expect(mine.headers.etag).toBeUndefined();
    const visitor = await page('/en/products');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain('Nadia Private');
    // Now cached for visitors: the shopper still gets a page of their own.
    const again = await page('/en/products', shopper.cookie);
    expect(again.body).toContain('Nadia Private');
    expect(again.headers.etag).toBeUndefined();
    // An ended or forged session is no visitor either: rendered, never from the cache.
    const forged = await page('/en/products', { cookie: 'session=x' });
    expect(forged.headers.etag).toBeUndefined();
    expect(forged.body).not.toContain('Nadia Private');
  });

  it('gives every page rendered for one request a fresh nonce', async () => {
    const shopper = await signedInUser(t.database.db);
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) {
      // The profile is rendered for its shopper each time (the shared pages a shopper gets, and
      // their cart, are allowed their scripts by hash, as a visitor's are: shopper-pages.test.ts).
      const res = await page('/en/user/profile', shopper.cookie);
      const nonce = nonceOf(res.headers['content-security-policy']);
      expect(nonce).toBeTruthy();
      expect(res.body).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('shows a price change on the next request', async () => {
    const before = await page(`/en${productPath}`);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('3,399');
    expect((await page(`/en${productPath}`)).headers.etag).toBe(before.headers.etag);
    await importCatalog(t, 2899);
    const after = await page(`/en${productPath}`);
    expect(after.body).toContain('2,899');
    expect(after.body).not.toContain('3,399');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const home = await page('/en');
    expect(home.body).toContain('2,899');
  });

  it('keeps nothing that sets a cookie or is not a 200', async () => {
    const missing = await page('/en/product/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    // The language toggle sets a cookie and redirects: never shared.
    const toggled = await page('/en?lang=en');
    expect(toggled.statusCode).toBe(302);
    expect(toggled.headers['set-cookie']).toBeTruthy();
    expect((await page('/en?lang=en')).headers['set-cookie']).toBeTruthy();
  });
});
