import { apiPaths, type SandboxPayAnswer } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../lib/change-events.ts';
import { createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import {
  cartOf,
  createShopper,
  orderRow,
  placeOrderCall,
  placeOrderOk,
  productState,
  putInCart,
  type Shopper,
} from '../../test/shoppers.ts';

const card = (number: string) => ({ number, name: 'Sara Ali', month: 12, year: 2099, cvc: '123' });

/**
 * The checkout use case from the outside: each step's effect on the modules it composes
 * (cart, catalog stock and units sold, order), the compensation of a refused payment, and the
 * catalog change each committed step announces to the caches.
 */
describe('checkout use case', () => {
  let t: TestContext;
  let events: ChangeEvent[];

  beforeAll(async () => {
    t = await createTestApp();
    events = [];
    t.app.changes.on((event) => events.push(event));
  });
  afterAll(() => t.close());

  async function payWith(shopper: Shopper, invoiceId: string, number: string) {
    const paid = await t.app.inject({
      method: 'POST',
      url: apiPaths.sandboxPay.build({}),
      headers: shopper.headers,
      payload: { ...card(number), invoiceId },
    });
    expect(paid.statusCode).toBe(200);
    const payment: SandboxPayAnswer = paid.json();
    return t.app.inject({
      method: 'POST',
      url: apiPaths.verifyPayment.build({}),
      headers: shopper.headers,
      payload: { id: payment.id },
    });
  }

  it('order then payment: stock reserved, sold, cart emptied of what was bought; each step announced', async () => {
    const bought = await createProduct(t.app.db, { stock: 10, priceHalalas: 10_000 });
    const later = await createProduct(t.app.db, { stock: 10, priceHalalas: 5_000 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, bought.id, 3);
    events.length = 0;

    const order = await placeOrderOk(t, shopper);
    expect(await productState(t.app.db, bought.id)).toEqual({ stock: 7, unitsSold: 0 });
    expect(events).toEqual([{ topic: 'catalog', productIds: [bought.id] }]);

    // Added after the order was placed: stays in the cart when the order is paid.
    await putInCart(t.app.db, shopper.id, later.id, 1);
    events.length = 0;
    const verified = await payWith(shopper, order.invoiceId, '4111111111111111');
    expect(verified.statusCode).toBe(200);
    expect(await productState(t.app.db, bought.id)).toEqual({ stock: 7, unitsSold: 3 });
    expect(await cartOf(t.app.db, shopper.id)).toEqual([{ productId: later.id, count: 1 }]);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('paid');
    expect(events).toEqual([{ topic: 'catalog', productIds: [bought.id] }]);
  });

  it('a declined card is compensated: the order fails, its stock goes back on sale, the cart stays', async () => {
    const product = await createProduct(t.app.db, { stock: 4, priceHalalas: 10_000 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 4);
    const order = await placeOrderOk(t, shopper);
    expect((await productState(t.app.db, product.id)).stock).toBe(0);
    events.length = 0;

    const verified = await payWith(shopper, order.invoiceId, '5105105105105100');
    expect(verified.statusCode).toBe(402);
    expect(verified.json().code).toBe('PAYMENT_DECLINED');
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('failed');
    expect(await productState(t.app.db, product.id)).toEqual({ stock: 4, unitsSold: 0 });
    expect(await cartOf(t.app.db, shopper.id)).toEqual([{ productId: product.id, count: 4 }]);
    expect(events).toEqual([{ topic: 'catalog', productIds: [product.id] }]);
  });

  it('an order that cannot be placed changes nothing and announces nothing', async () => {
    const product = await createProduct(t.app.db, { stock: 1, priceHalalas: 10_000 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 2);
    events.length = 0;

    const refused = await placeOrderCall(t, shopper);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OUT_OF_STOCK');
    expect(await productState(t.app.db, product.id)).toEqual({ stock: 1, unitsSold: 0 });
    expect(events).toEqual([]);
  });
});
