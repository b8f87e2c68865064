import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderNotFoundError, WebhookUnauthorisedError, type CheckoutRequest } from './provider.ts';
import { TamaraClient } from './tamara.ts';
import { fakeRestApi, sampleCheckoutRequest, type SeenCall } from '../../test/fake-rest-api.ts';

const TOKEN = 'tamara-api-token-0123';
const NOTIFICATION_KEY = 'tamara-notification-key';

const request: CheckoutRequest = {
  ...sampleCheckoutRequest({ email: 'sara@example.com', phone: '+966544337866' }),
  notifyUrl: 'https://shop.test/n',
};

/** Tamara's order object as `GET /orders/{order_id}` answers it. */
function order(status: string, captured = 0, refunded = 0) {
  return {
    order_id: 'tam-1',
    order_reference_id: request.order.id,
    status,
    total_amount: { amount: 1299.5, currency: 'SAR' },
    captured_amount: { amount: captured, currency: 'SAR' },
    refunded_amount: { amount: refunded, currency: 'SAR' },
  };
}

describe("the Tamara client against a fake of Tamara's REST API", () => {
  let api: Awaited<ReturnType<typeof fakeRestApi>>;
  let client: TamaraClient;
  /** What the fake answers, by method and path. */
  let answers: Record<string, { status: number; body: unknown }>;
  let seen: SeenCall[];

  beforeAll(async () => {
    api = await fakeRestApi(
      (method, url) => answers[`${method} ${url}`] ?? { status: 404, body: { message: 'not found' } },
    );
    seen = api.seen;
    client = new TamaraClient({
      apiUrl: api.url,
      apiToken: () => TOKEN,
      notificationKey: () => NOTIFICATION_KEY,
    });
  });
  beforeEach(() => {
    seen.length = 0;
    answers = {};
  });
  afterAll(() => api.close());

  it('creates the checkout session: pay by instalments in 4, amounts in riyals, our order as reference', async () => {
    answers['POST /checkout'] = {
      status: 200,
      body: {
        order_id: 'tam-1',
        checkout_id: 'c-1',
        checkout_url: 'https://checkout.tamara.co/x',
        status: 'new',
      },
    };
    expect(await client.startCheckout(request)).toEqual({
      outcome: 'created',
      paymentId: 'tam-1',
      redirectUrl: 'https://checkout.tamara.co/x',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${TOKEN}`,
      body: {
        order_reference_id: request.order.id,
        payment_type: 'PAY_BY_INSTALMENTS',
        instalments: 4,
        locale: 'ar_SA',
        total_amount: { amount: 1299.5, currency: 'SAR' },
        tax_amount: { amount: 169.5, currency: 'SAR' },
        consumer: { first_name: 'Sara', last_name: 'Ali', phone_number: '+966544337866' },
        merchant_url: { success: 'https://shop.test/s', notification: 'https://shop.test/n' },
      },
    });
    // A 4xx on the session is Tamara saying no before its page: no error, a refusal.
    answers['POST /checkout'] = { status: 400, body: { message: 'Total amount is out of range' } };
    expect(await client.startCheckout(request)).toEqual({ outcome: 'rejected' });
  });

  it("maps Tamara's statuses to the shop's states, and authorises an approved order", async () => {
    answers['GET /orders/tam-1'] = { status: 200, body: order('approved') };
    expect(await client.fetch('tam-1')).toMatchObject({
      state: 'pending',
      awaitingMerchant: true,
      orderId: request.order.id,
      amount: 129_950,
    });
    answers['POST /orders/tam-1/authorise'] = {
      status: 200,
      body: { order_id: 'tam-1', status: 'authorised' },
    };
    answers['GET /orders/tam-1'] = { status: 200, body: order('authorised') };
    expect(await client.authorise('tam-1')).toMatchObject({ state: 'authorised', captured: 0 });
    for (const [status, captured, refunded, state] of [
      ['declined', 0, 0, 'failed'],
      ['expired', 0, 0, 'expired'],
      ['fully_captured', 1299.5, 0, 'captured'],
      ['partially_refunded', 1299.5, 100, 'partially_refunded'],
      ['fully_refunded', 1299.5, 1299.5, 'refunded'],
      ['canceled', 0, 0, 'voided'],
    ] as const) {
      answers['GET /orders/tam-1'] = { status: 200, body: order(status, captured, refunded) };
      expect((await client.fetch('tam-1')).state).toBe(state);
    }
    answers['GET /orders/gone'] = { status: 404, body: { message: 'Order not found' } };
    await expect(client.fetch('gone')).rejects.toBeInstanceOf(ProviderNotFoundError);
  });

  it('refunds with our reference as merchant_refund_id, and not again once Tamara lists it', async () => {
    answers['GET /orders/tam-1'] = { status: 200, body: order('fully_captured', 1299.5) };
    answers['POST /payments/simplified-refund/tam-1'] = { status: 200, body: { refund_id: 'r-1' } };
    await client.refund('tam-1', 10_000, 'refund-1');
    expect(seen.find((s) => s.method === 'POST')?.body).toEqual({
      total_amount: { amount: 100, currency: 'SAR' },
      comment: 'refund',
      merchant_refund_id: 'refund-1',
    });
    seen.length = 0;
    const listed = {
      ...order('partially_refunded', 1299.5, 100),
      transactions: { refunds: [{ merchant_refund_id: 'refund-1' }] },
    };
    answers['GET /orders/tam-1'] = { status: 200, body: listed };
    expect(await client.refund('tam-1', 10_000, 'refund-1')).toMatchObject({ refunded: 10_000 });
    expect(seen.map((s) => s.method)).toEqual(['GET']);
  });

  it('believes a notification only with a token signed with the notification key', async () => {
    const sign = (key: string) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(new TextEncoder().encode(key));
    const body = { order_id: 'tam-1', order_status: 'approved' };
    const good = await sign(NOTIFICATION_KEY);
    expect(await client.webhookPaymentId({ headers: {}, query: { tamaraToken: good }, body })).toBe('tam-1');
    expect(await client.webhookPaymentId({ headers: { authorization: `Bearer ${good}` }, body })).toBe(
      'tam-1',
    );
    const forged = await sign('another-key');
    await expect(
      client.webhookPaymentId({ headers: {}, query: { tamaraToken: forged }, body }),
    ).rejects.toBeInstanceOf(WebhookUnauthorisedError);
    await expect(client.webhookPaymentId({ headers: {}, body })).rejects.toBeInstanceOf(
      WebhookUnauthorisedError,
    );
  });
});
