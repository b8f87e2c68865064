import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../modules/addresses/schema.ts';
import { createProduct } from '../../test/factories.ts';
import { type TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { cartOf, orderRow, productState, putInCart } from '../../test/shoppers.ts';
import { signedInUser } from '../../test/users.ts';

/**
 * The storefront's forms change the shop through the load context: the page action calls the
 * use case itself, with no request of its own through the API's routes (which would resolve
 * the session a second time), and reads only what the change needs.
 */
describe('storefront page actions', () => {
  let t: TestContext;
  const log = new QueryLog();
  const statements = log.statements;

  beforeAll(async () => {
    t = await pagesApp(log);
  }, 180_000);
  afterAll(() => t.close());

  /** Posts a form to a page as a browser without JavaScript does, recording what the shop sends. */
  async function postForm(url: string, cookie: Record<string, string>, form: Record<string, string>) {
    return log.record(() =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }

  const readsOf = (table: string) => log.readsOf(table);

  it('adds to the cart from the product page without a request through the API', async () => {
    const shopper = await signedInUser(t.app.db);
    const product = await createProduct(t.app.db, { stock: 5 });
    const res = await postForm(`/en/product/${product.id}`, shopper.cookie, { intent: 'add-to-cart' });

    // Without JavaScript: post, redirect, get, back to the product page with the notice.
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`/en/product/${product.id}`);
    expect(await cartOf(t.app.db, shopper.userId)).toEqual([{ productId: product.id, count: 1 }]);

    // One session lookup: the page request's own; a request through the API would make a second.
    const all = statements.join('\n');
    expect(readsOf('sessions'), all).toHaveLength(1);
    // The shopper is the session's: the product's variants are read once (visible, in stock),
    // then the line written.
    expect(readsOf('users'), all).toHaveLength(0);
    expect(readsOf('product_variants'), all).toHaveLength(1);
    expect(statements, all).toHaveLength(3);
  });

  it('places the order from the cart page without a request through the API, reading each row once', async () => {
    const shopper = await signedInUser(t.app.db);
    const [first, second] = [
      await createProduct(t.app.db, { priceHalalas: 12_000, stock: 5 }),
      await createProduct(t.app.db, { priceHalalas: 3_000, stock: 5 }),
    ];
    await putInCart(t.app.db, shopper.userId, first.id, 2);
    await putInCart(t.app.db, shopper.userId, second.id, 1);
    const [address] = await t.app.db
      .insert(addresses)
      .values({
        userId: shopper.userId,
        name: 'Home',
        city: 'Riyadh',
        mobile: '+966512345678',
        shortAddress: 'RRRD2929',
      })
      .returning();

    const res = await postForm('/en/cart', shopper.cookie, {
      intent: 'checkout',
      addressId: address!.id,
      note: 'Ring twice',
    });

    expect(res.statusCode, res.body).toBe(302);
    const invoiceId = /^\/en\/payment\/([0-9a-f-]{36})$/.exec(String(res.headers.location))?.[1];
    expect(invoiceId, String(res.headers.location)).toBeDefined();
    const order = await orderRow(t.app.db, invoiceId!);
    expect(order).toMatchObject({ status: 'awaiting_payment', subtotalHalalas: 27_000, note: 'Ring twice' });
    expect(order.address).toBe('Home, Riyadh');
    expect((await productState(t.app.db, first.id)).stock).toBe(3);

    const all = statements.join('\n');
    expect(readsOf('sessions'), all).toHaveLength(1);
    // The address once (its owner is checked in the same read), the cart once (in the
    // transaction, with its prices), the settings once (for the shipping fee).
    expect(readsOf('addresses'), all).toHaveLength(1);
    expect(readsOf('cart_items'), all).toHaveLength(1);
    expect(readsOf('settings'), all).toHaveLength(1);
  });

  it("places the order with the page's placeholder note when the shopper wrote none", async () => {
    const shopper = await signedInUser(t.app.db);
    const product = await createProduct(t.app.db, { priceHalalas: 5_000, stock: 5 });
    await putInCart(t.app.db, shopper.userId, product.id, 1);
    const [address] = await t.app.db
      .insert(addresses)
      .values({
        userId: shopper.userId,
        name: 'المنزل',
        zone: 'العليا',
        city: 'الرياض',
        shortAddress: 'RRRD2929',
      })
      .returning();

    const res = await postForm('/cart', shopper.cookie, {
      intent: 'checkout',
      addressId: address!.id,
      note: '  ',
    });

    expect(res.statusCode, res.body).toBe(302);
    const invoiceId = /^\/payment\/([0-9a-f-]{36})$/.exec(String(res.headers.location))?.[1];
    expect(await orderRow(t.app.db, invoiceId!)).toMatchObject({
      address: 'المنزل، العليا، الرياض',
      note: 'لا توجد ملاحظات',
    });
  });
});
