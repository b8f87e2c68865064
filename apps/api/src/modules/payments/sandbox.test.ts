import { apiPaths, type Order, type SandboxPayAnswer } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import {
  cartOf,
  countOrders,
  createShopper,
  orderRow,
  placeOrderOk,
  productState,
  putInCart,
  type Shopper,
} from '../../test/shoppers.ts';
import { choosePaymentProvider } from './choose-provider.ts';
import { reconcilePayments } from '../../use-cases/checkout/reconcile.ts';
import type { PaymentDeps } from '../../use-cases/checkout/settle-payment.ts';

const WEBHOOK_SECRET = 'whsec-test-0123456789';
const card = (number: string) => ({ number, name: 'Sara Ali', month: 12, year: 2099, cvc: '123' });

describe('checkout with the sandbox provider', () => {
  let t: TestContext;
  let product: ProductRow;
  let deps: PaymentDeps;

  beforeAll(async () => {
    t = await createTestApp({ MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET });
    product = await createProduct(t.app.db, { priceHalalas: 25_000, stock: 1_000 });
    deps = {
      db: t.app.db,
      provider: choosePaymentProvider(t.config, t.app.db, t.app.paymentKeys),
      messages: t.app.shop.messages,
      log: t.app.log,
      changes: t.app.changes,
      config: t.config,
    };
  });
  afterAll(() => t.close());

  async function shopperWithCart(count = 2, productId = product.id): Promise<Shopper> {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, productId, count);
    return shopper;
  }

  function pay(shopper: Shopper, body: object, lang: 'ar' | 'en' = 'ar') {
    return t.app.inject({
      method: 'POST',
      url: `${apiPaths.sandboxPay.build({})}?lang=${lang}`,
      headers: shopper.headers,
      payload: body,
    });
  }

  function verify(shopper: Shopper, id: string, lang: 'ar' | 'en' = 'ar') {
    return t.app.inject({
      method: 'POST',
      url: `${apiPaths.verifyPayment.build({})}?lang=${lang}`,
      headers: shopper.headers,
      payload: { id },
    });
  }

  function webhook(body: object) {
    return t.app.inject({ method: 'POST', url: apiPaths.moyasarWebhook.build({}), payload: body });
  }

  async function paymentStatus(id: string) {
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, id));
    return row?.status;
  }

  it('pays an order with a test card: verified, stock committed, cart emptied, invoice ready', async () => {
    const shopper = await shopperWithCart(2);
    const before = await productState(t.app.db, product.id);
    const order = await placeOrderOk(t, shopper);
    const payRes = await pay(shopper, { ...card('4111111111111111'), invoiceId: order.invoiceId }, 'en');
    expect(payRes.statusCode).toBe(200);
    const payment: SandboxPayAnswer = payRes.json();
    expect(payment).toMatchObject({ id: order.given_id, status: 'paid', message: 'APPROVED' });
    const redirect = new URL(payment.redirectUrl);
    expect(redirect.pathname).toBe('/en/user/allorders');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      id: payment.id,
      status: 'paid',
      message: 'APPROVED',
    });
    // Paying is not enough: until verified the order waits and the cart is kept.
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
    expect(await cartOf(t.app.db, shopper.id)).toHaveLength(1);

    const res = await verify(shopper, payment.id, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      invoiceId: order.invoiceId,
      number: order.number,
      status: 'paid',
      code: 'PAYMENT_COMPLETED',
      message: 'Payment completed successfully',
    });
    expect((await verify(shopper, payment.id, 'ar')).json().message).toBe('تمت عملية الدفع بنجاح');
    expect(await productState(t.app.db, product.id)).toEqual({
      stock: before.stock - 2,
      unitsSold: before.unitsSold + 2,
    });
    expect(await cartOf(t.app.db, shopper.id)).toEqual([]);
    const row = await orderRow(t.app.db, order.invoiceId);
    expect(row).toMatchObject({ status: 'paid', paymentId: payment.id });
    expect(await paymentStatus(payment.id)).toBe('paid');
  });

  it('pays with the mada test card too', async () => {
    const shopper = await shopperWithCart(1);
    const order = await placeOrderOk(t, shopper);
    const payment: SandboxPayAnswer = (
      await pay(shopper, { ...card('4201 3201 1111 1010'), invoiceId: order.invoiceId })
    ).json();
    expect(payment.status).toBe('paid');
    expect(new URL(payment.redirectUrl).pathname).toBe('/user/allorders');
    expect((await verify(shopper, payment.id)).statusCode).toBe(200);
  });

  it.each([
    [
      '4201320000311101',
      'INSUFFICIENT FUNDS',
      'PAYMENT_INSUFFICIENT_FUNDS',
      'The card has insufficient funds',
    ],
    ['5105105105105100', 'DECLINED', 'PAYMENT_DECLINED', 'The bank declined the payment'],
  ])(
    'a failed card (%s) keeps the cart, releases the stock and says why',
    async (number, message, code, text) => {
      const shopper = await shopperWithCart(3);
      const before = await productState(t.app.db, product.id);
      const order = await placeOrderOk(t, shopper);
      expect((await productState(t.app.db, product.id)).stock).toBe(before.stock - 3);
      const payment: SandboxPayAnswer = (
        await pay(shopper, { ...card(number), invoiceId: order.invoiceId })
      ).json();
      expect(payment).toMatchObject({ status: 'failed', message });
      expect(new URL(payment.redirectUrl).searchParams.get('status')).toBe('failed');

      const res = await verify(shopper, payment.id, 'en');
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toContain(text);
      expect((await verify(shopper, payment.id, 'ar')).json().message).not.toContain(text);
      expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('failed');
      expect(await productState(t.app.db, product.id)).toEqual(before);
      expect(await cartOf(t.app.db, shopper.id)).toEqual([{ productId: product.id, count: 3 }]);

      // The same order cannot be paid again; a new order from the kept cart can.
      const again = await pay(shopper, { ...card('4111111111111111'), invoiceId: order.invoiceId });
      expect(again.json()).toMatchObject({ status: 'failed' });
      const retry = await placeOrderOk(t, shopper);
      const paid: SandboxPayAnswer = (
        await pay(shopper, { ...card('4111111111111111'), invoiceId: retry.invoiceId })
      ).json();
      expect((await verify(shopper, paid.id)).statusCode).toBe(200);
    },
  );

  it('refuses an unknown card number, an expired card and a one-word name without recording a payment', async () => {
    const shopper = await shopperWithCart(1);
    const order = await placeOrderOk(t, shopper);
    const cases: [object, string][] = [
      [{ ...card('4000000000000002') }, 'PAYMENT_CARD_INVALID'],
      [{ ...card('4111111111111111'), year: 2020 }, 'PAYMENT_CARD_EXPIRED'],
      [{ ...card('4111111111111111'), name: 'Sara' }, 'PAYMENT_CARD_NAME_INVALID'],
      [{ ...card('4111111111111111'), cvc: '12' }, 'PAYMENT_CARD_CVC_INVALID'],
    ];
    for (const [body, code] of cases) {
      const res = await pay(shopper, { ...body, invoiceId: order.invoiceId });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code).toBe(code);
    }
    expect(await paymentStatus(order.given_id)).toBeUndefined();
  });

  it('refuses to charge for someone else’s order', async () => {
    const owner = await shopperWithCart(1);
    const order = await placeOrderOk(t, owner);
    const intruder = await createShopper(t.app.db);
    const res = await pay(intruder, { ...card('4111111111111111'), invoiceId: order.invoiceId });
    expect(res.statusCode).toBe(403);
    expect(await paymentStatus(order.given_id)).toBeUndefined();
  });

  it('a payment of the wrong amount is refused and voided; the order fails and gives its stock back', async () => {
    const shopper = await shopperWithCart(2);
    const before = await productState(t.app.db, product.id);
    const order = await placeOrderOk(t, shopper);
    // What a tampered payment page would do: ask the provider to charge 1 SAR.
    const payment: SandboxPayAnswer = (
      await pay(shopper, { ...card('4111111111111111'), invoiceId: order.invoiceId, amount: 100 })
    ).json();
    expect(payment.status).toBe('paid');
    const res = await verify(shopper, payment.id, 'en');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_AMOUNT_MISMATCH',
      message: 'The amount paid does not match the order total',
    });
    expect(await paymentStatus(payment.id)).toBe('voided');
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('failed');
    expect(await productState(t.app.db, product.id)).toEqual(before);
    expect(await cartOf(t.app.db, shopper.id)).toHaveLength(1);
    // Replayed, it stays refused and changes nothing.
    expect((await verify(shopper, payment.id)).json().code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect(await productState(t.app.db, product.id)).toEqual(before);
  });

  it('a callback replayed 10 times, some at once, pays exactly one order once', async () => {
    const shopper = await shopperWithCart(2);
    const before = await productState(t.app.db, product.id);
    const order = await placeOrderOk(t, shopper);
    const payment: SandboxPayAnswer = (
      await pay(shopper, { ...card('4111111111111111'), invoiceId: order.invoiceId })
    ).json();
    const paidBefore = await countOrders(t.app.db, 'paid');
    const first = await Promise.all(Array.from({ length: 5 }, () => verify(shopper, payment.id)));
    const rest = [];
    for (let i = 0; i < 5; i += 1) rest.push(await verify(shopper, payment.id));
    for (const res of [...first, ...rest]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().invoiceId).toBe(order.invoiceId);
    }
    expect(await countOrders(t.app.db, 'paid')).toBe(paidBefore + 1);
    expect(await productState(t.app.db, product.id)).toEqual({
      stock: before.stock - 2,
      unitsSold: before.unitsSold + 2,
    });
  });

  it('a webhook replayed 10 times pays exactly one order once; a wrong token gets 401', async () => {
    const shopper = await shopperWithCart(1);
    const before = await productState(t.app.db, product.id);
    const order = await placeOrderOk(t, shopper);
    const payment: SandboxPayAnswer = (
      await pay(shopper, { ...card('4111111111111111'), invoiceId: order.invoiceId })
    ).json();
    const event = {
      id: '6fb2a5ba-5f43-4a29-8f60-1c2b4f5c0a11',
      type: 'payment_paid',
      secret_token: WEBHOOK_SECRET,
      // The body's own payment data is never trusted: the payment is fetched again.
      data: { id: payment.id, status: 'paid', amount: 1, currency: 'SAR' },
    };
    for (const token of ['wrong', '', `${WEBHOOK_SECRET}x`]) {
      const wrong = await webhook({ ...event, secret_token: token });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('WEBHOOK_UNAUTHORIZED');
    }
    const { secret_token: _omitted, ...withoutToken } = event;
    expect((await webhook(withoutToken)).statusCode).toBe(401);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');

    const paidBefore = await countOrders(t.app.db, 'paid');
    const answers = [
      ...(await Promise.all(Array.from({ length: 5 }, () => webhook(event)))),
      ...(await Promise.all(Array.from({ length: 5 }, () => webhook(event)))),
    ];
    for (const res of answers) expect(res.json()).toEqual({ received: true });
    expect(await countOrders(t.app.db, 'paid')).toBe(paidBefore + 1);
    expect(await productState(t.app.db, product.id)).toEqual({
      stock: before.stock - 1,
      unitsSold: before.unitsSold + 1,
    });
    // The shopper's callback after the webhook is a replay too.
    expect((await verify(shopper, payment.id)).statusCode).toBe(200);
    expect(await countOrders(t.app.db, 'paid')).toBe(paidBefore + 1);
  });

  it('refuses a payment of another user’s order and changes nothing', async () => {
    const owner = await shopperWithCart(1);
    const order = await placeOrderOk(t, owner);
    const payment: SandboxPayAnswer = (
      await pay(owner, { ...card('4111111111111111'), invoiceId: order.invoiceId })
    ).json();
    const intruder = await shopperWithCart(1);
    const res = await verify(intruder, payment.id);
    expect(res.statusCode).toBe(403);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
    expect(await cartOf(t.app.db, intruder.id)).toHaveLength(1);
    expect((await verify(owner, payment.id)).statusCode).toBe(200);
  });

  it('a payment id pays only the order it was made for', async () => {
    const shopper = await shopperWithCart(1);
    const first = await placeOrderOk(t, shopper);
    const payment: SandboxPayAnswer = (
      await pay(shopper, { ...card('4111111111111111'), invoiceId: first.invoiceId })
    ).json();
    expect((await verify(shopper, payment.id)).statusCode).toBe(200);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const second = await placeOrderOk(t, shopper);
    // The callback of the second order replays the first payment's id.
    const res = await verify(shopper, payment.id);
    expect(res.json().invoiceId).toBe(first.invoiceId);
    expect((await orderRow(t.app.db, second.invoiceId)).status).toBe('awaiting_payment');
    expect(await cartOf(t.app.db, shopper.id)).toHaveLength(1);
  });

  it('answers 404 for a payment the provider does not know and 401 without a session', async () => {
    const shopper = await createShopper(t.app.db);
    const unknown = await verify(shopper, '2a7c3f7e-9d2b-4c1e-8f1a-0b9c8d7e6f5a');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PAYMENT_NOT_FOUND');
    const malformed = await verify(shopper, '../../v1/invoices');
    expect(malformed.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: apiPaths.verifyPayment.build({}),
      payload: { id: '2a7c3f7e-9d2b-4c1e-8f1a-0b9c8d7e6f5a' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('expiry releases the stock of an unpaid order; a paid but unverified order is settled instead', async () => {
    const scarce = await createProduct(t.app.db, { priceHalalas: 9_900, stock: 2 });
    const idle = await shopperWithCart(1, scarce.id);
    const idleOrder = await placeOrderOk(t, idle);
    const payer = await shopperWithCart(1, scarce.id);
    const payerOrder = await placeOrderOk(t, payer);
    await pay(payer, { ...card('4111111111111111'), invoiceId: payerOrder.invoiceId });
    expect(await productState(t.app.db, scarce.id)).toEqual({ stock: 0, unitsSold: 0 });

    // Before the expiry time nothing unpaid is touched.
    const early = await reconcilePayments(deps, { now: new Date(Date.now() + 5 * 60_000) });
    expect((await orderRow(t.app.db, idleOrder.invoiceId)).status).toBe('awaiting_payment');
    expect(early.paid).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t.app.db, payerOrder.invoiceId)).status).toBe('paid');

    const later = new Date(Date.now() + (t.config.orderPaymentTtlMinutes + 1) * 60_000);
    const summary = await reconcilePayments(deps, { now: later });
    expect(summary.expired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t.app.db, idleOrder.invoiceId)).status).toBe('expired');
    expect(await productState(t.app.db, scarce.id)).toEqual({ stock: 1, unitsSold: 1 });
    expect(await cartOf(t.app.db, idle.id)).toHaveLength(1);
    expect(await cartOf(t.app.db, payer.id)).toEqual([]);

    const tooLate = await pay(idle, { ...card('4111111111111111'), invoiceId: idleOrder.invoiceId });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe('ORDER_NOT_PAYABLE');
    // A second run finds nothing more to do.
    const again = await reconcilePayments(deps, { now: later });
    expect(again).toMatchObject({ paid: 0, expired: 0, failed: 0 });
  });

  it('shows the confirmed order on the orders tab with its totals', async () => {
    const shopper = await shopperWithCart(1);
    const order = await placeOrderOk(t, shopper);
    const payment: SandboxPayAnswer = (
      await pay(shopper, { ...card('4111111111111111'), invoiceId: order.invoiceId })
    ).json();
    await verify(shopper, payment.id);
    const list = await t.app.inject({
      method: 'GET',
      url: apiPaths.ordersByUser.build({ userId: shopper.id }),
      headers: shopper.headers,
    });
    const [shown] = list.json().invoices as Order[];
    expect(shown).toMatchObject({ invoiceId: order.invoiceId, status: 'paid' });
    expect(shown!.totals.total).toBe(order.amountSar);
    expect(shown!.zatca?.qrImage).toMatch(/^data:image\/png;base64,/);
  });
});

