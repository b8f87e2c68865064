import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishlistItems } from '../../modules/wishlist/schema.ts';
import { createProduct } from '../../test/factories.ts';
import { type TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { TEST_HOST, TEST_ORIGIN, signedInUser } from '../../test/users.ts';

/**
 * The hearts and the wishlist page through the pages (decision 220): one action for every
 * heart, a visitor's choice kept in a cookie only the wishlist page gets, and the hearts of a
 * signed-in page filled from the read the header already makes.
 */
describe('wishlist pages', () => {
  let t: TestContext;
  const log = new QueryLog();

  beforeAll(async () => {
    t = await pagesApp(log);
  }, 180_000);
  afterAll(() => t.close());

  const heart = (headers: Record<string, string>, form: Record<string, string>, url = '/user/wishlist') =>
    log.record(() =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          origin: TEST_ORIGIN,
          host: TEST_HOST,
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  const wishedBy = async (userId: string) =>
    (await t.app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId))).map(
      (r) => r.productId,
    );

  it("keeps a signed-in shopper's heart and comes back to its page at the heart, reading the session once", async () => {
    const shopper = await signedInUser(t.app.db);
    const product = await createProduct(t.app.db);
    const res = await heart(
      shopper.cookie,
      {
        intent: 'wish',
        productId: String(product.id),
        back: `/en/products?q=phone`,
      },
      '/en/user/wishlist',
    );
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`/en/products?q=phone#wish-${product.id}`);
    expect(await wishedBy(shopper.userId)).toEqual([product.id]);
    expect(log.readsOf('sessions')).toHaveLength(1);

    // Somewhere else than the shop is not a place to come back to.
    const away = await heart(shopper.cookie, {
      intent: 'unwish',
      productId: String(product.id),
      back: '//evil.example/x',
    });
    expect(away.headers.location).toBe(`/#wish-${product.id}`);
    expect(await wishedBy(shopper.userId)).toEqual([]);
  });

  it('sends a visitor to sign in, keeps the product for the wishlist page only, and adds it once they arrive signed in', async () => {
    const product = await createProduct(t.app.db, { nameEn: 'Kept phone' });
    const res = await heart(
      {},
      { intent: 'wish', productId: String(product.id), back: '/en' },
      '/en/user/wishlist',
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/login?redirectTo=%2Fen%2Fuser%2Fwishlist');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual([
      '/en/user/wishlist',
      '/user/wishlist',
    ]);
    const kept = cookies[0]!.split(';')[0]!;

    const shopper = await signedInUser(t.app.db);
    const page = await t.app.inject({
      method: 'GET',
      url: '/en/user/wishlist',
      headers: { ...shopper.cookie, cookie: `${shopper.cookie.cookie}; ${kept}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Added to your wishlist');
    expect(page.body).toContain('Kept phone');
    expect(await wishedBy(shopper.userId)).toEqual([product.id]);
    const cleared = ([] as string[])
      .concat(page.headers['set-cookie'] ?? [])
      .filter((c) => c.startsWith('shop_wish='));
    expect(cleared).toHaveLength(2);
    expect(cleared.every((c) => c.includes('Max-Age=0'))).toBe(true);
  });

  it('refuses a heart posted from another site', async () => {
    const shopper = await signedInUser(t.app.db);
    const product = await createProduct(t.app.db);
    const res = await heart(
      { ...shopper.cookie, origin: 'https://evil.example' },
      { intent: 'wish', productId: String(product.id) },
    );
    expect(res.statusCode).toBe(403);
    expect(await wishedBy(shopper.userId)).toEqual([]);
  });

  it("fills a signed-in shopper's hearts from the header's one read, and a visitor's page is everyone's", async () => {
    const shopper = await signedInUser(t.app.db);
    const wished = await createProduct(t.app.db);
    await heart(shopper.cookie, { intent: 'wish', productId: String(wished.id) });

    const page = await log.record(() =>
      t.app.inject({ method: 'GET', url: `/en/product/${wished.id}`, headers: shopper.cookie }),
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/aria-pressed="true"[^>]*aria-label="Remove [^"]+ from your wishlist"/);
    const all = log.statements.join('\n');
    expect(log.readsOf('sessions'), all).toHaveLength(1);
    // The cart's badge and the hearts: one statement reads both.
    expect(log.readsOf('wishlist_items'), all).toHaveLength(1);
    expect(log.readsOf('wishlist_items')).toEqual(log.readsOf('cart_items'));

    const visitor = await t.app.inject({ method: 'GET', url: `/en/product/${wished.id}` });
    expect(visitor.body).toMatch(/aria-pressed="false"[^>]*aria-label="Add [^"]+ to your wishlist"/);
    expect(visitor.headers['set-cookie']).toBeUndefined();
  });
});
