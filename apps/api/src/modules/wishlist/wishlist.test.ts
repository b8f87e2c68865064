import { apiPaths, WISHLIST_MAX, type Wishlist } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../catalog/schema.ts';
import { wishlistItems } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import {
  createProduct,
  createProductWithVariants,
  setSoleVariant,
  type VariantSpec,
} from '../../test/factories.ts';
import { cartOf } from '../../test/shoppers.ts';
import { signedInUser, type TestSession } from '../../test/users.ts';

describe('wishlist', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (s: TestSession, lang = 'ar'): Promise<Wishlist> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.wishlist.build({})}?lang=${lang}`,
      headers: s.cookie,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const add = (s: TestSession, body: object, lang = 'ar') =>
    t.app.inject({
      method: 'POST',
      url: `${apiPaths.wishlist.build({})}?lang=${lang}`,
      headers: s.cookie,
      payload: body,
    });
  const remove = (s: TestSession, productId: number, lang = 'ar') =>
    t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.wishlistItem.build({ productId })}?lang=${lang}`,
      headers: s.cookie,
    });
  /** A product sold in two variants of one option. */
  const twoVariants = (
    option: [string, string],
    values: [string, string, string, string],
    variants: VariantSpec[],
  ) =>
    createProductWithVariants(
      t.app.db,
      [
        {
          nameAr: option[0],
          nameEn: option[1],
          values: [
            { ar: values[0], en: values[1] },
            { ar: values[2], en: values[3] },
          ],
        },
      ],
      variants,
    );
  const move = (s: TestSession, productId: number, lang = 'ar') =>
    t.app.inject({
      method: 'POST',
      url: `${apiPaths.wishlistToCart.build({ productId })}?lang=${lang}`,
      headers: s.cookie,
    });

  it('adds, lists with the price and stock of now, and removes, in Arabic and English', async () => {
    const me = await signedInUser(t.app.db);
    expect((await list(me)).items).toEqual([]);
    const phone = await createProduct(t.app.db, { nameAr: 'هاتف', nameEn: 'Phone', priceHalalas: 129_950 });
    const cable = await createProduct(t.app.db, { priceHalalas: 5_000, offerPriceHalalas: 3_900 });

    const added = await add(me, { productId: phone.id });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      code: 'ADDED_TO_WISHLIST',
      message: 'أُضيف المنتج إلى المفضلة',
      productId: phone.id,
    });
    expect((await add(me, { productId: String(cable.id) }, 'en')).json()).toMatchObject({
      message: 'Added to your wishlist',
    });

    const ar = await list(me);
    expect(ar.limit).toBe(WISHLIST_MAX);
    expect(ar.items.map((i) => i.productId)).toEqual([cable.id, phone.id]);
    expect(ar.items[1]).toMatchObject({ productName: 'هاتف', productPrice: 1299.5, productStock: 10 });
    expect(ar.items[1]).not.toHaveProperty('variantId');
    expect(ar.items[0]).toMatchObject({ productPrice: 39, productPriceBeforeOffer: 50 });
    expect((await list(me, 'en')).items[1]!.productName).toBe('Phone');

    // The price and stock are the catalog's as they are now.
    await setSoleVariant(t.app.db, phone.id, { stock: 0, offerPriceHalalas: 99_900 });
    expect((await list(me)).items[1]).toMatchObject({
      productPrice: 999,
      productPriceBeforeOffer: 1299.5,
      productStock: 0,
    });

    const removed = await remove(me, phone.id, 'en');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      code: 'REMOVED_FROM_WISHLIST',
      message: 'Removed from your wishlist',
    });
    expect((await list(me)).items.map((i) => i.productId)).toEqual([cable.id]);
    // Removing what is not there is no error: it is already out.
    expect((await remove(me, phone.id)).statusCode).toBe(200);
  });

  it('adding twice keeps one entry, in its place, with the latest variant chosen', async () => {
    const me = await signedInUser(t.app.db);
    const { product, variants } = await twoVariants(
      ['السعة', 'Storage'],
      ['128 جيجا', '128 GB', '256 جيجا', '256 GB'],
      [
        { sku: 'W-128', values: ['128 GB'], priceHalalas: 300_000, stock: 3 },
        { sku: 'W-256', values: ['256 GB'], priceHalalas: 350_000, stock: 0 },
      ],
    );
    const other = await createProduct(t.app.db);
    expect((await add(me, { productId: product.id })).statusCode).toBe(200);
    expect((await add(me, { productId: other.id })).statusCode).toBe(200);
    // Without a choice: priced by the default variant, no variant remembered.
    expect((await list(me, 'en')).items[1]).toMatchObject({
      productId: product.id,
      sku: 'W-128',
      productPrice: 3000,
    });
    expect((await add(me, { productId: product.id, sku: 'w-256' })).statusCode).toBe(200);
    const items = (await list(me, 'en')).items;
    expect(items.map((i) => i.productId)).toEqual([other.id, product.id]);
    expect(items[1]).toMatchObject({
      variantId: variants[1]!.id,
      sku: 'W-256',
      options: '256 GB',
      productPrice: 3500,
      productStock: 0,
    });
    const rows = await t.app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, me.userId));
    expect(rows).toHaveLength(2);
  });

  it('refuses a product that does not exist or is hidden, and a variant it does not sell', async () => {
    const me = await signedInUser(t.app.db);
    const missing = await add(me, { productId: 999_999 }, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'The product was not found' });

    const hidden = await createProduct(t.app.db, { hidden: true });
    const refused = await add(me, { productId: hidden.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'المنتج غير موجود' });

    const plain = await createProduct(t.app.db);
    const badVariant = await add(me, { productId: plain.id, sku: 'NOT-ITS-SKU' }, 'en');
    expect(badVariant.statusCode).toBe(404);
    expect(badVariant.json()).toMatchObject({ code: 'VARIANT_NOT_FOUND' });
    expect((await add(me, { productId: 'abc' })).statusCode).toBe(400);

    // A product hidden after it was wished is left out of the list, and cannot be moved.
    expect((await add(me, { productId: plain.id })).statusCode).toBe(200);
    await t.app.db.update(products).set({ hidden: true }).where(eq(products.id, plain.id));
    expect((await list(me)).items).toEqual([]);
    expect((await move(me, plain.id)).statusCode).toBe(404);
  });

  it('moves one to the cart: that variant, or the default one, and out of the wishlist; sold out stays', async () => {
    const me = await signedInUser(t.app.db);
    const { product, variants } = await twoVariants(
      ['اللون', 'Colour'],
      ['أسود', 'Black', 'أزرق', 'Blue'],
      [
        { sku: 'M-BLK', values: ['Black'], priceHalalas: 100_000, stock: 2 },
        { sku: 'M-BLU', values: ['Blue'], priceHalalas: 100_000, stock: 2 },
      ],
    );
    const plain = await createProduct(t.app.db);
    const soldOut = await createProduct(t.app.db, { stock: 0 });
    await add(me, { productId: product.id, variantId: variants[1]!.id });
    await add(me, { productId: plain.id });
    await add(me, { productId: soldOut.id });

    const moved = await move(me, product.id, 'en');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      code: 'MOVED_TO_CART',
      message: 'Moved to your cart',
      productCount: 1,
    });
    expect((await move(me, plain.id)).statusCode).toBe(200);
    const cart = await t.app.inject({
      method: 'GET',
      url: apiPaths.cartByUser.build({ userId: me.userId }),
      headers: me.cookie,
    });
    expect(
      cart
        .json()
        .cartProduct.map((l: { sku: string }) => l.sku)
        .sort(),
    ).toEqual(['M-BLU', plain.sku].sort());

    const refused = await move(me, soldOut.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'المنتج غير متوفر حالياً' });
    expect((await list(me)).items.map((i) => i.productId)).toEqual([soldOut.id]);

    const again = await move(me, plain.id, 'en');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'WISHLIST_ITEM_NOT_FOUND',
      message: 'This product is not in your wishlist',
    });
  });

  it('holds at most 200 products; adding one already there still works when full', async () => {
    const me = await signedInUser(t.app.db);
    const product = await createProduct(t.app.db);
    const extra = await createProduct(t.app.db);
    // The list filled in the table: every product but one of the limit.
    const fillers: number[] = [];
    for (let i = 0; i < WISHLIST_MAX - 1; i++) fillers.push((await createProduct(t.app.db)).id);
    await t.app.db
      .insert(wishlistItems)
      .values(fillers.map((productId) => ({ userId: me.userId, productId })));
    expect((await add(me, { productId: product.id })).statusCode).toBe(200);
    const full = await add(me, { productId: extra.id }, 'en');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'WISHLIST_LIMIT',
      message: 'Your wishlist is full (200 products at most)',
    });
    expect((await add(me, { productId: product.id })).statusCode).toBe(200);
    expect((await list(me)).items).toHaveLength(WISHLIST_MAX);
  });

  it('another shopper cannot see or change your list; a visitor is asked to sign in', async () => {
    const me = await signedInUser(t.app.db);
    const someone = await signedInUser(t.app.db);
    const product = await createProduct(t.app.db);
    await add(me, { productId: product.id });
    expect((await list(someone)).items).toEqual([]);
    expect((await remove(someone, product.id)).statusCode).toBe(200);
    expect((await move(someone, product.id)).statusCode).toBe(404);
    expect((await list(me)).items.map((i) => i.productId)).toEqual([product.id]);
    expect(await cartOf(t.app.db, someone.userId)).toEqual([]);

    const visitor = await t.app.inject({ method: 'GET', url: apiPaths.wishlist.build({}) });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const noSession = await t.app.inject({
      method: 'POST',
      url: apiPaths.wishlist.build({}),
      payload: { productId: product.id },
    });
    expect(noSession.statusCode).toBe(401);
    // The session cookie from another site is refused before anything changes.
    const forged = await t.app.inject({
      method: 'DELETE',
      url: apiPaths.wishlistItem.build({ productId: product.id }),
      headers: { ...me.cookie, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await list(me)).items).toHaveLength(1);
    // An API client with the Bearer token reads the same list.
    const bearer = await t.app.inject({
      method: 'GET',
      url: apiPaths.wishlist.build({}),
      headers: me.bearer,
    });
    expect(bearer.json().items.map((i: { productId: number }) => i.productId)).toEqual([product.id]);
  });
});
