import { adminOrderPaths, apiPaths, type PayInvoiceAnswer } from '@shop/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import {
  cartOf,
  createShopper,
  orderRow,
  placeOrderCall,
  productState,
  putInCart,
} from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { payLaterJourney } from '../../test/pay-later.ts';
import { onboardSigningUnit } from '../../test/einvoices.ts';
import { documentsOfOrder } from '../../modules/einvoices/service.ts';

const NOTIFICATION_KEY = 'tamara-notification-key-0123456789';

/** A notification token as Tamara signs it: a JWT, HS256, with the merchant's notification key. */
function token(key = NOTIFICATION_KEY) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('Tamara')
    .setIssuedAt()
    .sign(new TextEncoder().encode(key));
}

describe("paying an order with Tamara's pay in 4 (the simulator)", () => {
  let t: TestContext;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp({ TAMARA_NOTIFICATION_KEY: NOTIFICATION_KEY });
    product = await createProduct(t.app.db, { priceHalalas: 120_000, stock: 100 });
  });
  afterAll(() => t.close());

  const journey = payLaterJourney(
    () => t,
    'tamara',
    () => product.id,
  );
  const { ordered, answerOnPage, ship, expectEndedCartKept } = journey;
  const startTamara = journey.start;
  const refund = (ref: string, owner: Record<string, string>, amount: number, key: string) =>
    journey.refund(ref, owner, amount, key, 'en');

  const orderIdOf = (returnPath: string) => new URL(returnPath, 'http://x').searchParams.get('orderId')!;

  /** Tamara's notification: its token in the query (`tamaraToken`) or as a bearer token. */
  async function notify(orderId: string, how: 'query' | 'bearer' | 'none' = 'query', key = NOTIFICATION_KEY) {
    const jwt = await token(key);
    const query = how === 'query' ? `?tamaraToken=${jwt}` : '';
    return t.app.inject({
      method: 'POST',
      url: `${apiPaths.tamaraWebhook.build({})}${query}`,
      headers: how === 'bearer' ? { authorization: `Bearer ${jwt}` } : {},
      // The body's status is never believed: the order is fetched from Tamara.
      payload: { order_id: orderId, order_status: 'approved', event_type: 'order_approved' },
    });
  }

  async function sessionApproved(phone?: string) {
    const { shopper, order } = await ordered(phone);
    const started = await startTamara(shopper, order);
    expect(started.statusCode).toBe(200);
    expect(started.json().redirectUrl).toMatch(/^\/api\/payments\/tamara-sandbox\//);
    const back = await answerOnPage(started.json().redirectUrl, 'approve');
    return { shopper, order, back, paymentId: orderIdOf(back) };
  }

  it('authorises the approved order on the return, confirms it, then captures at shipping and invoices then', async () => {
    await onboardSigningUnit(t);
    const before = await productState(t.app.db, product.id);
    const { shopper, order, back, paymentId } = await sessionApproved();
    expect(back).toMatch(/^\/api\/payments\/tamara\/return\?lang=ar&orderId=.+&paymentStatus=approved$/);
    // Approved by the shopper, not yet acknowledged by the shop.
    expect(await t.app.tamara!.fetch(paymentId)).toMatchObject({ state: 'pending', awaitingMerchant: true });

    const res = await t.app.inject({ method: 'GET', url: back });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order/details/${order.invoiceId}`);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'tamara',
      paymentId,
    });
    expect(await t.app.tamara!.fetch(paymentId)).toMatchObject({
      state: 'authorised',
      providerStatus: 'authorised',
      captured: 0,
    });
    expect((await productState(t.app.db, product.id)).unitsSold).toBe(before.unitsSold + 2);
    expect(await cartOf(t.app.db, shopper.id)).toEqual([]);
    // Authorised, not captured: no supply yet, so no invoice (decision 240).
    expect(await documentsOfOrder(t.app.db, order.invoiceId)).toEqual([]);

    expect((await ship(order.invoiceId, 'RUH-T1')).statusCode).toBe(200);
    expect(await t.app.tamara!.fetch(paymentId)).toMatchObject({
      state: 'captured',
      providerStatus: 'fully_captured',
      captured: order.amount,
    });
    expect((await documentsOfOrder(t.app.db, order.invoiceId)).map((d) => d.kind)).toEqual(['invoice']);
  });

  it("declines Tamara's declined test customer on its page: the order ends, the cart stays, the shopper back at the cart", async () => {
    const stockBefore = (await productState(t.app.db, product.id)).stock;
    const { shopper, order, back } = await sessionApproved('0526422337');
    expect(back).toContain('paymentStatus=declined');
    const res = await t.app.inject({ method: 'GET', url: back });
    expect(res.headers.location).toBe('/cart?payment=TAMARA_REJECTED');
    await expectEndedCartKept(order, shopper, 'failed', stockBefore);
  });

  it('ends an order whose Tamara session was cancelled or abandoned (expired): stock back, cart kept', async () => {
    const stockBefore = (await productState(t.app.db, product.id)).stock;
    const { shopper, order } = await ordered();
    const started = await startTamara(shopper, order, 'en');
    const back = await answerOnPage(started.json().redirectUrl, 'cancel');
    const res = await t.app.inject({ method: 'GET', url: back });
    expect(res.headers.location).toBe('/en/cart?payment=ORDER_EXPIRED');
    await expectEndedCartKept(order, shopper, 'expired', stockBefore);
  });

  it('settles on the notification before the return, once when it comes twice (token in the query or as bearer)', async () => {
    const before = await productState(t.app.db, product.id);
    const { order, back, paymentId } = await sessionApproved();
    const twice = [await notify(paymentId, 'query'), await notify(paymentId, 'bearer')];
    expect(twice.map((res) => [res.statusCode, res.json()])).toEqual([
      [200, { received: true }],
      [200, { received: true }],
    ]);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'tamara',
    });
    expect(await t.app.tamara!.fetch(paymentId)).toMatchObject({ state: 'authorised' });
    const returned = await t.app.inject({ method: 'GET', url: back });
    expect(returned.headers.location).toBe(`/order/details/${order.invoiceId}`);
    expect((await productState(t.app.db, product.id)).unitsSold).toBe(before.unitsSold + 2);
  });

  it('settles once when the return and the notification arrive at the same moment', async () => {
    const before = await productState(t.app.db, product.id);
    const { order, back, paymentId } = await sessionApproved();
    // Both authorise at Tamara and confirm the order; one of them finds it done by the other.
    const [returned, notified] = await Promise.all([
      t.app.inject({ method: 'GET', url: back }),
      notify(paymentId, 'query'),
    ]);
    expect(returned.headers.location).toBe(`/order/details/${order.invoiceId}`);
    expect(notified.statusCode).toBe(200);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'tamara',
    });
    expect(await t.app.tamara!.fetch(paymentId)).toMatchObject({ state: 'authorised', captured: 0 });
    expect((await productState(t.app.db, product.id)).unitsSold).toBe(before.unitsSold + 2);
  });

  it('refuses a forged notification (401) before reading it, and nothing changes', async () => {
    const { order, paymentId } = await sessionApproved();
    for (const forged of [
      await notify(paymentId, 'query', 'not-the-notification-key-000000000'),
      await notify(paymentId, 'none'),
      await t.app.inject({
        method: 'POST',
        url: `${apiPaths.tamaraWebhook.build({})}?tamaraToken=not.a.jwt`,
        payload: { order_id: paymentId },
      }),
    ]) {
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ code: 'WEBHOOK_UNAUTHORIZED' });
    }
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
    expect(await t.app.tamara!.fetch(paymentId)).toMatchObject({ state: 'pending', awaitingMerchant: true });
  });

  it("refuses a total outside Tamara's limits before any page, and another shopper's order", async () => {
    const cheap = await createProduct(t.app.db, { priceHalalas: 2_000, stock: 10 });
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, cheap.id, 1);
    const placed = await placeOrderCall(t, shopper, { invoiceUserPhone: '0512345678' });
    const order: PayInvoiceAnswer = placed.json();
    // Under Tamara's minimum (99 SAR), shipping included.
    expect(order.amount).toBeLessThan(9_900);
    const res = await startTamara(shopper, order, 'en');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'TAMARA_REJECTED',
      message: expect.stringContaining('pay by card'),
    });
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
    const other = await ordered();
    expect((await startTamara(shopper, other.order)).statusCode).toBe(404);
  });

  it('closing an order Tamara only authorised cancels it at Tamara, with no credit note', async () => {
    await onboardSigningUnit(t);
    const { order, back, paymentId } = await sessionApproved();
    await t.app.inject({ method: 'GET', url: back });
    const owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${adminOrderPaths.cancelPaid.build({ ref: order.invoiceId })}?lang=en`,
      headers: owner,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await t.app.tamara!.fetch(paymentId)).toMatchObject({
      state: 'voided',
      providerStatus: 'canceled',
      captured: 0,
    });
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'refunded',
      fulfilment: 'cancelled',
      refundedHalalas: order.amount,
    });
    expect(await documentsOfOrder(t.app.db, order.invoiceId)).toEqual([]);
  });

  it('refunds a captured Tamara order through Tamara with its credit note, never more than captured', async () => {
    await onboardSigningUnit(t);
    const { order, back, paymentId } = await sessionApproved();
    await t.app.inject({ method: 'GET', url: back });
    expect((await ship(order.invoiceId, 'RUH-T2')).statusCode).toBe(200);
    const owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;

    expect((await refund(order.invoiceId, owner, 100, 'tamara-refund-1')).statusCode).toBe(201);
    // The same key again refunds nothing more.
    expect((await refund(order.invoiceId, owner, 100, 'tamara-refund-1')).statusCode).toBe(200);
    expect(await t.app.tamara!.fetch(paymentId)).toMatchObject({
      state: 'partially_refunded',
      providerStatus: 'partially_refunded',
      captured: order.amount,
      refunded: 10_000,
    });
    const kinds = (await documentsOfOrder(t.app.db, order.invoiceId)).map((d) => d.kind).sort();
    expect(kinds).toEqual(['credit_note', 'invoice']);

    const tooMuch = await refund(
      order.invoiceId,
      owner,
      (order.amount - 10_000) / 100 + 1,
      'tamara-refund-2',
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_AMOUNT_TOO_LARGE' });
    expect((await t.app.tamara!.fetch(paymentId)).refunded).toBe(10_000);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'partially_refunded',
      refundedHalalas: 10_000,
    });
  });
});
