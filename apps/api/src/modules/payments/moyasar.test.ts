import { randomUUID } from 'node:crypto';
import { apiPaths, type PayInvoiceAnswer } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import {
  cartOf,
  createShopper,
  orderRow,
  placeOrderOk,
  productState,
  putInCart,
  type Shopper,
} from '../../test/shoppers.ts';
import { choosePaymentProvider } from './choose-provider.ts';
import { paymentsAt, startFakeMoyasar, type FakeMoyasar, type FakePayment } from '../../test/fake-moyasar.ts';
import { MoyasarProvider } from './moyasar.ts';
import { ProviderNotFoundError, ProviderRejectedError, ProviderUnavailableError } from './provider.ts';
import { reconcilePayments } from '../../use-cases/checkout/reconcile.ts';
import type { PaymentDeps } from '../../use-cases/checkout/settle-payment.ts';

const SECRET_KEY = 'sk_test_5cRfXm4dGq8WzT1';
const WEBHOOK_SECRET = 'moyasar-webhook-secret';

describe('the Moyasar adapter against a fake of its REST API', () => {
  let fake: FakeMoyasar;
  let t: TestContext;
  let product: ProductRow;
  let deps: PaymentDeps;

  beforeAll(async () => {
    fake = await startFakeMoyasar(SECRET_KEY);
    t = await createTestApp({ ...paymentsAt(fake, SECRET_KEY), MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET });
    product = await createProduct(t.app.db, { priceHalalas: 30_000, stock: 1_000 });
    deps = {
      db: t.app.db,
      provider: choosePaymentProvider(t.config, t.app.db, t.app.paymentKeys),
      messages: t.app.shop.messages,
      log: t.app.log,
      changes: t.app.changes,
      config: t.config,
    };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function checkout(
    count = 1,
    productId = product.id,
  ): Promise<{ shopper: Shopper; order: PayInvoiceAnswer }> {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, productId, count);
    return { shopper, order: await placeOrderOk(t, shopper) };
  }

  /** What Moyasar's form would have created for the order (id = the given_id, as Moyasar does). */
  function providerPayment(order: PayInvoiceAnswer, overrides: Partial<FakePayment> = {}): FakePayment {
    const payment: FakePayment = {
      id: order.given_id,
      status: 'paid',
      amount: order.amount,
      currency: 'SAR',
      metadata: { order_id: order.invoiceId },
      ...overrides,
    };
    fake.add(payment);
    return payment;
  }

  it('uses Tabby’s and Tamara’s APIs and no simulator when payments are real, offering them only with their keys', async () => {
    expect([t.app.tabby?.name, t.app.tamara?.name]).toEqual(['tabby', 'tamara']);
    const settings = await t.app.inject({ url: `${apiPaths.settings.build({})}?lang=en` });
    expect(settings.json().data.paymentMethods).toEqual(['card', 'applepay', 'stcpay']);
    for (const page of [apiPaths.tabbySandboxPage, apiPaths.tamaraSandboxPage]) {
      const res = await t.app.inject({ method: 'GET', url: page.build({ paymentId: randomUUID() }) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_SANDBOX_DISABLED' });
    }
  });

  function verify(shopper: Shopper, id: string, lang: 'ar' | 'en' = 'en') {
    return t.app.inject({
      method: 'POST',
      url: `${apiPaths.verifyPayment.build({})}?lang=${lang}`,
      headers: shopper.headers,
      payload: { id },
    });
  }

  async function storedPayment(id: string) {
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, id));
    return row;
  }

  it("answers what Moyasar's form needs and refuses the sandbox", async () => {
    const { shopper, order } = await checkout();
    expect(order.payment).toMatchObject({
      provider: 'moyasar',
      sandbox: false,
      publishableKey: 'pk_test_publishable',
      amount: order.amount,
      currency: 'SAR',
      given_id: order.given_id,
      methods: ['creditcard'],
      tabby: false,
      tamara: false,
      metadata: { order_id: order.invoiceId },
    });
    const sandbox = await t.app.inject({
      method: 'POST',
      url: apiPaths.sandboxPay.build({}),
      headers: shopper.headers,
      payload: {
        invoiceId: order.invoiceId,
        number: '4111111111111111',
        name: 'A B',
        month: 1,
        year: 2099,
        cvc: '123',
      },
    });
    expect(sandbox.statusCode).toBe(404);
    expect(sandbox.json().code).toBe('PAYMENT_SANDBOX_DISABLED');
  });

  it('accepts a paid payment of the right amount, fetched with HTTP Basic and the secret key', async () => {
    const { shopper, order } = await checkout(2);
    const payment = providerPayment(order);
    const res = await verify(shopper, payment.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invoiceId: order.invoiceId, status: 'paid' });
    expect(fake.calls.at(-1)).toEqual({
      method: 'GET',
      path: `/v1/payments/${payment.id}`,
      authorized: true,
      body: undefined,
    });
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('paid');
    expect(await cartOf(t.app.db, shopper.id)).toEqual([]);
    expect(await storedPayment(payment.id)).toMatchObject({
      provider: 'moyasar',
      status: 'paid',
      amountHalalas: order.amount,
      message: 'APPROVED',
    });
  });

  it('treats a captured payment (paid after a manual capture) as paid', async () => {
    const { shopper, order } = await checkout();
    const payment = providerPayment(order, { status: 'captured' });
    expect((await verify(shopper, payment.id)).statusCode).toBe(200);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('paid');
  });

  it('a failed payment fails the order, keeps the cart and releases the stock', async () => {
    const before = await productState(t.app.db, product.id);
    const { shopper, order } = await checkout(2);
    const payment = providerPayment(order, { status: 'failed', message: 'INSUFFICIENT FUNDS' });
    const res = await verify(shopper, payment.id, 'ar');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      code: 'PAYMENT_INSUFFICIENT_FUNDS',
      message: 'الرصيد غير كافٍ لإتمام عملية الدفع',
    });
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('failed');
    expect(await productState(t.app.db, product.id)).toEqual(before);
    expect(await cartOf(t.app.db, shopper.id)).toHaveLength(1);
  });

  it('voids a paid payment of the wrong amount, or refunds it once settled', async () => {
    const before = await productState(t.app.db, product.id);
    const first = await checkout();
    const short = providerPayment(first.order, { amount: 100 });
    const res = await verify(first.shopper, short.id);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect(fake.payments.get(short.id)!.status).toBe('voided');
    expect((await storedPayment(short.id))!.status).toBe('voided');
    expect((await orderRow(t.app.db, first.order.invoiceId)).status).toBe('failed');

    const second = await checkout();
    const settled = providerPayment(second.order, { amount: second.order.amount + 1, settled: true });
    expect((await verify(second.shopper, settled.id)).json().code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect(fake.payments.get(settled.id)).toMatchObject({ status: 'refunded', refunded: settled.amount });
    expect(fake.calls.filter((c) => c.path === `/v1/payments/${settled.id}/refund`)).toEqual([
      {
        method: 'POST',
        path: `/v1/payments/${settled.id}/refund`,
        authorized: true,
        body: { amount: settled.amount },
      },
    ]);
    expect(await productState(t.app.db, product.id)).toEqual(before);
  });

  it('voids a paid payment in another currency', async () => {
    const { shopper, order } = await checkout();
    const dollars = providerPayment(order, { currency: 'USD' });
    const res = await verify(shopper, dollars.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      code: 'PAYMENT_CURRENCY_MISMATCH',
      message: 'The payment was not made in Saudi riyals',
    });
    expect(fake.payments.get(dollars.id)!.status).toBe('voided');
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('failed');
  });

  it('refunds a second payment of an order that is already paid', async () => {
    const before = await productState(t.app.db, product.id);
    const { shopper, order } = await checkout();
    const first = providerPayment(order);
    expect((await verify(shopper, first.id)).statusCode).toBe(200);
    const second = providerPayment(order, { id: randomUUID() });
    const res = await verify(shopper, second.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ORDER_ALREADY_PAID');
    expect(fake.payments.get(second.id)!.status).toBe('voided');
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({ status: 'paid', paymentId: first.id });
    expect(await productState(t.app.db, product.id)).toEqual({
      stock: before.stock - 1,
      unitsSold: before.unitsSold + 1,
    });
  });

  it('with the network down the order keeps waiting, then reconciliation settles it', async () => {
    const { shopper, order } = await checkout();
    const payment = providerPayment(order);
    fake.down = true;
    try {
      const res = await verify(shopper, payment.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      // Even past its expiry time an order is not given up while the provider cannot be asked.
      const past = new Date(Date.now() + (t.config.orderPaymentTtlMinutes + 5) * 60_000);
      const summary = await reconcilePayments(deps, { now: past });
      expect(summary.unreachable).toBeGreaterThanOrEqual(1);
      expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
      expect(await cartOf(t.app.db, shopper.id)).toHaveLength(1);
    } finally {
      fake.down = false;
    }
    const summary = await reconcilePayments(deps, { now: new Date(Date.now() + 2 * 60_000) });
    expect(summary.paid).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('paid');
    expect(await cartOf(t.app.db, shopper.id)).toEqual([]);
    expect((await verify(shopper, payment.id)).statusCode).toBe(200);
  });

  it('with Moyasar answering 502 the order stays payable, then the webhook settles it', async () => {
    const { shopper, order } = await checkout();
    const payment = providerPayment(order);
    fake.failWith = 502;
    try {
      const res = await verify(shopper, payment.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
      expect(await cartOf(t.app.db, shopper.id)).toHaveLength(1);
    } finally {
      fake.failWith = undefined;
    }
    const hook = await t.app.inject({
      method: 'POST',
      url: apiPaths.moyasarWebhook.build({}),
      payload: { secret_token: WEBHOOK_SECRET, type: 'payment_paid', data: { id: payment.id } },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('paid');
  });

  it('the adapter gives up on a provider slower than its timeout, as on one it cannot reach', async () => {
    const id = randomUUID();
    fake.add({ id, status: 'paid', amount: 1000, currency: 'SAR', metadata: {} });
    const impatient = new MoyasarProvider({ apiUrl: fake.url, secretKey: SECRET_KEY, timeoutMs: 200 });
    fake.delayMs = 1_000;
    try {
      await expect(impatient.fetchPayment(id)).rejects.toBeInstanceOf(ProviderUnavailableError);
    } finally {
      fake.delayMs = 0;
    }
    expect(await impatient.fetchPayment(id)).toMatchObject({ id, status: 'paid' });
  });

  it('expires an order Moyasar has no payment for, and a late payment takes the stock again if it is there', async () => {
    const scarce = await createProduct(t.app.db, { priceHalalas: 12_000, stock: 1 });
    const late = await checkout(1, scarce.id);
    const past = new Date(Date.now() + (t.config.orderPaymentTtlMinutes + 1) * 60_000);
    await reconcilePayments(deps, { now: past });
    expect((await orderRow(t.app.db, late.order.invoiceId)).status).toBe('expired');
    expect((await productState(t.app.db, scarce.id)).stock).toBe(1);

    const payment = providerPayment(late.order);
    const webhook = await t.app.inject({
      method: 'POST',
      url: apiPaths.moyasarWebhook.build({}),
      payload: { type: 'payment_paid', secret_token: WEBHOOK_SECRET, data: { id: payment.id } },
    });
    expect(webhook.statusCode).toBe(200);
    expect((await orderRow(t.app.db, late.order.invoiceId)).status).toBe('paid');
    expect(await productState(t.app.db, scarce.id)).toEqual({ stock: 0, unitsSold: 1 });
  });

  it('refunds a late payment when the stock was sold in the meantime', async () => {
    const scarce = await createProduct(t.app.db, { priceHalalas: 12_000, stock: 1 });
    const late = await checkout(1, scarce.id);
    const past = new Date(Date.now() + (t.config.orderPaymentTtlMinutes + 1) * 60_000);
    await reconcilePayments(deps, { now: past });
    const quick = await checkout(1, scarce.id);
    expect((await verify(quick.shopper, providerPayment(quick.order).id)).statusCode).toBe(200);

    const payment = providerPayment(late.order);
    const res = await verify(late.shopper, payment.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ORDER_EXPIRED_REFUNDED');
    expect(fake.payments.get(payment.id)!.status).toBe('voided');
    expect((await orderRow(t.app.db, late.order.invoiceId)).status).toBe('expired');
    expect(await productState(t.app.db, scarce.id)).toEqual({ stock: 0, unitsSold: 1 });
  });

  it('retries a refund that could not reach Moyasar', async () => {
    const { shopper, order } = await checkout();
    const short = providerPayment(order, { amount: 500 });
    fake.writesDown = true;
    try {
      expect((await verify(shopper, short.id)).json().code).toBe('PAYMENT_AMOUNT_MISMATCH');
      expect(fake.payments.get(short.id)!.status).toBe('paid');
    } finally {
      fake.writesDown = false;
    }
    const summary = await reconcilePayments(deps, { now: new Date(Date.now() + 2 * 60_000) });
    expect(summary.stray).toBeGreaterThanOrEqual(1);
    expect(fake.payments.get(short.id)!.status).toBe('voided');
    expect((await storedPayment(short.id))!.status).toBe('voided');
  });

  it('the webhook checks its token and asks Moyasar to retry while Moyasar cannot be reached', async () => {
    const { order } = await checkout();
    const payment = providerPayment(order);
    const event = { type: 'payment_paid', secret_token: WEBHOOK_SECRET, data: { id: payment.id } };
    const url = apiPaths.moyasarWebhook.build({});
    const wrong = await t.app.inject({ method: 'POST', url, payload: { ...event, secret_token: 'guess' } });
    expect(wrong.statusCode).toBe(401);
    fake.down = true;
    try {
      expect((await t.app.inject({ method: 'POST', url, payload: event })).statusCode).toBe(503);
    } finally {
      fake.down = false;
    }
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
    expect((await t.app.inject({ method: 'POST', url, payload: event })).statusCode).toBe(200);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('paid');
  });

  it('the adapter: 401 on a wrong key, 404 as not found, refused voids as rejections', async () => {
    const id = randomUUID();
    fake.add({ id, status: 'failed', amount: 1000, currency: 'SAR', metadata: {} });
    const wrongKey = new MoyasarProvider({ apiUrl: fake.url, secretKey: 'sk_test_wrong' });
    await expect(wrongKey.fetchPayment(id)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(fake.calls.at(-1)).toMatchObject({ path: `/v1/payments/${id}`, authorized: false });

    const moyasar = new MoyasarProvider({ apiUrl: fake.url, secretKey: SECRET_KEY });
    await expect(moyasar.fetchPayment(randomUUID())).rejects.toBeInstanceOf(ProviderNotFoundError);
    await expect(moyasar.voidPayment(id)).rejects.toBeInstanceOf(ProviderRejectedError);
    expect(await moyasar.fetchPayment(id)).toMatchObject({ id, status: 'failed', message: 'DECLINED' });

    const unreachable = new MoyasarProvider({ apiUrl: 'http://127.0.0.1:9', secretKey: SECRET_KEY });
    await expect(unreachable.fetchPayment(id)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
