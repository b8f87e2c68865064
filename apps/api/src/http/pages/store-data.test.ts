import { apiPaths, type Lang } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addresses } from '../../modules/addresses/schema.ts';
import { users } from '../../modules/users/schema.ts';
import { busy } from '../../lib/admission.ts';
import { findSession } from '../../modules/users/sessions.ts';
import { createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { placeOrderOk, putInCart } from '../../test/shoppers.ts';
import { signedInUser } from '../../test/users.ts';
import { storeDataFor } from './store-data.ts';

/** What page loaders read must be what the API answers, for the same shopper. */
describe('store data for page loaders', () => {
  let t: TestContext;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const first = await createProduct(t.database.db, { featured: true, offerPriceHalalas: 8_000 });
    await createProduct(t.database.db, { categoryId: first.categoryId, companyId: first.companyId });
    productId = first.id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A page request as the API's hooks leave it: the session resolved to `user`. */
  const storeFor = (user: FastifyRequest['user'], lang: Lang, method = 'GET') =>
    storeDataFor(t.app, { user, method } as FastifyRequest)(lang);
  const api = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };

  it('answers as the API routes do, in each language', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const store = storeFor(null, lang);
      const headers = { 'accept-language': lang };
      expect(await store.settings()).toEqual((await api(apiPaths.settings.build({}), headers)).data);
      expect(await store.categories()).toEqual(await api(apiPaths.categories.build({}), headers));
      expect(await store.companies()).toEqual(await api(apiPaths.companies.build({}), headers));
      expect(await store.featuredProducts()).toEqual(await api(apiPaths.featuredProducts.build({}), headers));
      expect(await store.product(productId)).toEqual(
        await api(apiPaths.productById.build({ id: productId }), headers),
      );
      expect(await store.relatedProducts(productId)).toEqual(
        await api(apiPaths.relatedProducts.build({ id: productId }), headers),
      );
      expect(await store.productsPage({ pageSize: 8, page: 1 })).toEqual(
        await api(apiPaths.productsPaged.build({ pageSize: 8, page: 1 }), headers),
      );
    }
  });

  it('says "none" where the API answers 404', async () => {
    const store = storeFor(null, 'en');
    expect(await store.product(999_999)).toBeNull();
    expect(await store.relatedProducts(999_999)).toEqual([]);
    expect(await store.productsPage({ pageSize: 8, page: 1, categoryId: 999_999 })).toBeNull();
  });

  it("reads the signed-in shopper's own account and cart, and nothing for a visitor", async () => {
    const shopper = await signedInUser(t.database.db);
    const session = await findSession(t.database.db, shopper.token);
    const store = storeFor(session!.user, 'en');
    expect(await store.currentUser()).toEqual(await api(apiPaths.currentUser.build({}), shopper.bearer));
    expect(await store.cart()).toEqual(
      await api(apiPaths.cartByUser.build({ userId: shopper.userId }), shopper.bearer),
    );
    expect(await store.cartCount()).toBe(0);
    const other = await createProduct(t.database.db);
    await putInCart(t.database.db, shopper.userId, productId, 2);
    await putInCart(t.database.db, shopper.userId, other.id, 3);
    const units = (await storeFor(session!.user, 'en').cart())!.cartTotalNumberOfProduct;
    expect(units).toBe(5);
    expect(await storeFor(session!.user, 'ar').cartCount()).toBe(units);
    const visitor = storeFor(null, 'en');
    expect(await visitor.currentUser()).toBeNull();
    expect(await visitor.cart()).toBeNull();
    expect(await visitor.cartCount()).toBeNull();
    expect(await visitor.orders(1, 5)).toBeNull();
    expect(await visitor.addresses()).toBeNull();
  });

  it('reads the shopper again after an action in the same request, not for a GET', async () => {
    const shopper = await signedInUser(t.database.db);
    const session = await findSession(t.database.db, shopper.token);
    // The name changes after the session was read (as a profile form's action changes it).
    await t.database.db.update(users).set({ name: 'Renamed Shopper' }).where(eq(users.id, shopper.userId));
    expect((await storeFor(session!.user, 'en', 'GET').currentUser())?.userName).toBe(session!.user.name);
    expect((await storeFor(session!.user, 'en', 'POST').currentUser())?.userName).toBe('Renamed Shopper');
  });

  it("gives a shopper their own addresses and orders, and someone else's as none", async () => {
    const [owner, other] = [await signedInUser(t.database.db), await signedInUser(t.database.db)];
    const [row] = await t.database.db
      .insert(addresses)
      .values({ userId: owner.userId, name: 'Home', city: 'Riyadh' })
      .returning();
    const ownerStore = storeFor((await findSession(t.database.db, owner.token))!.user, 'en');
    const otherStore = storeFor((await findSession(t.database.db, other.token))!.user, 'en');

    expect(await ownerStore.addresses()).toEqual(
      await api(apiPaths.addressesByUser.build({ userId: owner.userId }), owner.bearer),
    );
    expect(await ownerStore.address(row!.id)).toEqual(
      await api(apiPaths.addressById.build({ id: row!.id }), owner.bearer),
    );
    expect(await otherStore.address(row!.id)).toBeNull();
    expect(await otherStore.addresses()).toEqual([]);
    expect(await ownerStore.address('not-an-id')).toBeNull();
    expect(await ownerStore.orders(1, 5)).toEqual(
      await api(`${apiPaths.ordersByUser.build({ userId: owner.userId })}?page=1&pageSize=5`, owner.bearer),
    );
    expect(await ownerStore.order('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await ownerStore.order('not-an-id')).toBeNull();

    // The payment page's read: the order with its card form, as the API's order call answers.
    const buyer = { id: owner.userId, headers: { authorization: owner.bearer.authorization! } };
    await putInCart(t.database.db, owner.userId, productId, 1);
    const placed = await placeOrderOk(t, buyer);
    const withPayment = await ownerStore.orderWithPayment(placed.invoiceId);
    expect(withPayment).toEqual(
      await api(`${apiPaths.orderById.build({ invoiceId: placed.invoiceId })}?lang=en`, owner.bearer),
    );
    expect(withPayment?.payment?.given_id).toBe(placed.given_id);
    expect(withPayment?.payment?.callbackUrl).toMatch(/\/en\/user\/allorders$/);
    expect(await otherStore.orderWithPayment(placed.invoiceId)).toBeNull();
    expect(await storeFor(null, 'en').orderWithPayment(placed.invoiceId)).toBeNull();
  });

  it('goes through the catalog gates: a busy search or listing is the page’s 503, with Retry-After', async () => {
    const catalog = t.app.catalog;
    const refused: string[] = [];
    const full = (name: string) => async () => {
      refused.push(name);
      throw busy(7);
    };
    Object.assign(t.app, { catalog: { ...catalog, search: full('search'), listing: full('listing') } });
    try {
      const store = storeFor(null, 'ar');
      for (const read of [
        () => store.searchProducts({ pageSize: 8, page: 1, text: 'Galaxy' }),
        () => store.productsPage({ pageSize: 8, page: 1 }),
      ]) {
        const thrown = await read().then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(thrown).toBeInstanceOf(Response);
        expect((thrown as Response).status).toBe(503);
        expect((thrown as Response).headers.get('retry-after')).toBe('7');
      }
      expect(refused).toEqual(['search', 'listing']);
    } finally {
      Object.assign(t.app, { catalog });
    }
  });
});
