import { apiPaths, discountPaths } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../modules/catalog/schema.ts';
import { discountCodes } from '../../modules/discounts/schema.ts';
import { createSession, endAllSessions } from '../../modules/users/sessions.ts';
import { users } from '../../modules/users/schema.ts';
import type { TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { createProduct, soleVariant, type ProductRow } from '../../test/factories.ts';
import { payOnSandbox, placeOrderCall, putInCart } from '../../test/shoppers.ts';
import { sessionHeaders, signedInUser, type TestSession } from '../../test/users.ts';

/**
 * A signed-in shopper's cart page, where the session and the cart's lines are kept in memory
 * (the embedded database, written by this process alone): whatever is written — a sign-out, a
 * revoked or expired session, a cart changed, a code applied, an order placed, a new price —
 * shows on the very next request. On a PostgreSQL server nothing is kept: every page reads.
 * Through the real app, with the web build mounted.
 */
describe('a signed-in cart page is never older than the last write', () => {
  let t: TestContext;
  let phone: ProductRow;
  let case_: ProductRow;
  const log = new QueryLog();
  beforeAll(async () => {
    t = await pagesApp(log);
    phone = await createProduct(t.database.db, { nameEn: 'Fresh Phone', nameAr: 'هاتف طازج', stock: 20 });
    case_ = await createProduct(t.database.db, { nameEn: 'Fresh Case', nameAr: 'غطاء طازج', stock: 20 });
    await t.app.changes.publish({ topic: 'catalog', productIds: [phone.id, case_.id] });
  }, 180_000);
  afterAll(() => t.close());

  const cartPage = (s: { token: string }, lang: 'ar' | 'en' = 'en') =>
    t.app.inject({
      method: 'GET',
      url: lang === 'en' ? '/en/cart' : '/cart',
      headers: { accept: 'text/html', cookie: `session=${s.token}` },
    });
  /** The cart's data the page hydrates with (its own part's JSON). */
  const cartData = async (s: { token: string }, lang: 'ar' | 'en' = 'en') => {
    const res = await cartPage(s, lang);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const json = /<script type="application\/json" id="page-main">([^<]*)<\/script>/.exec(res.body)?.[1];
    expect(json).toBeTruthy();
    return { body: res.body, data: JSON.stringify(JSON.parse(json!)) };
  };
  /** Asks twice: the second answer is the one kept, when anything is. */
  const warm = async (s: { token: string }, lang: 'ar' | 'en' = 'en') => {
    await cartData(s, lang);
    return cartData(s, lang);
  };
  const soleWriter = () => t.database.kind === 'pglite';

  it('answers a plain cart from memory on the embedded database, from the database on a server', async () => {
    const shopper = await signedInUser(t.database.db, { name: 'Kept Cart' });
    await putInCart(t.database.db, shopper.userId, phone.id, 1);
    await cartData(shopper);
    const again = await log.record(() => cartPage(shopper));
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Fresh Phone');
    expect(log.statements).toHaveLength(soleWriter() ? 0 : 2);
  });

  it('stops a session signed out, revoked, deactivated or expired at the very next request', async () => {
    const toLogin = (res: { statusCode: number; headers: Record<string, unknown> }) => {
      expect(res.statusCode).toBe(302);
      expect(String(res.headers.location)).toContain('/en/login');
    };
    // Signed out through the API.
    const out = await signedInUser(t.database.db, { name: 'Signs Out' });
    await warm(out);
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: apiPaths.logout.pattern,
      headers: out.cookie,
    });
    expect(loggedOut.statusCode).toBe(200);
    toLogin(await cartPage(out));
    // Every session ended (a password changed or reset does this).
    const revoked = await signedInUser(t.database.db, { name: 'Revoked' });
    await warm(revoked);
    await endAllSessions(t.database.db, revoked.userId);
    toLogin(await cartPage(revoked));
    // The account deactivated.
    const gone = await signedInUser(t.database.db, { name: 'Deactivated' });
    await warm(gone);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, gone.userId));
    toLogin(await cartPage(gone));
    // Expired, with nothing written in between: a kept session is held to its expiry too.
    const brief = await signedInUser(t.database.db, { name: 'Brief Session' });
    const { token, expiresAt } = await createSession(t.database.db, brief.userId, 1.2 / 86_400);
    const short = sessionHeaders(brief.userId, token);
    await warm(short);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt.getTime() - Date.now()) + 50));
    toLogin(await cartPage(short));
  });

  it('shows a cart changed on the next request: added, quantity, removed, code on and off, order placed', async () => {
    const shopper = await signedInUser(t.database.db, { name: 'Cart Changer' });
    await putInCart(t.database.db, shopper.userId, phone.id, 1);
    expect((await warm(shopper)).data).not.toContain('Fresh Case');
    // Added.
    const added = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.cartInsert.pattern}?lang=en`,
      headers: shopper.cookie,
      payload: { productId: case_.id },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { carId } = added.json() as { carId: number };
    expect((await cartData(shopper)).data).toContain('Fresh Case');
    await warm(shopper);
    // Its quantity changed.
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${apiPaths.cartUpdate.build({ carId, count: 3 })}?lang=en`,
      headers: shopper.cookie,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await cartData(shopper)).data).toMatch(/"productName":"Fresh Case"[^}]*"productCount":3/);
    await warm(shopper);
    // Removed.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.cartDelete.build({ carId })}?lang=en`,
      headers: shopper.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await cartData(shopper)).data).not.toContain('Fresh Case');
    await warm(shopper);
    // A code applied, then taken off.
    await t.database.db.insert(discountCodes).values({ code: 'FRESH10', kind: 'percent', percent: 10 });
    await warm(shopper);
    const applied = await t.app.inject({
      method: 'POST',
      url: `${discountPaths.cartCode.build({})}?lang=en`,
      headers: shopper.bearer,
      payload: { code: 'FRESH10' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await cartData(shopper)).data).toContain('FRESH10');
    await warm(shopper);
    const takenOff = await t.app.inject({
      method: 'DELETE',
      url: discountPaths.cartCode.build({}),
      headers: shopper.bearer,
    });
    expect(takenOff.statusCode, takenOff.body).toBeLessThan(300);
    expect((await cartData(shopper)).data).not.toContain('FRESH10');
    await warm(shopper);
    // The order placed holds its unit (the stock shown is one less), then paid: the bought
    // lines leave the cart.
    const buyer = { id: shopper.userId, headers: { authorization: shopper.bearer.authorization! } };
    const before = /"productStock":(\d+)/.exec((await warm(shopper)).data)![1];
    const placed = await placeOrderCall(t, buyer, {}, 'en');
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await cartData(shopper)).data).toContain(`"productStock":${Number(before) - 1}`);
    await warm(shopper);
    await payOnSandbox(t, buyer, placed.json());
    const after = await cartData(shopper);
    expect(after.data).not.toContain('Fresh Phone');
    expect(after.body).toContain('aria-label="Cart, 0 items"');
  });

  it('shows a new price, stock or name of a product in the cart on the next page', async () => {
    const shopper = await signedInUser(t.database.db, { name: 'Price Watcher' });
    const product = await createProduct(t.database.db, {
      nameEn: 'Priced Tablet',
      nameAr: 'جهاز لوحي مسعر',
      priceHalalas: 100_000,
      stock: 9,
    });
    await t.app.changes.publish({ topic: 'catalog', productIds: [product.id] });
    await putInCart(t.database.db, shopper.userId, product.id, 1);
    expect((await warm(shopper)).data).toMatch(/"productPrice":1000[,}]/);
    const variant = await soleVariant(t.database.db, product.id);
    // As the back office saves them: the row written, then the change published.
    const changed = async (write: () => Promise<unknown>) => {
      await write();
      await t.app.changes.publish({ topic: 'catalog', productIds: [product.id] });
    };
    await changed(() =>
      t.database.db
        .update(productVariants)
        .set({ priceHalalas: 87_650 })
        .where(eq(productVariants.id, variant.id)),
    );
    expect((await cartData(shopper)).data).toMatch(/"productPrice":876\.5[,}]/);
    await warm(shopper);
    await changed(() =>
      t.database.db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, variant.id)),
    );
    expect((await cartData(shopper)).data).toMatch(/"productStock":4[,}]/);
    await warm(shopper, 'ar');
    await changed(() =>
      t.database.db.update(products).set({ nameAr: 'جهاز لوحي جديد' }).where(eq(products.id, product.id)),
    );
    expect((await cartData(shopper, 'ar')).data).toContain('جهاز لوحي جديد');
  });

  it("never shows one shopper another's kept cart, nor one language's names in the other", async () => {
    const shoppers: (TestSession & { product: ProductRow })[] = [];
    for (const n of [1, 2, 3]) {
      const s = await signedInUser(t.database.db, { name: `Neighbour ${n}` });
      const product = await createProduct(t.database.db, {
        nameEn: `Neighbour item ${n}`,
        nameAr: `غرض الجار ${n}`,
      });
      await putInCart(t.database.db, s.userId, product.id, n);
      shoppers.push({ ...s, product });
    }
    await t.app.changes.publish({ topic: 'catalog' });
    for (let round = 0; round < 2; round++)
      for (const s of shoppers)
        for (const lang of ['en', 'ar'] as const) {
          const { body, data } = await cartData(s, lang);
          const n = shoppers.indexOf(s) + 1;
          expect(data).toContain(lang === 'en' ? `Neighbour item ${n}` : `غرض الجار ${n}`);
          expect(data).not.toContain(lang === 'en' ? `غرض الجار ${n}` : `Neighbour item ${n}`);
          for (const other of [1, 2, 3].filter((m) => m !== n)) {
            expect(data).not.toContain(`Neighbour item ${other}`);
            expect(data).not.toContain(`غرض الجار ${other}`);
            expect(body).not.toContain(`Neighbour ${other}`);
          }
          expect(body).toContain(`Neighbour ${n}`);
        }
  });
});
