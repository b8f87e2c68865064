import { adminOrderPaths, apiPaths } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { cartOf, createShopper, orderRow, productState } from '../../test/shoppers.ts';
import { TABBY_WEBHOOK_HEADER } from '../../modules/payments/tabby.ts';
import { signedInMember } from '../../test/staff.ts';
import { payLaterJourney } from '../../test/pay-later.ts';
import { onboardSigningUnit } from '../../test/einvoices.ts';
import { documentsOfOrder } from '../../modules/einvoices/service.ts';

const WEBHOOK_SECRET = 'tabby-hook-0123456789';

describe("paying an order with Tabby's pay in 4 (the simulator)", () => {
  let t: TestContext;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp({ TABBY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    product = await createProduct(t.app.db, { priceHalalas: 120_000, stock: 100 });
  });
  afterAll(() => t.close());

  const journey = payLaterJourney(
    () => t,
    'tabby',
    () => product.id,
  );
  const { ordered, answerOnPage, ship, refund, expectEndedCartKept } = journey;
  const startTabby = journey.start;

  const paymentIdOf = (returnPath: string) => new URL(returnPath, 'http://x').searchParams.get('payment_id')!;

  function webhook(paymentId: string, secret = WEBHOOK_SECRET) {
    return t.app.inject({
      method: 'POST',
      url: apiPaths.tabbyWebhook.build({}),
      headers: { [TABBY_WEBHOOK_HEADER]: secret },
      payload: { id: paymentId, status: 'authorized' },
    });
  }

  async function sessionApproved() {
    const { shopper, order } = await ordered();
    const started = await startTabby(shopper, order);
    expect(started.statusCode).toBe(200);
    const back = await answerOnPage(started.json().redirectUrl, 'approve');
    return { shopper, order, back, paymentId: paymentIdOf(back) };
  }

  it('confirms the order when the shopper comes back authorised: stock sold, cart emptied, method Tabby', async () => {
    const before = await productState(t.app.db, product.id);
    const { shopper, order, back } = await sessionApproved();
    expect(back).toMatch(/^\/api\/payments\/tabby\/return\?lang=ar&payment_id=/);
    const res = await t.app.inject({ method: 'GET', url: back });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order/details/${order.invoiceId}`);
    const row = await orderRow(t.app.db, order.invoiceId);
    expect(row).toMatchObject({ status: 'paid', paymentMethod: 'tabby', paymentId: paymentIdOf(back) });
    expect((await productState(t.app.db, product.id)).unitsSold).toBe(before.unitsSold + 2);
    expect(await cartOf(t.app.db, shopper.id)).toEqual([]);
    expect(await t.app.tabby!.fetch(paymentIdOf(back))).toMatchObject({ state: 'authorised', captured: 0 });
  });

  it("refuses Tabby's pre-scoring test phone kindly: the order is still payable by card, the cart intact", async () => {
    const { shopper, order } = await ordered('0500000002');
    const res = await startTabby(shopper, order, 'en');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'TABBY_REJECTED',
      message: expect.stringContaining('pay by card'),
    });
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
    expect(await cartOf(t.app.db, shopper.id)).toEqual([{ productId: product.id, count: 2 }]);
  });

  it('ends an order whose Tabby session was cancelled or abandoned: stock back, cart kept, back to the cart', async () => {
    const stockBefore = (await productState(t.app.db, product.id)).stock;
    const { shopper, order } = await ordered();
    const started = await startTabby(shopper, order, 'en');
    const back = await answerOnPage(started.json().redirectUrl, 'cancel');
    const res = await t.app.inject({ method: 'GET', url: back });
    expect(res.headers.location).toBe('/en/cart?payment=ORDER_EXPIRED');
    await expectEndedCartKept(order, shopper, 'expired', stockBefore);
  });

  it('settles on the webhook before the return, once whatever arrives twice, and the return then finds it confirmed', async () => {
    const before = await productState(t.app.db, product.id);
    const { order, back, paymentId } = await sessionApproved();
    const twice = [await webhook(paymentId), await webhook(paymentId)];
    expect(twice.map((res) => [res.statusCode, res.json()])).toEqual([
      [200, { received: true }],
      [200, { received: true }],
    ]);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('paid');
    const returned = await t.app.inject({ method: 'GET', url: back });
    expect(returned.headers.location).toBe(`/order/details/${order.invoiceId}`);
    expect((await productState(t.app.db, product.id)).unitsSold).toBe(before.unitsSold + 2);
  });

  it('settles once when the return and the webhook arrive at the same moment', async () => {
    const before = await productState(t.app.db, product.id);
    const { order, back, paymentId } = await sessionApproved();
    const [returned, hooked] = await Promise.all([
      t.app.inject({ method: 'GET', url: back }),
      webhook(paymentId),
    ]);
    expect(returned.headers.location).toBe(`/order/details/${order.invoiceId}`);
    expect(hooked.statusCode).toBe(200);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'tabby',
    });
    expect((await productState(t.app.db, product.id)).unitsSold).toBe(before.unitsSold + 2);
  });

  it('refuses a forged webhook (401) and changes nothing', async () => {
    const { order, paymentId } = await sessionApproved();
    const forged = await webhook(paymentId, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'WEBHOOK_UNAUTHORIZED' });
    const bare = await t.app.inject({
      method: 'POST',
      url: apiPaths.tabbyWebhook.build({}),
      payload: { id: paymentId },
    });
    expect(bare.statusCode).toBe(401);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
  });

  it("refuses to start Tabby for another shopper's order", async () => {
    const { order } = await ordered();
    const stranger = await createShopper(t.app.db);
    expect((await startTabby(stranger, order)).statusCode).toBe(404);
  });

  it('captures the whole authorisation when staff mark the order shipped, once, and invoices it then', async () => {
    await onboardSigningUnit(t);
    const { order, back, paymentId } = await sessionApproved();
    await t.app.inject({ method: 'GET', url: back });
    // Confirmed but not captured: no supply yet, so no invoice (decision 240).
    expect(await documentsOfOrder(t.app.db, order.invoiceId)).toEqual([]);
    expect((await ship(order.invoiceId, 'RUH1')).statusCode).toBe(200);
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({
      state: 'captured',
      captured: order.amount,
      status: 'closed',
    });
    expect((await ship(order.invoiceId, 'RUH1')).statusCode).toBe(409);
    expect((await orderRow(t.app.db, order.invoiceId)).fulfilment).toBe('shipped');
    const documents = await documentsOfOrder(t.app.db, order.invoiceId);
    expect(documents.map((d) => d.kind)).toEqual(['invoice']);
  });

  it('cancelling an order Tabby only authorised closes the authorisation, with no credit note (no invoice was issued)', async () => {
    await onboardSigningUnit(t);
    const { order, back, paymentId } = await sessionApproved();
    await t.app.inject({ method: 'GET', url: back });
    const owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;
    // Nothing was taken: part of it cannot be given back, only the whole closed.
    const part = await refund(order.invoiceId, owner, 100, 'tabby-part');
    expect(part.statusCode).toBe(422);
    expect(part.json()).toMatchObject({
      code: 'REFUND_UNCAPTURED_WHOLE',
      message: expect.stringContaining('تابي'),
    });
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({ state: 'authorised' });

    const cancel = await t.app.inject({
      method: 'POST',
      url: `${adminOrderPaths.cancelPaid.build({ ref: order.invoiceId })}?lang=en`,
      headers: owner,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({ state: 'voided', captured: 0, refunded: 0 });
    const row = await orderRow(t.app.db, order.invoiceId);
    expect(row).toMatchObject({ status: 'refunded', fulfilment: 'cancelled', refundedHalalas: order.amount });
    expect(await documentsOfOrder(t.app.db, order.invoiceId)).toEqual([]);
  });

  it('refunds a shipped (captured) Tabby order through Tabby with its credit note, never more than captured', async () => {
    await onboardSigningUnit(t);
    const { order, back, paymentId } = await sessionApproved();
    await t.app.inject({ method: 'GET', url: back });
    expect((await ship(order.invoiceId, 'RUH2')).statusCode).toBe(200);
    const owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;

    const first = await refund(order.invoiceId, owner, 100, 'tabby-refund-1');
    expect(first.statusCode).toBe(201);
    // The same key again refunds nothing more.
    expect((await refund(order.invoiceId, owner, 100, 'tabby-refund-1')).statusCode).toBe(200);
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({
      state: 'partially_refunded',
      captured: order.amount,
      refunded: 10_000,
    });
    const kinds = (await documentsOfOrder(t.app.db, order.invoiceId)).map((d) => d.kind).sort();
    expect(kinds).toEqual(['credit_note', 'invoice']);

    const tooMuch = await refund(order.invoiceId, owner, (order.amount - 10_000) / 100 + 1, 'tabby-refund-2');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_AMOUNT_TOO_LARGE' });
    expect((await t.app.tabby!.fetch(paymentId)).refunded).toBe(10_000);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'partially_refunded',
      refundedHalalas: 10_000,
    });
  });
});
