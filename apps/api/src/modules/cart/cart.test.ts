import { apiPaths, type Cart } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, setSoleVariant, type ProductRow } from '../../test/factories.ts';
import { signedInUser, snapshotUser, type TestSession } from '../../test/users.ts';

describe('cart', () => {
  let t: TestContext;
  let plain: ProductRow;
  let onOffer: ProductRow;
  let soldOut: ProductRow;
  let plenty: ProductRow;
  beforeAll(async () => {
    t = await createTestApp();
    plain = await createProduct(t.app.db, {
      nameAr: 'سماعة',
      nameEn: 'Headset',
      priceHalalas: 10_000,
      stock: 10,
    });
    onOffer = await createProduct(t.app.db, { priceHalalas: 20_000, offerPriceHalalas: 14_950, stock: 3 });
    soldOut = await createProduct(t.app.db, { stock: 0 });
    plenty = await createProduct(t.app.db, { priceHalalas: 199, stock: 50 });
  });
  afterAll(() => t.close());

  const add = (
    s: TestSession,
    productId: number | string,
    lang = 'ar',
    userId: string | undefined = s.userId,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${apiPaths.cartInsert.pattern}?lang=${lang}`,
      headers: s.cookie,
      payload: { productId, ...(userId !== undefined && { userId }) },
    });
  const read = async (s: TestSession, lang = 'ar'): Promise<Cart> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.cartByUser.build({ userId: s.userId })}?lang=${lang}`,
      headers: s.cookie,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const update = (s: TestSession, carId: number | string, count: number | string, lang = 'ar') =>
    t.app.inject({
      method: 'PUT',
      url: `${apiPaths.cartUpdate.build({ carId, count })}?lang=${lang}`,
      headers: s.cookie,
    });

  it('starts empty', async () => {
    const me = await signedInUser(t.app.db);
    expect(await read(me)).toEqual({ cartProduct: [], cartTotalNumberOfProduct: 0, cartTotalPrice: 0 });
  });

  it('adds a product with its success message, and adding it again adds one more', async () => {
    const me = await signedInUser(t.app.db);
    const first = await add(me, plain.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      code: 'ADDED_TO_CART',
      message: 'تمت إضافة المنتج إلى السلة',
      productCount: 1,
    });
    const second = await add(me, String(plain.id), 'en');
    expect(second.json()).toMatchObject({
      message: 'The product has been added to the cart',
      productCount: 2,
    });
    expect(second.json().carId).toBe(first.json().carId);
    // `userId` may be left out: the cart is always the caller's.
    expect((await add(me, plain.id, 'ar', undefined)).json().productCount).toBe(3);
  });

  it('prices lines from the catalog at read time, offer price first, with totals', async () => {
    const me = await signedInUser(t.app.db);
    await add(me, plain.id);
    await add(me, plain.id);
    await add(me, onOffer.id);
    const cart = await read(me);
    expect(cart.cartProduct).toEqual([
      {
        carId: expect.any(Number),
        productId: plain.id,
        variantId: expect.any(Number),
        sku: plain.sku,
        productName: 'سماعة',
        productImage: plain.image,
        productPrice: 100,
        productCount: 2,
        productStock: 10,
      },
      {
        carId: expect.any(Number),
        productId: onOffer.id,
        variantId: expect.any(Number),
        sku: onOffer.sku,
        productName: onOffer.nameAr,
        productImage: onOffer.image,
        productPrice: 149.5,
        productPriceBeforeOffer: 200,
        productCount: 1,
        productStock: 3,
      },
    ]);
    expect(cart.cartTotalNumberOfProduct).toBe(3);
    expect(cart.cartTotalPrice).toBe(349.5);
    expect((await read(me, 'en')).cartProduct[0]?.productName).toBe('Headset');

    // A price change in the catalog shows at once.
    await setSoleVariant(t.app.db, plain.id, { priceHalalas: 12_345 });
    const later = await read(me);
    expect(later.cartProduct[0]?.productPrice).toBe(123.45);
    expect(later.cartTotalPrice).toBe(396.4);
    await setSoleVariant(t.app.db, plain.id, { priceHalalas: 10_000 });
  });

  it('refuses out-of-stock and unknown products', async () => {
    const me = await signedInUser(t.app.db);
    const out = await add(me, soldOut.id);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toEqual({ code: 'OUT_OF_STOCK', message: 'المنتج غير متوفر حالياً' });
    expect((await add(me, soldOut.id, 'en')).json().message).toBe('The product is out of stock');
    expect((await add(me, 999_999)).statusCode).toBe(404);
    for (const bad of ['abc', -1, 0, 1.5, '', '1e3']) expect((await add(me, bad)).statusCode).toBe(400);
    expect((await read(me)).cartProduct).toEqual([]);
  });

  it('never lets a line pass the stock by adding', async () => {
    const me = await signedInUser(t.app.db);
    for (let i = 0; i < 3; i++) expect((await add(me, onOffer.id)).statusCode).toBe(200);
    const fourth = await add(me, onOffer.id, 'en');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      code: 'QUANTITY_OVER_STOCK',
      message: 'The quantity requested is more than we have in stock',
    });
    expect((await read(me)).cartProduct[0]?.productCount).toBe(3);
  });

  it('holds at most 10 of one product, even under simultaneous clicks', async () => {
    const me = await signedInUser(t.app.db);
    const results = await Promise.all(Array.from({ length: 14 }, () => add(me, plenty.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array(4).fill('QUANTITY_OVER_LIMIT'),
    );
    expect((await read(me)).cartProduct[0]?.productCount).toBe(10);
  });

  describe('quantity update', () => {
    it('sets a count from 1 to min(stock, 10)', async () => {
      const me = await signedInUser(t.app.db);
      const carId = (await add(me, plenty.id)).json().carId;
      const res = await update(me, carId, 7);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'EDITED', carId, productCount: 7 });
      expect((await read(me)).cartProduct[0]?.productCount).toBe(7);
    });

    it.each(['0', '-1', 'abc', '1.5', '1e1'])(
      'refuses %s with QUANTITY_INVALID in both languages',
      async (count) => {
        const me = await signedInUser(t.app.db);
        const carId = (await add(me, plain.id)).json().carId;
        const ar = await update(me, carId, count);
        expect(ar.statusCode).toBe(400);
        expect(ar.json()).toMatchObject({
          code: 'QUANTITY_INVALID',
          message: 'الكمية يجب أن تكون رقماً صحيحاً لا يقل عن 1',
        });
        expect((await update(me, carId, count, 'en')).json().message).toBe(
          'The quantity must be a whole number of at least 1',
        );
        expect((await read(me)).cartProduct[0]?.productCount).toBe(1);
      },
    );

    it('refuses more than the stock and more than 10', async () => {
      const me = await signedInUser(t.app.db);
      const offerLine = (await add(me, onOffer.id)).json().carId;
      const overStock = await update(me, offerLine, 4);
      expect(overStock.statusCode).toBe(409);
      expect(overStock.json()).toMatchObject({
        code: 'QUANTITY_OVER_STOCK',
        message: 'الكمية المطلوبة أكبر من المتوفر',
      });
      const plentyLine = (await add(me, plenty.id)).json().carId;
      const overCap = await update(me, plentyLine, 11, 'en');
      expect(overCap.statusCode).toBe(400);
      expect(overCap.json()).toMatchObject({
        code: 'QUANTITY_OVER_LIMIT',
        message: 'You can order at most 10 of one product',
      });
      expect((await read(me)).cartProduct.map((l) => l.productCount)).toEqual([1, 1]);
    });

    it('answers 404 for a line that does not exist', async () => {
      const me = await signedInUser(t.app.db);
      expect((await update(me, 987_654, 1)).statusCode).toBe(404);
    });
  });

  it('deletes one line, then all lines', async () => {
    const me = await signedInUser(t.app.db);
    const first = (await add(me, plain.id)).json().carId;
    await add(me, plenty.id);
    const one = await t.app.inject({
      method: 'DELETE',
      url: apiPaths.cartDelete.build({ carId: first }),
      headers: me.cookie,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ success: true, code: 'DELETED', message: 'تم الحذف بنجاح' });
    expect((await read(me)).cartProduct.map((l) => l.productId)).toEqual([plenty.id]);
    const all = await t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.cartDeleteAll.build({ userId: me.userId })}?lang=en`,
      headers: me.cookie,
    });
    expect(all.json()).toEqual({ success: true, code: 'DELETED', message: 'Deleted successfully' });
    expect(await read(me)).toEqual({ cartProduct: [], cartTotalNumberOfProduct: 0, cartTotalPrice: 0 });
  });

  it('refuses a cookie-authenticated change from another site (CSRF)', async () => {
    const me = await signedInUser(t.app.db);
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.cartInsert.pattern,
      headers: { ...me.cookie, origin: 'https://evil.example' },
      payload: { productId: plain.id, userId: me.userId },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
    expect((await read(me)).cartProduct).toEqual([]);
  });

  describe("another user's cart", () => {
    it('cannot be read, added to, changed or emptied, with their session or without one', async () => {
      const victim = await signedInUser(t.app.db);
      const attacker = await signedInUser(t.app.db);
      const line = (await add(victim, plain.id)).json().carId as number;
      const before = await snapshotUser(t.app.db, victim.userId);

      const calls = [
        { method: 'GET', url: apiPaths.cartByUser.build({ userId: victim.userId }) },
        {
          method: 'POST',
          url: apiPaths.cartInsert.pattern,
          payload: { productId: plain.id, userId: victim.userId },
        },
        { method: 'PUT', url: apiPaths.cartUpdate.build({ carId: line, count: 5 }) },
        { method: 'DELETE', url: apiPaths.cartDelete.build({ carId: line }) },
        { method: 'DELETE', url: apiPaths.cartDeleteAll.build({ userId: victim.userId }) },
      ] as const;
      for (const call of calls) {
        for (const headers of [attacker.cookie, attacker.bearer]) {
          const res = await t.app.inject({ ...call, headers });
          expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
          expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'لا تملك صلاحية هذا الإجراء' });
        }
        const visitor = await t.app.inject({
          ...call,
          url: `${call.url}${call.url.includes('?') ? '&' : '?'}lang=en`,
        });
        expect(visitor.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(visitor.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Log in first' });
      }
      expect(await snapshotUser(t.app.db, victim.userId)).toBe(before);
      expect(await t.app.db.select().from(cartItems).where(eq(cartItems.userId, attacker.userId))).toEqual(
        [],
      );
    });
  });
});