describe('concurrent checkouts for the last units', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('N shoppers racing for the last M units end with exactly M paid orders and no negative stock', async () => {
    const M = 3;
    const N = 12;
    const product = await createProduct(t.app.db, { stock: M, priceHalalas: 49_900 });
    const shoppers = await Promise.all(
      Array.from({ length: N }, async () => {
        const shopper = await createShopper(t.app.db);
        await putInCart(t.app.db, shopper.id, product.id, 1);
        return shopper;
      }),
    );
    const outcomes = await Promise.all(
      shoppers.map(async (shopper) => {
        const placed = await t.app.inject({
          method: 'POST',
          url: apiPaths.payInvoice.build({}),
          headers: shopper.headers,
          payload: { userId: shopper.id, invoiceUserAdress: 'Riyadh', products: [] },
        });
        if (placed.statusCode !== 201) return placed.json().code as string;
        const { invoiceId } = placed.json();
        const paid = await t.app.inject({
          method: 'POST',
          url: apiPaths.sandboxPay.build({}),
          headers: shopper.headers,
          payload: { ...card('4111111111111111'), invoiceId },
        });
        const verified = await t.app.inject({
          method: 'POST',
          url: apiPaths.verifyPayment.build({}),
          headers: shopper.headers,
          payload: { id: paid.json().id },
        });
        return verified.statusCode === 200 ? 'paid' : (verified.json().code as string);
      }),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(M);
    expect(outcomes.filter((o) => o === 'OUT_OF_STOCK')).toHaveLength(N - M);
    expect(await countOrders(t.app.db, 'paid')).toBe(M);
    expect(await productState(t.app.db, product.id)).toEqual({ stock: 0, unitsSold: M });
  });
});
