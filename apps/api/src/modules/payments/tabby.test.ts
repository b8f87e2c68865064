import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type CheckoutRequest,
} from './provider.ts';
import { TabbyClient } from './tabby.ts';

const SECRET = 'sk_test_tabby_0123';

/** What the fake answers next, and what it was asked. */
interface Exchange {
  status: number;
  body: unknown;
}

const request: CheckoutRequest = {
  order: {
    id: '5f3c1b2a-0d4e-4f6a-8b7c-9d0e1f2a3b4c',
    number: 10_042,
    paymentGivenId: '0f1e2d3c-4b5a-4968-8776-655443322110',
    totalHalalas: 129_950,
    shippingHalalas: 2_500,
    discountHalalas: 0,
    vatHalalas: 16_950,
    lines: [{ sku: 'IPH-15-128', title: 'آيفون 15', quantity: 1, unitPriceHalalas: 127_450 }],
    buyer: { name: 'Sara Ali', email: 'otp.success@tabby.ai', phone: '+966500000001' },
    shipping: { city: 'الرياض', address: 'حي العليا', zip: '12211' },
  },
  lang: 'ar',
  returnUrls: {
    success: 'https://shop.test/s',
    cancel: 'https://shop.test/c',
    failure: 'https://shop.test/f',
  },
};

describe("the Tabby client against a fake of Tabby's REST API", () => {
  let server: Server;
  let client: TabbyClient;
  let next: Exchange;
  let seen: { method: string; url: string; authorization: string; body: unknown }[];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization ?? '',
          body: data ? JSON.parse(data) : null,
        });
        res.writeHead(next.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(next.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = new TabbyClient({
      apiUrl: `http://127.0.0.1:${port}`,
      secretKey: () => SECRET,
      merchantCode: () => 'shop_sa',
      webhookSecret: () => undefined,
    });
  });
  beforeEach(() => {
    seen = [];
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
