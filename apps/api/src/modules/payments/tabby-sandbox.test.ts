import { apiPaths, tabbyInstalments } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { createShopper, placeOrderOk, putInCart } from '../../test/shoppers.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  WebhookUnauthorisedError,
  type CheckoutRequest,
} from './provider.ts';
import { SIMULATED_SESSION_MINUTES, TABBY_TEST_BUYERS, TabbySimulator } from './tabby-sandbox.ts';
import { TABBY_WEBHOOK_HEADER } from './tabby.ts';

const WEBHOOK_SECRET = 'tabby-webhook-secret-0123';

describe('the Tabby simulator behaves as Tabby documents its payments', () => {
  let t: TestContext;
  let product: ProductRow;
  let clock = new Date();
  let tabby: TabbySimulator;

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 100_000, stock: 1_000 });
    tabby = new TabbySimulator(t.app.db, {
      pageUrl: (id, lang) => `http://shop.test/api/payments/tabby-sandbox/${id}?lang=${lang}`,
      webhookSecret: () => WEBHOOK_SECRET,
      now: () => clock,
    });
  });
  afterAll(() => t.close());

  /** A real order of the shop (one unit at 1,000 SAR plus shipping) told to Tabby. */
  async function request(buyer: Partial<CheckoutRequest['order']['buyer']> = {}): Promise<CheckoutRequest> {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order = await placeOrderOk(t, shopper);
    return {
      order: {
        id: order.invoiceId,
        number: 10_001,
        paymentGivenId: order.given_id,
        totalHalalas: order.amount,
        shippingHalalas: 0,
        discountHalalas: 0,
        vatHalalas: Math.round((order.amount * 15) / 115),
        lines: [{ sku: 'SKU-1', title: 'هاتف', quantity: 1, unitPriceHalalas: order.amount }],
        buyer: {
          name: 'Sara Ali',
          email: TABBY_TEST_BUYERS.approvedEmail,
          phone: TABBY_TEST_BUYERS.approvedPhone,
          ...buyer,
        },
        shipping: { city: 'Riyadh', address: 'Olaya', zip: '12211' },
      },
      lang: 'ar',
      returnUrls: {
        success: 'http://shop.test/ok',
        cancel: 'http://shop.test/cancel',
        failure: 'http://shop.test/no',
      },
    };
  }

  async function authorised() {
    const req = await request();
    const session = await tabby.startCheckout(req);
    if (session.outcome !== 'created') throw new Error('session refused');
    await tabby.decide(session.paymentId, 'approve');
    return { req, id: session.paymentId };
  }

  it('creates a session with its own page, pending until the shopper approves, then authorised', async () => {
    const req = await request();
    const session = await tabby.startCheckout(req);
    expect(session).toMatchObject({ outcome: 'created' });
    if (session.outcome !== 'created') return;
    expect(session.redirectUrl).toBe(
      `http://shop.test/api/payments/tabby-sandbox/${session.paymentId}?lang=ar`,
    );
    expect(await tabby.fetch(session.paymentId)).toMatchObject({
      state: 'pending',
      amount: req.order.totalHalalas,
      orderId: req.order.id,
      currency: 'SAR',
    });
    const after = await tabby.decide(session.paymentId, 'approve');
    expect(after).toMatchObject({ state: 'authorised', captured: 0 });
    // A second answer (a reload of the page) changes nothing.
    expect(await tabby.decide(session.paymentId, 'cancel')).toMatchObject({ state: 'authorised' });
  });

  it("refuses Tabby's pre-scoring test phone, and a total outside Tabby's limits, before any page", async () => {
    expect(
      await tabby.startCheckout(await request({ phone: TABBY_TEST_BUYERS.preScoringRejectedPhone })),
    ).toEqual({
      outcome: 'rejected',
    });
    const tooSmall = await request();
    tooSmall.order.totalHalalas = 999;
    expect(await tabby.startCheckout(tooSmall)).toEqual({ outcome: 'rejected' });
  });

  it("rejects Tabby's rejected test buyer on the page; a cancelled or abandoned session expires", async () => {
    const rejected = await tabby.startCheckout(await request({ email: TABBY_TEST_BUYERS.rejectedEmail }));
    if (rejected.outcome !== 'created') throw new Error('session refused');
    expect(await tabby.decide(rejected.paymentId, 'approve')).toMatchObject({ state: 'failed' });

    const cancelled = await tabby.startCheckout(await request());
    if (cancelled.outcome !== 'created') throw new Error('session refused');
    expect(await tabby.decide(cancelled.paymentId, 'cancel')).toMatchObject({ state: 'expired' });

    const abandoned = await tabby.startCheckout(await request());
    if (abandoned.outcome !== 'created') throw new Error('session refused');
    clock = new Date(clock.getTime() + SIMULATED_SESSION_MINUTES * 60_000);
    try {
      expect(await tabby.fetch(abandoned.paymentId)).toMatchObject({ state: 'expired' });
      // Too late to approve: it stays expired.
      expect(await tabby.decide(abandoned.paymentId, 'approve')).toMatchObject({ state: 'expired' });
    } finally {
      clock = new Date();
    }
  });

  it('captures in full once (the same reference again takes nothing more) and then refunds what was captured', async () => {
    const { req, id } = await authorised();
    const total = req.order.totalHalalas;
    const captured = await tabby.capture(id, total, 'ship-1');
    expect(captured).toMatchObject({ state: 'captured', captured: total, status: 'closed' });
    expect(await tabby.capture(id, total, 'ship-1')).toMatchObject({ captured: total });
    await expect(tabby.capture(id, total, 'ship-2')).rejects.toBeInstanceOf(ProviderRejectedError);

    await expect(tabby.refund(id, total + 1, 'refund-1')).rejects.toThrow('MORE_THAN_CAPTURED');
    expect(await tabby.refund(id, 10_000, 'refund-1')).toMatchObject({
      state: 'partially_refunded',
      refunded: 10_000,
    });
    expect(await tabby.refund(id, 10_000, 'refund-1')).toMatchObject({ refunded: 10_000 });
    await expect(tabby.refund(id, 20_000, 'refund-1')).rejects.toThrow('another amount');
    expect(await tabby.refund(id, total - 10_000, 'refund-2')).toMatchObject({
      state: 'refunded',
      refunded: total,
    });
  });

  it('captures part, refuses a refund until the rest is closed, closes the rest, refunds at most the part', async () => {
    const { req, id } = await authorised();
    const part = 60_000;
    expect(await tabby.capture(id, part, 'ship-part')).toMatchObject({ state: 'authorised', captured: part });
    await expect(tabby.capture(id, req.order.totalHalalas, 'ship-more')).rejects.toThrow(
      'MORE_THAN_AUTHORISED',
    );
    await expect(tabby.refund(id, 1_000, 'early')).rejects.toThrow('NOTHING_CAPTURED');
    expect(await tabby.close(id)).toMatchObject({ state: 'captured', captured: part, status: 'closed' });
    await expect(tabby.close(id)).rejects.toThrow('NOT_AUTHORISED');
    await expect(tabby.refund(id, part + 1, 'too-much')).rejects.toThrow('MORE_THAN_CAPTURED');
    expect(await tabby.refund(id, part, 'all')).toMatchObject({ state: 'refunded' });
  });

  it('closes an order only authorised: voided, nothing to refund', async () => {
    const { id } = await authorised();
    expect(await tabby.close(id)).toMatchObject({ state: 'voided', captured: 0 });
    await expect(tabby.refund(id, 1_000, 'r')).rejects.toThrow('NOTHING_CAPTURED');
  });

  it('gives two captures at once of the last authorised amount to one of them', async () => {
    const { req, id } = await authorised();
    const results = await Promise.allSettled([
      tabby.capture(id, req.order.totalHalalas, 'a'),
      tabby.capture(id, req.order.totalHalalas, 'b'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await tabby.fetch(id)).toMatchObject({ captured: req.order.totalHalalas });
  });

  it('knows only its own payments, and believes only webhooks carrying the shop header', async () => {
    await expect(tabby.fetch('8c5f0d8e-5a4d-4d1f-9b1e-2d1c3b4a5f60')).rejects.toBeInstanceOf(
      ProviderNotFoundError,
    );
    const body = { id: 'p-1', status: 'authorized' };
    const hook = (headers: Record<string, string>) => tabby.webhookPaymentId({ headers, body });
    expect(await hook({ [TABBY_WEBHOOK_HEADER]: WEBHOOK_SECRET })).toBe('p-1');
    await expect(hook({ [TABBY_WEBHOOK_HEADER]: 'forged' })).rejects.toThrow(WebhookUnauthorisedError);
    await expect(hook({})).rejects.toThrow(WebhookUnauthorisedError);
  });

  describe("its hosted page, the shop's stand-in for Tabby's", () => {
    /** A session of the app's own simulator (the one the shop uses while payments are simulated). */
    async function session(buyer: Partial<CheckoutRequest['order']['buyer']> = {}) {
      const req = await request(buyer);
      req.returnUrls = {
        success: '/en/payment/tabby?r=ok',
        cancel: '/en/payment/tabby?r=cancel',
        failure: '/en/payment/tabby?r=no',
      };
      const started = await t.app.tabby!.startCheckout(req);
      if (started.outcome !== 'created') throw new Error('session refused');
      return { req, ...started };
    }
    const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const answer = (id: string, value: string) =>
      t.app.inject({
        method: 'POST',
        url: `${apiPaths.tabbySandboxPage.build({ paymentId: id })}?lang=en`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `answer=${value}`,
      });

    it('shows the plan of four payments in Arabic (right to left) and English, with approve and cancel', async () => {
      const { paymentId, redirectUrl, req } = await session();
      expect(redirectUrl).toBe(`/api/payments/tabby-sandbox/${paymentId}?lang=ar`);
      const ar = await page(redirectUrl!);
      expect(ar.statusCode).toBe(200);
      expect(ar.headers['content-security-policy']).toContain("default-src 'none'");
      expect(ar.body).toContain('<html lang="ar" dir="rtl">');
      expect(ar.body).toContain('موافقة والدفع');
      // Equal shares with the remainder on the first, written as the shopper reads riyals.
      const [first, ...rest] = tabbyInstalments(req.order.totalHalalas).map((h) =>
        (h / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      );
      const en = await page(`/api/payments/tabby-sandbox/${paymentId}?lang=en`);
      expect(en.body).toContain('<html lang="en" dir="ltr">');
      expect(en.body).toContain('Approve and pay');
      expect(en.body).toContain(first);
      expect(en.body.split(rest[0]!).length - 1).toBe(first === rest[0] ? 4 : 3);
      expect(ar.body.split(rest[0]!).length - 1).toBe(first === rest[0] ? 4 : 3);
    });

    it('sends the shopper back as Tabby does: approved to success, cancelled to cancel, rejected to failure', async () => {
      const approved = await session();
      const res = await answer(approved.paymentId, 'approve');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/en/payment/tabby?r=ok&payment_id=${approved.paymentId}`);
      expect(await t.app.tabby!.fetch(approved.paymentId)).toMatchObject({ state: 'authorised' });
      // Once decided, the page offers only the way back.
      const after = await page(`/api/payments/tabby-sandbox/${approved.paymentId}?lang=en`);
      expect(after.body).not.toContain('Approve and pay');
      expect(after.body).toContain('Return to the shop');

      const cancelled = await session();
      expect((await answer(cancelled.paymentId, 'cancel')).headers.location).toBe(
        `/en/payment/tabby?r=cancel&payment_id=${cancelled.paymentId}`,
      );
      const rejected = await session({ email: TABBY_TEST_BUYERS.rejectedEmail });
      expect((await answer(rejected.paymentId, 'approve')).headers.location).toBe(
        `/en/payment/tabby?r=no&payment_id=${rejected.paymentId}`,
      );
      expect((await answer(rejected.paymentId, 'steal')).statusCode).toBe(400);
    });

    it('knows no other payment', async () => {
      const res = await page('/api/payments/tabby-sandbox/8c5f0d8e-5a4d-4d1f-9b1e-2d1c3b4a5f60?lang=en');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    });
  });
});
