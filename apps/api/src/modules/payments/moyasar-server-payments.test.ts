import { randomUUID } from 'node:crypto';
import { apiPaths, type PayInvoiceAnswer } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, savedCards } from './schema.ts';
import { saveCard } from './service.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderUnavailableError,
  toCardToken,
} from './provider.ts';
import { MoyasarProvider } from './moyasar.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import {
  cartOf,
  createShopper,
  orderRow,
  placeOrderOk,
  putInCart,
  stcPayCall,
  stcPayWrongCode,
  type Shopper,
} from '../../test/shoppers.ts';
import { paymentsAt, startFakeMoyasar, type FakeMoyasar } from '../../test/fake-moyasar.ts';

const SECRET_KEY = 'sk_test_9hQwLm3VxB7nR2c';

/**
 * The payments the shop's server makes at Moyasar (a saved card's token, STC Pay) through the
 * real app and the Moyasar adapter, against the local fake of Moyasar's REST API.
 */
describe('saved cards and STC Pay through the Moyasar adapter, against a fake of its REST API', () => {
  let fake: FakeMoyasar;
  let t: TestContext;
  let product: ProductRow;

  beforeAll(async () => {
    fake = await startFakeMoyasar(SECRET_KEY);
    t = await createTestApp(paymentsAt(fake, SECRET_KEY));
    product = await createProduct(t.app.db, { priceHalalas: 45_000, stock: 1_000 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function ordered(shopper?: Shopper): Promise<{ shopper: Shopper; order: PayInvoiceAnswer }> {
    const who = shopper ?? (await createShopper(t.app.db));
    await putInCart(t.app.db, who.id, product.id, 1);
    return { shopper: who, order: await placeOrderOk(t, who) };
  }

  function post(shopper: Shopper, path: string, payload: object, lang: 'ar' | 'en' = 'en') {
    return t.app.inject({ method: 'POST', url: `${path}?lang=${lang}`, headers: shopper.headers, payload });
  }

  /** A card the shopper saved earlier: its token at Moyasar, and the row the payments module keeps. */
  async function savedCard(shopper: Shopper, tokenId: string): Promise<string> {
    const token = fake.addToken({ id: tokenId, last_four: '4242', brand: 'visa' });
    await saveCard(t.app.db, shopper.id, 'moyasar', toCardToken(token));
    const [row] = await t.app.db.select().from(savedCards).where(eq(savedCards.token, tokenId));
    return row!.id;
  }

  function callsTo(path: string) {
    return fake.calls.filter((c) => c.path === path);
  }

  async function paymentRow(id: string) {
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, id));
    return row;
  }

  it('pays with a saved card: 3-D Secure sends the browser to the bank, and the verification after it pays the order', async () => {
    const { shopper, order } = await ordered();
    const cardId = await savedCard(shopper, 'token_sara_visa_4242');
    const res = await post(shopper, apiPaths.savedCardPay.build({}), { invoiceId: order.invoiceId, cardId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_BANK_CHECK',
      redirectTo: `${fake.bankPageUrl}/${order.given_id}`,
    });
    const [created] = callsTo('/v1/payments');
    expect(created).toMatchObject({
      method: 'POST',
      authorized: true,
      body: {
        given_id: order.given_id,
        amount: order.amount,
        currency: 'SAR',
        metadata: { order_id: order.invoiceId },
        source: { type: 'token', token: 'token_sara_visa_4242', '3ds': true },
      },
    });
    expect((created!.body as { callback_url: string }).callback_url).toMatch(/^http/);
    // Nothing is paid before the bank has answered.
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
    const early = await post(shopper, apiPaths.verifyPayment.build({}), { id: order.given_id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('PAYMENT_PENDING');

    fake.completeBankCheck(order.given_id);
    const verified = await post(shopper, apiPaths.verifyPayment.build({}), { id: order.given_id });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'paid',
      paymentId: order.given_id,
      paymentMethod: 'card',
    });
    expect(await paymentRow(order.given_id)).toMatchObject({
      provider: 'moyasar',
      sourceType: 'token',
      cardBrand: 'visa',
      cardLastFour: '4242',
    });
    expect(await cartOf(t.app.db, shopper.id)).toEqual([]);
    // Asked again, the order is already paid and Moyasar is asked for no second payment.
    const again = await post(shopper, apiPaths.savedCardPay.build({}), {
      invoiceId: order.invoiceId,
      cardId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_PAID');
    expect(callsTo('/v1/payments')).toHaveLength(1);
  });

  it('a payment asked for twice under one given_id is one payment at Moyasar', async () => {
    const { shopper, order } = await ordered();
    await savedCard(shopper, 'token_twice');
    const moyasar = new MoyasarProvider({ apiUrl: fake.url, secretKey: SECRET_KEY });
    const request = {
      givenId: order.given_id,
      amount: order.amount,
      description: 'order',
      callbackUrl: 'https://shop.example/orders',
      metadata: { order_id: order.invoiceId },
      source: { type: 'token' as const, token: 'token_twice' },
    };
    const first = await moyasar.createPayment(request);
    const second = await moyasar.createPayment(request);
    expect(second).toMatchObject({ id: first.id, status: 'initiated' });
    expect([...fake.payments.keys()].filter((id) => id === order.given_id)).toHaveLength(1);
  });

  it('the adapter: an Apple Pay token is paid at once; a token Moyasar does not hold is refused', async () => {
    const moyasar = new MoyasarProvider({ apiUrl: fake.url, secretKey: SECRET_KEY });
    const request = {
      givenId: randomUUID(),
      amount: 12_000,
      description: 'order',
      callbackUrl: 'https://shop.example/orders',
      metadata: { order_id: randomUUID() },
    };
    const paid = await moyasar.createPayment({
      ...request,
      source: { type: 'applepay', token: '{"paymentData":{}}' },
    });
    expect(paid).toMatchObject({ status: 'paid', source: { type: 'applepay', transactionUrl: null } });
    const refused = moyasar.createPayment({
      ...request,
      givenId: randomUUID(),
      source: { type: 'token', token: 'token_unknown' },
    });
    await expect(refused).rejects.toBeInstanceOf(ProviderRejectedError);
  });

  it('pays with STC Pay: the mobile, the page asks for the code, then the code pays the order with method stcpay', async () => {
    const { shopper, order } = await ordered();
    const started = await post(shopper, apiPaths.stcPayStart.build({}), {
      invoiceId: order.invoiceId,
      mobile: '+966 55 123 4567',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().code).toBe('STCPAY_OTP_SENT');
    const created = callsTo('/v1/payments').find(
      (c) => (c.body as { given_id: string }).given_id === order.given_id,
    );
    expect(created).toMatchObject({
      authorized: true,
      body: { amount: order.amount, source: { type: 'stcpay', mobile: '0551234567' } },
    });
    const page = await t.app.inject({
      url: `${apiPaths.orderById.build({ invoiceId: order.invoiceId })}?lang=en`,
      headers: shopper.headers,
    });
    expect(page.json().stcpayCodeSent).toBe(true);

    const confirmed = await post(shopper, apiPaths.stcPayConfirm.build({}), {
      invoiceId: order.invoiceId,
      otp: '123456',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().code).toBe('PAYMENT_COMPLETED');
    expect(callsTo(`/v1/stc_pays/${order.given_id}/proceed`)).toEqual([
      {
        method: 'POST',
        path: `/v1/stc_pays/${order.given_id}/proceed`,
        authorized: true,
        body: { otp_value: '123456' },
      },
    ]);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'stcpay',
    });
    expect(await paymentRow(order.given_id)).toMatchObject({ status: 'paid', sourceType: 'stcpay' });
  });

  it('a wrong STC Pay code is 400 at otp, in Arabic, and the payment keeps waiting for the right one', async () => {
    const { shopper, order } = await ordered();
    await stcPayWrongCode(t, shopper, order.invoiceId);
    expect(fake.payments.get(order.given_id)!.status).toBe('initiated');
    expect((await paymentRow(order.given_id))!.status).toBe('initiated');
    const right = await stcPayCall(t, shopper, 'confirm', { invoiceId: order.invoiceId, otp: '000000' });
    expect(right.statusCode, right.body).toBe(200);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('paid');
  });

  it('a code STC Pay timed out (Moyasar: "Connection timed out…") ends the order as expired, the cart kept', async () => {
    const { shopper, order } = await ordered();
    await post(shopper, apiPaths.stcPayStart.build({}), { invoiceId: order.invoiceId, mobile: '0551234567' });
    const late = await post(shopper, apiPaths.stcPayConfirm.build({}), {
      invoiceId: order.invoiceId,
      otp: '444444',
    });
    expect(late.statusCode).toBe(402);
    expect(late.json().code).toBe('STCPAY_OTP_EXPIRED');
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('failed');
    expect(await cartOf(t.app.db, shopper.id)).toHaveLength(1);
  });

  it('never sends the code, nor the secret key, to a transaction_url on another origin', async () => {
    const { shopper, order } = await ordered();
    await post(shopper, apiPaths.stcPayStart.build({}), { invoiceId: order.invoiceId, mobile: '0551234567' });
    const waiting = fake.payments.get(order.given_id)!;
    // A second fake stands for the other origin: it records whatever reaches it.
    const elsewhere = await startFakeMoyasar(SECRET_KEY);
    try {
      waiting.source = {
        ...waiting.source,
        transaction_url: `${elsewhere.url}/v1/stc_pays/${order.given_id}/proceed`,
      };
      const res = await post(shopper, apiPaths.stcPayConfirm.build({}), {
        invoiceId: order.invoiceId,
        otp: '123456',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect(elsewhere.calls).toEqual([]);
      expect(waiting.status).toBe('initiated');
      expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('awaiting_payment');
    } finally {
      await elsewhere.close();
    }
  });

  it('deleting a saved card deletes its token at Moyasar, with the secret key; the token is gone there', async () => {
    const { shopper } = await ordered();
    const cardId = await savedCard(shopper, 'token_to_forget');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.savedCard.build({ cardId })}?lang=en`,
      headers: shopper.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('SAVED_CARD_DELETED');
    expect(callsTo('/v1/tokens/token_to_forget')).toEqual([
      { method: 'DELETE', path: '/v1/tokens/token_to_forget', authorized: true, body: undefined },
    ]);
    expect(fake.tokens.has('token_to_forget')).toBe(false);
    expect(await t.app.db.select().from(savedCards).where(eq(savedCards.id, cardId))).toEqual([]);
  });

  it('the adapter: HTTP Basic with the secret key and an empty password; tokens fetched, deleted, 404 unknown', async () => {
    const token = fake.addToken({ id: 'token_adapter', month: '03', year: '2030' });
    const moyasar = new MoyasarProvider({ apiUrl: fake.url, secretKey: SECRET_KEY });
    expect(await moyasar.fetchToken(token.id)).toMatchObject({
      id: 'token_adapter',
      status: 'active',
      brand: 'mada',
      lastFour: '1010',
      month: 3,
      year: 2030,
    });
    await moyasar.deleteToken(token.id);
    await expect(moyasar.fetchToken(token.id)).rejects.toBeInstanceOf(ProviderNotFoundError);
    await expect(moyasar.deleteToken(token.id)).rejects.toBeInstanceOf(ProviderNotFoundError);
    // The fake counts a call as authorised only with `Basic base64("<secret key>:")`.
    expect(fake.calls.every((c) => c.authorized)).toBe(true);
    const wrongKey = new MoyasarProvider({ apiUrl: fake.url, secretKey: 'sk_test_wrong' });
    await expect(wrongKey.fetchToken('token_none')).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(fake.calls.at(-1)).toMatchObject({ path: '/v1/tokens/token_none', authorized: false });
  });
});
