import { apiPaths, type Lang } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addresses } from '../../modules/addresses/schema.ts';
import { orders } from '../../modules/orders/schema.ts';
import { users } from '../../modules/users/schema.ts';
import { busy } from '../../lib/admission.ts';
import { findSession } from '../../modules/users/sessions.ts';
import { createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { cartOf, orderRow, placeOrderOk, putInCart } from '../../test/shoppers.ts';
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
      // The listing pages always show their filters, so they read the listing with its facets.
      expect(await store.productsPage({ pageSize: 8, page: 1 })).toEqual(
        await api(`${apiPaths.productsPaged.build({ pageSize: 8, page: 1 })}?withFacets=true`, headers),
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

/**
 * What page actions change through the store data is what the API's calls change, for the
 * page request's shopper, and what they refuse they refuse as the API does: the same status,
 * code and message.
 */
describe('store data for page actions', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const storeFor = (user: FastifyRequest['user'], lang: Lang) =>
    storeDataFor(t.app, { user, method: 'POST' } as FastifyRequest)(lang);
  /** A signed-in shopper: their store data, and their API headers. */
  const shopper = async (lang: Lang = 'en') => {
    const session = await signedInUser(t.database.db);
    const user = (await findSession(t.database.db, session.token))!.user;
    return { id: session.userId, user, store: storeFor(user, lang), bearer: session.bearer };
  };
  /** What the API answers a call, as a page action's refusal reads it. */
  const apiRefusal = async (
    method: 'PUT' | 'DELETE' | 'POST',
    url: string,
    headers = {},
    payload?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...headers },
      payload,
    });
    return { ok: false, status: res.statusCode, error: res.json() };
  };

  it('changes the cart as the API does, and refuses what the API refuses', async () => {
    const product = await createProduct(t.database.db, { stock: 3 });
    const soldOut = await createProduct(t.database.db, { stock: 0 });
    const [owner, other] = [await shopper(), await shopper()];

    const added = await owner.store.addToCart(product.id);
    expect(added).toMatchObject({
      ok: true,
      value: { code: 'ADDED_TO_CART', message: 'The product has been added to the cart', productCount: 1 },
    });
    const carId = added.ok ? added.value.carId : 0;
    expect(await owner.store.setCartLineCount(carId, 3)).toMatchObject({
      ok: true,
      value: { productCount: 3 },
    });
    expect(await cartOf(t.database.db, owner.id)).toEqual([{ productId: product.id, count: 3 }]);

    // Someone else's line, a line that is not there, a visitor, a product sold out, too many.
    expect(await other.store.setCartLineCount(carId, 1)).toEqual(
      await apiRefusal('PUT', apiPaths.cartUpdate.build({ carId, count: 1 }), other.bearer),
    );
    expect(await other.store.removeCartLine(carId)).toEqual(
      await apiRefusal('DELETE', apiPaths.cartDelete.build({ carId }), other.bearer),
    );
    expect(await owner.store.removeCartLine(999_999)).toEqual(
      await apiRefusal('DELETE', apiPaths.cartDelete.build({ carId: 999_999 }), owner.bearer),
    );
    expect(await storeFor(null, 'en').addToCart(product.id)).toEqual(
      await apiRefusal('POST', apiPaths.cartInsert.build({}), {}, { productId: product.id }),
    );
    expect(await owner.store.addToCart(soldOut.id)).toEqual(
      await apiRefusal('POST', apiPaths.cartInsert.build({}), owner.bearer, { productId: soldOut.id }),
    );
    const full = await owner.store.addToCart(product.id);
    expect(full).toMatchObject({ ok: false, status: 409, error: { code: 'QUANTITY_OVER_STOCK' } });
    expect(await cartOf(t.database.db, owner.id)).toEqual([{ productId: product.id, count: 3 }]);

    expect(await owner.store.removeCartLine(carId)).toMatchObject({ ok: true, value: { code: 'DELETED' } });
    expect(await cartOf(t.database.db, owner.id)).toEqual([]);
  });

  it("changes the shopper's addresses as the API does, and never someone else's", async () => {
    const [owner, other] = [await shopper(), await shopper()];
    const saved = await owner.store.addAddress({ name: 'Home', city: 'Riyadh', mobile: '0551234567' });
    expect(saved).toMatchObject({
      ok: true,
      value: { code: 'SAVED', name: 'Home', mobile: '+966551234567' },
    });
    const id = saved.ok ? saved.value._id : '';

    const edited = await owner.store.updateAddress(id, { name: 'Office' });
    expect(edited).toMatchObject({ ok: true, value: { code: 'EDITED', name: 'Office', city: '' } });
    expect(await owner.store.address(id)).toMatchObject({ name: 'Office' });

    expect(await other.store.updateAddress(id, { name: 'Mine now' })).toEqual(
      await apiRefusal('PUT', apiPaths.addressUpdate.build({ id }), other.bearer, { name: 'Mine now' }),
    );
    expect(await other.store.deleteAddress(id)).toEqual(
      await apiRefusal('DELETE', apiPaths.addressDelete.build({ id }), other.bearer),
    );
    // An address may name its owner, as older clients send it: only the shopper themself.
    expect(await owner.store.addAddress({ name: 'Theirs', user: other.id })).toEqual(
      await apiRefusal('POST', apiPaths.addressAdd.build({}), owner.bearer, {
        name: 'Theirs',
        user: other.id,
      }),
    );
    expect(await owner.store.deleteAddress('not-an-id')).toMatchObject({ ok: false, status: 400 });
    expect(await owner.store.address(id)).toMatchObject({ name: 'Office' });

    expect(await owner.store.deleteAddress(id)).toMatchObject({ ok: true, value: { code: 'DELETED' } });
    expect(await owner.store.deleteAddress(id)).toEqual(
      await apiRefusal('DELETE', apiPaths.addressDelete.build({ id }), owner.bearer),
    );
  });

  it("places the order to one of the shopper's addresses, written in the page's language", async () => {
    const product = await createProduct(t.database.db, { priceHalalas: 10_000, stock: 10 });
    const [owner, other] = [await shopper('ar'), await shopper()];
    const [address] = await t.database.db
      .insert(addresses)
      .values({
        userId: owner.id,
        name: 'Home',
        address: 'Building 12, King Fahd Road',
        closeSign: '',
        zone: 'Al Olaya',
        city: 'Riyadh',
        mobile: '+966551234567',
        shortAddress: 'RRRD2929',
      })
      .returning();
    await putInCart(t.database.db, owner.id, product.id, 2);

    // Someone else's address is not one to deliver to: the shopper picks another.
    expect(await other.store.placeOrder({ addressId: address!.id, note: '' })).toMatchObject({
      ok: false,
      status: 400,
      error: { code: 'ADDRESS_REQUIRED', fields: [{ path: 'addressId' }] },
    });
    expect(await storeFor(null, 'en').placeOrder({ addressId: address!.id, note: '' })).toMatchObject({
      ok: false,
      status: 401,
    });

    const placed = await owner.store.placeOrder({ addressId: address!.id, note: 'Ring twice' });
    expect(placed.ok).toBe(true);
    const first = await orderRow(t.database.db, placed.ok ? placed.value.invoiceId : '');
    // Title, notes, nearest landmark, region, city; the empty parts left out, joined the Arabic way.
    expect(first).toMatchObject({
      address: 'Home، Building 12, King Fahd Road، Al Olaya، Riyadh',
      phone: '+966551234567',
      location: 'location',
      note: 'Ring twice',
      status: 'awaiting_payment',
      userId: owner.id,
      // The national address is copied onto the order.
      shortAddress: 'RRRD2929',
      city: 'Riyadh',
    });
    const english = storeFor(owner.user, 'en');
    const again = await english.placeOrder({ addressId: address!.id, note: 'No notes' });
    const second = await orderRow(t.database.db, again.ok ? again.value.invoiceId : '');
    expect(second.address).toBe('Home, Building 12, King Fahd Road, Al Olaya, Riyadh');
    // A new order supersedes the one still awaiting payment.
    expect((await orderRow(t.database.db, first.id)).status).toBe('expired');

    // Trying again after a failed or expired payment: an order that can still be paid is
    // answered as it is; an expired one is placed again with its delivery details.
    expect(await english.placeOrderAgain(second.id)).toEqual({ ok: true, value: { invoiceId: second.id } });
    const retried = await english.placeOrderAgain(first.id);
    const third = await orderRow(t.database.db, retried.ok ? retried.value.invoiceId : '');
    expect(third.id).not.toBe(first.id);
    expect(third).toMatchObject({ address: first.address, phone: first.phone, note: 'Ring twice' });
    expect(await other.store.placeOrderAgain(first.id)).toMatchObject({
      ok: false,
      status: 404,
      error: { code: 'ORDER_NOT_FOUND' },
    });
  });

  it('pays with the sandbox card and has the payment verified; says why an order cannot be paid', async () => {
    const product = await createProduct(t.database.db, { priceHalalas: 10_000, stock: 10 });
    const owner = await shopper();
    const buyer = { id: owner.id, headers: { authorization: owner.bearer.authorization! } };
    const card = { name: 'Sara Ali', month: 12, year: 2099, cvc: '123' };

    await putInCart(t.database.db, owner.id, product.id, 1);
    const declined = await placeOrderOk(t, buyer);
    const refused = await owner.store.payWithSandboxCard(declined.invoiceId, {
      ...card,
      number: '5105105105105100',
    });
    expect(refused).toMatchObject({ ok: false, status: 402, error: { code: 'PAYMENT_DECLINED' } });
    expect((await orderRow(t.database.db, declined.invoiceId)).status).toBe('failed');
    // The same order cannot be paid again: the page offers to place it again.
    expect(
      await owner.store.payWithSandboxCard(declined.invoiceId, { ...card, number: '4111111111111111' }),
    ).toMatchObject({ ok: false, status: 409, error: { code: 'ORDER_NOT_PAYABLE' } });

    const order = await placeOrderOk(t, buyer);
    const paid = await owner.store.payWithSandboxCard(order.invoiceId, {
      ...card,
      number: '4111111111111111',
    });
    expect(paid).toMatchObject({
      ok: true,
      value: { code: 'PAYMENT_COMPLETED', message: 'Payment completed successfully' },
    });
    const redirect = new URL(paid.ok ? paid.value.redirectTo : 'http://none');
    expect(redirect.pathname).toBe('/en/user/allorders');
    expect(redirect.searchParams.get('id')).toBe(order.given_id);
    expect((await orderRow(t.database.db, order.invoiceId)).status).toBe('paid');
    expect(await cartOf(t.database.db, owner.id)).toEqual([]);
    expect(
      await owner.store.payWithSandboxCard(order.invoiceId, { ...card, number: '4111111111111111' }),
    ).toMatchObject({ ok: false, status: 409, error: { code: 'ORDER_ALREADY_PAID' } });

    // The provider's return: the same verification as the API's, for the shopper's own payment.
    expect(await owner.store.verifyPayment(order.given_id)).toMatchObject({
      ok: true,
      value: { code: 'PAYMENT_COMPLETED' },
    });
    expect(await (await shopper()).store.verifyPayment(order.given_id)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await owner.store.verifyPayment('not-a-payment')).toEqual(
      await apiRefusal('POST', apiPaths.verifyPayment.build({}), owner.bearer, { id: 'not-a-payment' }),
    );

    // Someone else's order, or one past its time.
    await putInCart(t.database.db, owner.id, product.id, 1);
    const late = await placeOrderOk(t, buyer);
    expect(
      await (
        await shopper()
      ).store.payWithSandboxCard(late.invoiceId, { ...card, number: '4111111111111111' }),
    ).toMatchObject({ ok: false, status: 404, error: { code: 'ORDER_NOT_FOUND' } });
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, late.invoiceId));
    expect(
      await owner.store.payWithSandboxCard(late.invoiceId, { ...card, number: '4111111111111111' }),
    ).toMatchObject({ ok: false, status: 409, error: { code: 'ORDER_EXPIRED' } });
  });
});
