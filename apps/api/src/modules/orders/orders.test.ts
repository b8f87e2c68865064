import {
  apiPaths,
  type Order,
  type OrdersPage,
  type OrderWithPayment,
  type PayInvoiceAnswer,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { putSettings } from '../settings/service.ts';
import {
  cartOf,
  createShopper,
  placeOrderCall,
  placeOrderOk,
  productState,
  putInCart,
  type Shopper,
} from '../../test/shoppers.ts';
import { decodeZatcaTlv } from './zatca.ts';

describe('orders', () => {
  let t: TestContext;
  let onOffer: ProductRow;
  let plain: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    // 100 SAR on offer at 80, and 50 SAR without an offer.
    onOffer = await createProduct(t.app.db, {
      priceHalalas: 10_000,
      offerPriceHalalas: 8_000,
      stock: 1_000,
      nameEn: 'Phone charger',
      nameAr: 'شاحن جوال',
    });
    plain = await createProduct(t.app.db, { priceHalalas: 5_000, stock: 1_000 });
    await putSettings(t.app.db, {
      shippingFeeHalalas: 7_000,
      sellerName: { ar: 'متجر الإلكترونيات', en: 'Electronics Shop' },
      taxNumber: '300000000000003',
    });
  });
  afterAll(() => t.close());

  async function shopperWithCart(): Promise<Shopper> {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, onOffer.id, 2);
    await putInCart(t.app.db, shopper.id, plain.id, 1);
    return shopper;
  }

  it('prices the order from the cart and the catalog, reserves stock and answers what the card form needs', async () => {
    const before = [await productState(t.app.db, onOffer.id), await productState(t.app.db, plain.id)];
    const shopper = await shopperWithCart();
    const res = await placeOrderCall(t, shopper, { invoiceNote: '' });
    expect(res.statusCode).toBe(201);
    const body: PayInvoiceAnswer = res.json();
    // 2 × 100 + 50 = 250 list, 2 × 20 = 40 saved, 70 shipping: 280 SAR.
    expect(body.amount).toBe(28_000);
    expect(body.amountSar).toBe(280);
    expect(body.currency).toBe('SAR');
    expect(body.invoice.totals).toEqual({
      subtotal: 250,
      discount: 40,
      discountCode: null,
      codeDiscount: 0,
      shippingWaived: 0,
      shipping: 70,
      vat: 36.52, // 280 × 15/115 = 36.5217…
      total: 280,
      currency: 'SAR',
    });
    expect(body.invoice.status).toBe('awaiting_payment');
    expect(body.invoice.zatca).toBeNull();
    expect(body.invoice.products).toEqual([
      expect.objectContaining({
        productId: onOffer.id,
        productName: 'شاحن جوال',
        productPrice: 80,
        quantity: 2,
      }),
      expect.objectContaining({ productId: plain.id, productPrice: 50, quantity: 1 }),
    ]);
    expect(body.number).toBeGreaterThanOrEqual(10001);
    expect(body.payment).toMatchObject({
      provider: 'sandbox',
      sandbox: true,
      amount: 28_000,
      currency: 'SAR',
      given_id: body.given_id,
      methods: ['creditcard'],
      tabby: true,
      tamara: true,
      metadata: { order_id: body.invoiceId },
    });
    expect(body.payment.publishableKey).toBeUndefined();
    expect(body.description).toBe(`طلب رقم ${body.number}`);
    expect(new URL(body.payment.callbackUrl).pathname).toBe('/user/allorders');
    const expiresIn = Date.parse(body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);

    expect(await productState(t.app.db, onOffer.id)).toEqual({ stock: before[0]!.stock - 2, unitsSold: 0 });
    expect((await productState(t.app.db, plain.id)).stock).toBe(before[1]!.stock - 1);
    // The cart is kept until the payment is confirmed.
    expect(await cartOf(t.app.db, shopper.id)).toHaveLength(2);
  });

  it('reads an order with the same card form while it can be paid, and none once it has expired', async () => {
    const shopper = await shopperWithCart();
    const placed = await placeOrderOk(t, shopper);
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: apiPaths.orderById.build({ invoiceId: placed.invoiceId }),
          headers: shopper.headers,
        })
      ).json<OrderWithPayment>();
    // A reloaded payment page pays with the same given_id: a retried payment cannot charge twice.
    expect((await read()).payment).toMatchObject({
      given_id: placed.given_id,
      amount: placed.amount,
      metadata: { order_id: placed.invoiceId },
    });
    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.invoiceId));
    expect((await read()).payment).toBeNull();
  });

  it('uses the English callback page and texts for an English shopper', async () => {
    const shopper = await shopperWithCart();
    const res = await placeOrderCall(t, shopper, { invoiceNote: 'Leave it at the door' }, 'en');
    const body: PayInvoiceAnswer = res.json();
    expect(new URL(body.payment.callbackUrl).pathname).toBe('/en/user/allorders');
    expect(body.description).toBe('Leave it at the door');
    expect(body.invoice.products[0]!.productName).toBe('Phone charger');
  });

  it('ignores prices, amounts and products sent by the client', async () => {
    const honest = await shopperWithCart();
    const expected: PayInvoiceAnswer = (await placeOrderCall(t, honest)).json();
    const tamperer = await shopperWithCart();
    const res = await placeOrderCall(t, tamperer, {
      amount: 1,
      totalPrice: 1,
      cartTotalPrice: 1,
      products: [
        { productId: onOffer.id, productPrice: 0.01, quantity: 100 },
        { productId: 999_999, productPrice: 0.01 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body: PayInvoiceAnswer = res.json();
    expect(body.amount).toBe(expected.amount);
    expect(body.invoice.totals).toEqual(expected.invoice.totals);
    expect(body.invoice.products.map((p) => [p.productId, p.productPrice, p.quantity])).toEqual(
      expected.invoice.products.map((p) => [p.productId, p.productPrice, p.quantity]),
    );
  });

  it('refuses an order for another user, without a session, or with an empty cart or no address', async () => {
    const shopper = await shopperWithCart();
    const other = await createShopper(t.app.db);
    const forOther = await placeOrderCall(t, shopper, { userId: other.id });
    expect(forOther.statusCode).toBe(403);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: apiPaths.payInvoice.build({}),
      payload: { userId: shopper.id, invoiceUserAdress: 'x', products: [] },
    });
    expect(anonymous.statusCode).toBe(401);

    const empty = await placeOrderCall(t, other);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'CART_EMPTY', message: 'لا توجد منتجات في السلة' });

    const noAddress = await placeOrderCall(t, shopper, { invoiceUserAdress: '  ' }, 'en');
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({
      code: 'ADDRESS_REQUIRED',
      message: 'Please choose a delivery address',
    });
  });

  it('refuses more units than are in stock and reserves nothing', async () => {
    const scarce = await createProduct(t.app.db, { stock: 1 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, plain.id, 1);
    await putInCart(t.app.db, shopper.id, scarce.id, 2);
    const plainBefore = await productState(t.app.db, plain.id);
    const res = await placeOrderCall(t, shopper);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK', fields: [{ path: 'products.1' }] });
    expect((await productState(t.app.db, scarce.id)).stock).toBe(1);
    expect(await productState(t.app.db, plain.id)).toEqual(plainBefore);
  });

  it("supersedes the shopper's earlier unpaid order instead of reserving twice", async () => {
    const single = await createProduct(t.app.db, { stock: 1 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, single.id, 1);
    const first = await placeOrderOk(t, shopper);
    const second = await placeOrderOk(t, shopper);
    expect(second.invoiceId).not.toBe(first.invoiceId);
    expect((await productState(t.app.db, single.id)).stock).toBe(0);
    const old = await t.app.inject({
      method: 'GET',
      url: apiPaths.orderById.build({ invoiceId: first.invoiceId }),
      headers: shopper.headers,
    });
    expect(old.json<Order>().status).toBe('expired');
  });

  it('lists the shopper’s orders newest first, 5 per page by default', async () => {
    const shopper = await shopperWithCart();
    const numbers: number[] = [];
    for (let i = 0; i < 7; i += 1) numbers.push((await placeOrderOk(t, shopper)).number);
    const url = apiPaths.ordersByUser.build({ userId: shopper.id });
    const first = await t.app.inject({ method: 'GET', url, headers: shopper.headers });
    expect(first.statusCode).toBe(200);
    const page1: OrdersPage = first.json();
    expect(page1.pagging).toEqual({ pageCount: 2, rawCount: 7 });
    expect(page1.invoices.map((o) => o.number)).toEqual(numbers.slice(2).reverse());
    expect(page1.invoices[0]).toMatchObject({
      invoiceUserAdress: 'الرياض، حي العليا، شارع التحلية',
      address: 'الرياض، حي العليا، شارع التحلية',
      invoiceReceived: false,
      status: 'awaiting_payment',
    });
    expect(page1.invoices[1]!.status).toBe('expired');
    const page2: OrdersPage = (
      await t.app.inject({ method: 'GET', url: `${url}?page=2&lang=en`, headers: shopper.headers })
    ).json();
    expect(page2.invoices.map((o) => o.number)).toEqual(numbers.slice(0, 2).reverse());
    expect(page2.invoices[0]!.products[0]!.productName).toBe('Phone charger');
    const wide: OrdersPage = (
      await t.app.inject({ method: 'GET', url: `${url}?pageSize=10`, headers: shopper.headers })
    ).json();
    expect(wide.invoices).toHaveLength(7);
    expect(wide.pagging.pageCount).toBe(1);
  });

  it('answers an empty list for a shopper without orders', async () => {
    const shopper = await createShopper(t.app.db);
    const res = await t.app.inject({
      method: 'GET',
      url: apiPaths.ordersByUser.build({ userId: shopper.id }),
      headers: shopper.headers,
    });
    expect(res.json()).toEqual({ invoices: [], pagging: { pageCount: 0, rawCount: 0 } });
  });

  it("refuses another user's orders, order and lines", async () => {
    const owner = await shopperWithCart();
    const order = await placeOrderOk(t, owner);
    const intruder = await createShopper(t.app.db);
    const calls = [
      apiPaths.ordersByUser.build({ userId: owner.id }),
      apiPaths.orderById.build({ invoiceId: order.invoiceId }),
      apiPaths.orderLines.build({ invoiceId: order.invoiceId }),
    ];
    for (const url of calls) {
      const asIntruder = await t.app.inject({ method: 'GET', url, headers: intruder.headers });
      expect(asIntruder.statusCode, url).toBe(403);
      expect(asIntruder.json().code).toBe('FORBIDDEN');
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      const asOwner = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(asOwner.statusCode, url).toBe(200);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: apiPaths.orderById.build({ invoiceId: '00000000-0000-4000-8000-000000000000' }),
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ORDER_NOT_FOUND');
  });

  it('answers the lines of an order with quantities and prices paid', async () => {
    const shopper = await shopperWithCart();
    const order = await placeOrderOk(t, shopper);
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.orderLines.build({ invoiceId: order.invoiceId })}?lang=en`,
      headers: shopper.headers,
    });
    expect(res.json()).toEqual([
      {
        productId: onOffer.id,
        productName: 'Phone charger',
        sku: onOffer.sku,
        productDescripition: onOffer.descriptionEn,
        productImage: onOffer.image,
        productPrice: 80,
        productListPrice: 100,
        quantity: 2,
        lineTotal: 160,
        codeDiscount: 0,
        linePaid: 160,
      },
      expect.objectContaining({ productId: plain.id, productPrice: 50, quantity: 1, lineTotal: 50 }),
    ]);
  });

  it('shows a paid order with its ZATCA QR code, and delivered once received', async () => {
    const shopper = await shopperWithCart();
    const order = await placeOrderOk(t, shopper);
    const pay = await t.app.inject({
      method: 'POST',
      url: apiPaths.sandboxPay.build({}),
      headers: shopper.headers,
      payload: {
        invoiceId: order.invoiceId,
        number: '4111 1111 1111 1111',
        name: 'Sara Ali',
        month: 12,
        year: 2099,
        cvc: '123',
      },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: apiPaths.verifyPayment.build({}),
      headers: shopper.headers,
      payload: { id: pay.json().id },
    });
    expect(verified.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: apiPaths.orderById.build({ invoiceId: order.invoiceId }),
      headers: shopper.headers,
    });
    const paid: Order = res.json();
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    expect(paid.zatca).toMatchObject({ sellerName: 'متجر الإلكترونيات', vatNumber: '300000000000003' });
    expect(Object.fromEntries(decodeZatcaTlv(paid.zatca!.qr))).toEqual({
      1: 'متجر الإلكترونيات',
      2: '300000000000003',
      3: paid.zatca!.invoiceTime,
      4: '280.00',
      5: '36.52',
    });
    expect(paid.zatca!.invoiceTime).toBe(paid.paidAt!.replace(/\.\d{3}Z$/, 'Z'));
    expect(paid.zatca!.qrImage).toMatch(/^data:image\/png;base64,/);

    await t.app.db
      .update(orders)
      .set({ received: true, fulfilment: 'delivered' })
      .where(eq(orders.id, order.invoiceId));
    const delivered: Order = (
      await t.app.inject({
        method: 'GET',
        url: apiPaths.orderById.build({ invoiceId: order.invoiceId }),
        headers: shopper.headers,
      })
    ).json();
    expect(delivered).toMatchObject({ status: 'delivered', invoiceReceived: true });
    expect(delivered.zatca?.qr).toBe(paid.zatca!.qr);
  });
});
