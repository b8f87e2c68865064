import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discountCartCodes,
  discountCodes,
  promotions,
  promotionTargets,
} from '../../modules/discounts/schema.ts';
import type { TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { putInCart } from '../../test/shoppers.ts';
import { signedInUser } from '../../test/users.ts';

/**
 * A signed-in shopper's home, listing, product and information pages: the page every visitor
 * gets with the shopper's corners written in (the account menu, the cart badge, the drawer's
 * account links, no "log in" prompt), through the real app with the web build mounted.
 */
describe('pages of a signed-in shopper from the shared page', () => {
  let t: TestContext;
  let product: ProductRow;
  const log = new QueryLog();
  beforeAll(async () => {
    t = await pagesApp(log);
    product = await createProduct(t.database.db, { nameEn: 'Galaxy Tab S10', nameAr: 'جالكسي تاب S10' });
    await t.app.changes.publish({ topic: 'catalog', productIds: [product.id] });
  }, 180_000);
  afterAll(() => t.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  /** The markup as a browser shows it: without the nonces and React Router's hydration data. */
  const markup = (html: string) =>
    html
      .replace(/ nonce="[^"]*"/g, '')
      .replace(/<script>window\.__reactRouterContext[\s\S]*?<\/script>/g, '')
      .replace(/<script type="module" async="">[\s\S]*?<\/script>/g, '');

  const sharedPaths = () => [
    '/',
    '/en',
    '/products',
    `/en/products/category/${product.categoryId}`,
    `/product/${product.id}`,
    `/en/product/${product.id}`,
    '/allcategory',
    '/en/agents',
    // The cart: the page every shopper's is put together from, with theirs rendered alone.
    '/cart',
    '/en/cart',
  ];

  it('writes exactly what the page rendered for the shopper shows', async () => {
    const shopper = await signedInUser(t.database.db, { name: 'Huda <b>Al-Qahtani</b>' });
    await putInCart(t.database.db, shopper.userId, product.id, 3);
    // A wished product: its hearts are turned over for her, everyone else's stay as they are.
    const wished = await t.app.inject({
      method: 'POST',
      url: '/api/wishlist',
      headers: shopper.bearer,
      payload: { productId: product.id },
    });
    expect(wished.statusCode, wished.body).toBe(200);
    for (const url of sharedPaths()) {
      const shared = await page(url, { cookie: `session=${shopper.token}` });
      // Any other cookie beside the session makes the page be rendered for this request alone.
      const rendered = await page(url, { cookie: `session=${shopper.token}; compare=` });
      expect(shared.statusCode, url).toBe(200);
      expect(rendered.statusCode, url).toBe(200);
      // Put together from the shared page: its scripts allowed by hash, no nonce.
      expect(shared.headers['content-security-policy'], url).not.toContain("'nonce-");
      expect(rendered.headers['content-security-policy'], url).toContain("'nonce-");
      expect(markup(shared.body), url).toBe(markup(rendered.body));
      // Asked with compression (a browser's header): gzip made of the shared page's pieces
      // compressed once and the shopper's corners, reading back as the very same page.
      const compressed = await page(url, {
        cookie: `session=${shopper.token}`,
        'accept-encoding': 'br, gzip',
      });
      expect(compressed.headers['content-encoding'], url).toBe('gzip');
      expect(String(compressed.headers.vary), url).toMatch(/Accept-Encoding.*Cookie|Cookie.*Accept-Encoding/);
      expect(gunzipSync(compressed.rawPayload).toString('utf8'), url).toBe(shared.body);
      // The name as text, never as markup; the badge counts the three units.
      expect(shared.body, url).toContain('Huda &lt;b&gt;Al-Qahtani&lt;/b&gt;');
      expect(shared.body, url).not.toContain('<b>Al-Qahtani');
      expect(shared.body, url).toContain(
        url.startsWith('/en') ? 'aria-label="Cart, 3 items"' : 'aria-label="السلة، 3 منتجات"',
      );
      expect(shared.body, url).toContain('id="page-shopper"');
      if (shared.body.includes(`id="wish-${product.id}"`))
        expect(shared.body, url).toMatch(new RegExp(`id="wish-${product.id}"[^]*?aria-pressed="true"`));
      expect(shared.body, url).toContain('"userName":"Huda \\u003cb>Al-Qahtani\\u003c/b>"');
    }
  });

  it('is never kept or shared: each shopper sees themselves, a visitor sees the login', async () => {
    const nadia = await signedInUser(t.database.db, { name: 'Nadia Shared' });
    const omar = await signedInUser(t.database.db, { name: 'Omar Shared' });
    const url = `/en/product/${product.id}`;
    const first = await page(url, { cookie: `session=${nadia.token}` });
    expect(first.body).toContain('Nadia Shared');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toBeUndefined();
    expect(String(first.headers.vary)).toContain('Cookie');
    const second = await page(url, { cookie: `session=${omar.token}` });
    expect(second.body).toContain('Omar Shared');
    expect(second.body).not.toContain('Nadia Shared');
    const visitor = await page(url);
    expect(visitor.body).not.toMatch(/Nadia Shared|Omar Shared|page-shopper/);
    expect(visitor.body).toContain('href="/en/login?redirectTo=');
    expect(visitor.headers.etag).toBeTruthy();
    // The shopper's page has no "log in" prompt; the visitor's has it.
    expect(first.body).not.toContain('href="/en/login');
  });

  it('costs one statement once the page is kept: the session, with the units in the cart', async () => {
    const shopper = await signedInUser(t.database.db, { name: 'One Read' });
    await putInCart(t.database.db, shopper.userId, product.id, 2);
    const url = `/en/products/category/${product.categoryId}`;
    await page(url);
    const res = await log.record(() => page(url, { cookie: `session=${shopper.token}` }));
    expect(res.body).toContain('aria-label="Cart, 2 items"');
    expect(log.statements).toHaveLength(1);
    expect(log.readsOf('sessions')).toHaveLength(1);
    expect(log.statements[0]).toContain('"cart_items"');
    expect(log.statements[0]).toContain('"wishlist_items"');
  });

  it('shows the cart badge of this moment, whatever the shared page holds', async () => {
    const shopper = await signedInUser(t.database.db, { name: 'Badge Shopper' });
    const badge = async () =>
      /<shopper-slot name="cart">[\s\S]*?<\/shopper-slot>/.exec(
        (await page('/en', { cookie: `session=${shopper.token}` })).body,
      )?.[0];
    expect(await badge()).toContain('aria-label="Cart, 0 items"');
    await putInCart(t.database.db, shopper.userId, product.id, 2);
    expect(await badge()).toContain('aria-label="Cart, 2 items"');
  });

  it("puts each shopper's cart together for them alone, and never shows it to a visitor", async () => {
    const first = await signedInUser(t.database.db, { name: 'Cart Owner' });
    const second = await signedInUser(t.database.db, { name: 'Other Owner' });
    const other = await createProduct(t.database.db, { nameEn: 'Pixel Buds Pro', nameAr: 'بكسل بدز برو' });
    await putInCart(t.database.db, first.userId, product.id, 1);
    await putInCart(t.database.db, second.userId, other.id, 2);
    const firstCart = await page('/en/cart', { cookie: `session=${first.token}` });
    const secondCart = await page('/en/cart', { cookie: `session=${second.token}` });
    for (const cart of [firstCart, secondCart]) {
      expect(cart.statusCode).toBe(200);
      // Put together from the shared page: its scripts allowed by hash, never kept elsewhere.
      expect(cart.headers['content-security-policy']).not.toContain("'nonce-");
      expect(cart.headers['cache-control']).toBe('private, no-cache');
      expect(cart.headers.etag).toBeUndefined();
    }
    expect(firstCart.body).toContain('Galaxy Tab S10');
    expect(firstCart.body).not.toContain('Pixel Buds Pro');
    expect(secondCart.body).toContain('Pixel Buds Pro');
    expect(secondCart.body).not.toContain('Galaxy Tab S10');
    // The data the browser's first render draws from is this shopper's.
    expect(firstCart.body).toMatch(/<script type="application\/json" id="page-main">[^<]*Galaxy Tab S10/);
    // A visitor is still sent to sign in: the page shoppers' carts are made from is not theirs.
    const visitor = await page('/en/cart');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toContain('/en/login');
    // With a query (the checkout dialog opened by its address) the page is rendered for them.
    const dialog = await page('/en/cart?dialog=checkout', { cookie: `session=${first.token}` });
    expect(dialog.statusCode).toBe(200);
    expect(dialog.headers['content-security-policy']).toContain("'nonce-");
    expect(dialog.body).toContain('role="dialog"');
    const ended = await page('/en', { cookie: 'session=not-a-live-session-token-000000000000000000' });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).not.toContain('page-shopper');
    expect(ended.body).toContain('href="/en/login"');
  });
  it('reads two statements for the cart page (none when kept), the running promotions coming from memory', async () => {
    const shopper = await signedInUser(t.database.db, { name: 'Cart Reader' });
    await putInCart(t.database.db, shopper.userId, product.id, 1);
    const hour = 3_600_000;
    const [promotion] = await t.database.db
      .insert(promotions)
      .values({
        nameAr: 'عرض السلة',
        nameEn: 'Cart week',
        kind: 'percent',
        percent: 10,
        startsAt: new Date(Date.now() - hour),
        endsAt: new Date(Date.now() + hour),
        // This product only: on PostgreSQL other test files share the database.
        scope: 'items',
        enabled: true,
      })
      .returning();
    await t.database.db
      .insert(promotionTargets)
      .values({ promotionId: promotion!.id, kind: 'product', targetId: product.id });
    // As saving a promotion does: every process is told once it is committed.
    await t.app.changes.publish({ topic: 'promotions' });
    try {
      const cartPage = () => page('/en/cart', { cookie: `session=${shopper.token}` });
      // The first request after the change reads the promotions into the process's board.
      expect((await cartPage()).body).toContain('Cart week');
      const cart = await log.record(cartPage);
      expect(cart.statusCode).toBe(200);
      expect(cart.body).toContain('Cart week');
      // The session with its badge (and whether a code is on the cart: none) and the cart's
      // lines; the addresses are read when the checkout dialog is opened. On the embedded
      // database, which this process alone writes, both were kept by the request before: none.
      expect(log.statements).toHaveLength(t.database.kind === 'pglite' ? 0 : 2);
      // After a write (any), the two statements again.
      await putInCart(t.database.db, shopper.userId, product.id, 1);
      expect((await log.record(cartPage)).body).toContain('Cart week');
      expect(log.statements).toHaveLength(2);
      expect(log.readsOf('addresses')).toHaveLength(0);
      expect(log.readsOf('promotions')).toHaveLength(0);
      expect(log.statements.filter((sql) => sql.includes('"discount_codes"'))).toHaveLength(0);
      // A code on the cart: the page reads it and shows it with its discount.
      const [code] = await t.database.db
        .insert(discountCodes)
        .values({ code: 'PAGE10', kind: 'percent', percent: 10 })
        .returning();
      await t.database.db.insert(discountCartCodes).values({ userId: shopper.userId, codeId: code!.id });
      const withCode = await log.record(cartPage);
      expect(withCode.body).toContain('PAGE10');
      expect(withCode.body).toMatch(/<shopper-slot name="main">[\s\S]*data-testid="cart-code"/);
      expect(log.statements.some((sql) => sql.includes('"discount_codes"'))).toBe(true);
    } finally {
      await t.database.db.update(promotions).set({ enabled: false }).where(eq(promotions.id, promotion!.id));
      await t.app.changes.publish({ topic: 'promotions' });
    }
  });
});
