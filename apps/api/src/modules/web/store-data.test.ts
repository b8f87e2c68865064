import { apiPaths, type Lang } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSession } from '../../lib/session.ts';
import { createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { signedInUser } from '../users/test-support.ts';
import { NearStaticCache } from './near-static.ts';
import { storeDataFor } from './store-data.ts';

/** What page loaders read must be what the API answers, for the same shopper. */
describe('store data for page loaders', () => {
  let t: TestContext;
  let cache: NearStaticCache;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp();
    cache = new NearStaticCache(t.app.changes);
    const first = await createProduct(t.database.db, { featured: true, offerPriceHalalas: 8_000 });
    await createProduct(t.database.db, { categoryId: first.categoryId, companyId: first.companyId });
    productId = first.id;
  });
  afterAll(async () => {
    cache.close();
    await t.close();
  });

  /** A page request as the API's hooks leave it: the session resolved to `user`. */
  const storeFor = (user: FastifyRequest['user'], lang: Lang) =>
    storeDataFor(t.app, { user } as FastifyRequest, cache)(lang);
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
    const visitor = storeFor(null, 'en');
    expect(await visitor.currentUser()).toBeNull();
    expect(await visitor.cart()).toBeNull();
  });
});
