import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { createShopper, payOnSandbox, placeOrderOk, putInCart } from '../../test/shoppers.ts';
import { cardGateway } from './card-gateway.ts';
import { ProviderRejectedError, WebhookUnauthorisedError, type PaymentGateway } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';

const WEBHOOK_SECRET = 'whsec-card-0123456789';

describe('the card (its sandbox) behind the one gateway interface', () => {
  let t: TestContext;
  let product: ProductRow;
  let card: PaymentGateway;

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 25_000, stock: 100 });
    card = cardGateway(new SandboxProvider(t.app.db), () => WEBHOOK_SECRET);
  });
  afterAll(() => t.close());

  async function paidOrder(cardNumber?: string) {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order = await placeOrderOk(t, shopper);
    if (cardNumber) {
      // A refused card: the sandbox records it, verification answers 402 (payOnSandbox throws).
      await payOnSandbox(t, shopper, order, cardNumber).catch(() => undefined);
    } else await payOnSandbox(t, shopper, order);
    return order;
  }

  it('is made on the shop page (no redirect) and captured in full when paid', async () => {
    const order = await paidOrder();
    expect(await card.fetch(order.given_id)).toMatchObject({
      state: 'captured',
      amount: order.amount,
      captured: order.amount,
      orderId: order.invoiceId,
    });
    const session = await card.startCheckout({ order: { paymentGivenId: order.given_id } } as never);
    expect(session).toEqual({ outcome: 'created', paymentId: order.given_id, redirectUrl: null });
    await expect(card.capture(order.given_id, 100, 'x')).rejects.toBeInstanceOf(ProviderRejectedError);
  });

  it('refunds part then the rest, and a declined card is failed', async () => {
    const order = await paidOrder();
    expect(await card.refund(order.given_id, 5_000, 'r1')).toMatchObject({
      state: 'partially_refunded',
      refunded: 5_000,
    });
    expect(await card.refund(order.given_id, order.amount - 5_000, 'r2')).toMatchObject({
      state: 'refunded',
    });
    const declined = await paidOrder('5105105105105100');
    expect(await card.fetch(declined.given_id)).toMatchObject({ state: 'failed', captured: 0 });
  });

  it('closes (voids) a paid payment with nothing refunded', async () => {
    const order = await paidOrder();
    expect(await card.close(order.given_id)).toMatchObject({ state: 'voided' });
  });

  it("believes only a webhook whose body carries the shop's secret token", async () => {
    const event = { secret_token: WEBHOOK_SECRET, data: { id: 'pay-1' } };
    expect(await card.webhookPaymentId({ headers: {}, body: event })).toBe('pay-1');
    await expect(
      card.webhookPaymentId({ headers: {}, body: { ...event, secret_token: 'forged' } }),
    ).rejects.toThrow(WebhookUnauthorisedError);
  });
});
