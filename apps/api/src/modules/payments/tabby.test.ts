import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderNotFoundError, ProviderRejectedError, ProviderUnavailableError } from './provider.ts';
import { TabbyClient } from './tabby.ts';
import { fakeRestApi, sampleCheckoutRequest, type SeenCall } from '../../test/fake-rest-api.ts';

const SECRET = 'sk_test_tabby_0123';

/** What the fake answers next, and what it was asked. */
interface Exchange {
  status: number;
  body: unknown;
}

const request = sampleCheckoutRequest({ email: 'otp.success@tabby.ai', phone: '+966500000001' });

describe("the Tabby client against a fake of Tabby's REST API", () => {
  let api: Awaited<ReturnType<typeof fakeRestApi>>;
  let client: TabbyClient;
  let next: Exchange;
  let seen: SeenCall[];

  beforeAll(async () => {
    api = await fakeRestApi(() => next);
    seen = api.seen;
    client = new TabbyClient({
      apiUrl: api.url,
      secretKey: () => SECRET,
      merchantCode: () => 'shop_sa',
      webhookSecret: () => undefined,
    });
  });
  beforeEach(() => {
    seen.length = 0;
  });
  afterAll(() => api.close());

  it("sends the order as Tabby's session payload and answers its hosted page", async () => {
    next = {
      status: 200,
      body: {
        id: 'sess-1',
        status: 'created',
        payment: { id: 'pay-1', status: 'CREATED', amount: '1299.50', currency: 'SAR' },
        configuration: { available_products: { installments: [{ web_url: 'https://checkout.tabby.sa/x' }] } },
      },
    };
    expect(await client.startCheckout(request)).toEqual({
      outcome: 'created',
      paymentId: 'pay-1',
      redirectUrl: 'https://checkout.tabby.sa/x',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v2/checkout',
      authorization: `Bearer ${SECRET}`,
    });
    expect(seen[0]!.body).toMatchObject({
      lang: 'ar',
      merchant_code: 'shop_sa',
      merchant_urls: request.returnUrls,
      payment: {
        amount: '1299.50',
        currency: 'SAR',
        buyer: request.order.buyer,
        meta: { order_id: request.order.id },
        order: {
          reference_id: '10042',
          shipping_amount: '25.00',
          tax_amount: '169.50',
          items: [{ reference_id: 'IPH-15-128', quantity: 1, unit_price: '1274.50' }],
        },
      },
    });
  });

  it('answers a pre-scoring rejection (a 200 with status "rejected") as a refusal', async () => {
    next = { status: 200, body: { id: 'sess-2', status: 'rejected', payment: { id: 'pay-2' } } };
    expect(await client.startCheckout(request)).toEqual({ outcome: 'rejected' });
  });

  it('reads a partly captured payment and sends captures and refunds with our reference id', async () => {
    const payment = {
      id: 'pay-3',
      status: 'AUTHORIZED',
      amount: '1299.50',
      currency: 'SAR',
      meta: { order_id: request.order.id },
      captures: [{ id: 'c1', amount: '600.00', reference_id: 'ship-1' }],
      refunds: [],
    };
    next = { status: 200, body: payment };
    expect(await client.capture('pay-3', 60_000, 'ship-1')).toMatchObject({
      state: 'authorised',
      amount: 129_950,
      captured: 60_000,
      orderId: request.order.id,
    });
    expect(seen[0]).toMatchObject({
      url: '/api/v2/payments/pay-3/captures',
      body: { amount: '600.00', reference_id: 'ship-1' },
    });
    next = {
      status: 200,
      body: { ...payment, status: 'CLOSED', refunds: [{ amount: '100.00', reference_id: 'r-1' }] },
    };
    expect(await client.refund('pay-3', 10_000, 'r-1')).toMatchObject({
      state: 'partially_refunded',
      refunded: 10_000,
    });
    expect(seen[1]).toMatchObject({
      url: '/api/v2/payments/pay-3/refunds',
      body: { amount: '100.00', reference_id: 'r-1' },
    });
    await client.close('pay-3');
    expect(seen[2]).toMatchObject({ method: 'POST', url: '/api/v2/payments/pay-3/close' });
  });

  it('tells an unknown payment, a refusal and an unreachable Tabby apart', async () => {
    next = { status: 404, body: { status: 'error', errorType: 'not_found' } };
    await expect(client.fetch('nope')).rejects.toBeInstanceOf(ProviderNotFoundError);
    next = { status: 400, body: { status: 'error', errorType: 'bad_data', error: 'amount too big' } };
    await expect(client.capture('pay-3', 1, 'x')).rejects.toEqual(
      new ProviderRejectedError(400, 'amount too big'),
    );
    for (const status of [401, 403, 500]) {
      next = { status, body: { status: 'error' } };
      await expect(client.fetch('pay-3')).rejects.toBeInstanceOf(ProviderUnavailableError);
    }
    next = { status: 200, body: { id: 'pay-3', status: 'SOMETHING', amount: '1', currency: 'SAR' } };
    await expect(client.fetch('pay-3')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
