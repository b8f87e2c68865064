import { adminOrderPaths, apiPaths, type PayInvoiceAnswer, type SavedCard } from '@shop/contract';
import { signedInMember } from '../../test/staff.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import {
  createShopper,
  orderRow,
  placeOrderOk,
  putInCart,
  stcPayCall,
  stcPayWrongCode,
  type Shopper,
} from '../../test/shoppers.ts';
import { payments, savedCards, sandboxTokens } from '../../modules/payments/schema.ts';

const CARD = { number: '4201320111111010', name: 'Sara Ali', month: 12, year: 2099, cvc: '123' };

describe('saved cards, STC Pay and Apple Pay through the sandbox', () => {
  let t: TestContext;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 50_000, stock: 100 });
  });
  afterAll(() => t.close());

  async function ordered(shopper?: Shopper): Promise<{ shopper: Shopper; order: PayInvoiceAnswer }> {
    const who = shopper ?? (await createShopper(t.app.db));
    await putInCart(t.app.db, who.id, product.id, 1);
    return { shopper: who, order: await placeOrderOk(t, who) };
  }

  function post(shopper: Shopper, path: string, payload: object, lang: 'ar' | 'en' = 'en') {
    return t.app.inject({ method: 'POST', url: `${path}?lang=${lang}`, headers: shopper.headers, payload });
  }

  async function payAndSave(shopper: Shopper, order: PayInvoiceAnswer) {
    const paid = await post(shopper, apiPaths.sandboxPay.build({}), {
      ...CARD,
      invoiceId: order.invoiceId,
      saveCard: true,
    });
    expect(paid.statusCode).toBe(200);
    const verified = await post(shopper, apiPaths.verifyPayment.build({}), { id: order.given_id });
    expect(verified.statusCode).toBe(200);
  }

  async function cardsOf(shopper: Shopper): Promise<SavedCard[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: apiPaths.savedCards.build({}),
      headers: shopper.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  const paymentRow = async (id: string) =>
    (await t.app.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it('keeps a card the shopper asked to save, once its payment is verified: token, brand, last four, expiry; never the number', async () => {
    const { shopper, order } = await ordered();
    await payAndSave(shopper, order);
    const cards = await cardsOf(shopper);
    expect(cards).toEqual([
      {
        id: expect.any(String),
        brand: 'mada',
        lastFour: '1010',
        month: 12,
        year: 2099,
        name: 'Sara Ali',
        expired: false,
      },
    ]);
    const [row] = await t.app.db.select().from(savedCards).where(eq(savedCards.userId, shopper.id));
    expect(row!.token).toMatch(/^token_[A-Za-z0-9]{20,}$/);
    expect(JSON.stringify(row)).not.toContain(CARD.number);
    const payment = await paymentRow(order.given_id);
    expect(payment).toMatchObject({ sourceType: 'creditcard', cardBrand: 'mada', cardLastFour: '1010' });
    expect((await orderRow(t.app.db, order.invoiceId)).paymentMethod).toBe('card');
  });

  it('saves nothing when the box was not ticked, nor for a refused card', async () => {
    const { shopper, order } = await ordered();
    const paid = await post(shopper, apiPaths.sandboxPay.build({}), { ...CARD, invoiceId: order.invoiceId });
    expect(paid.statusCode).toBe(200);
    await post(shopper, apiPaths.verifyPayment.build({}), { id: order.given_id });
    expect(await cardsOf(shopper)).toEqual([]);

    const second = await ordered(shopper);
    const refused = await post(shopper, apiPaths.sandboxPay.build({}), {
      ...CARD,
      number: '4201320000311101',
      invoiceId: second.order.invoiceId,
      saveCard: true,
    });
    expect(refused.statusCode).toBe(200);
    expect(await cardsOf(shopper)).toEqual([]);
  });

  it('pays the next order with the saved card in one step, without the number, and the order is paid by card', async () => {
    const { shopper, order } = await ordered();
    await payAndSave(shopper, order);
    const [card] = await cardsOf(shopper);
    const next = await ordered(shopper);
    const res = await post(shopper, apiPaths.savedCardPay.build({}), {
      invoiceId: next.order.invoiceId,
      cardId: card!.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_COMPLETED' });
    expect(res.json().redirectTo).toContain(`id=${next.order.given_id}`);
    const paid = await orderRow(t.app.db, next.order.invoiceId);
    expect(paid).toMatchObject({ status: 'paid', paymentId: next.order.given_id, paymentMethod: 'card' });
    expect(await paymentRow(next.order.given_id)).toMatchObject({
      sourceType: 'token',
      cardBrand: 'mada',
      cardLastFour: '1010',
    });
    // Paying with the same card again is one payment, not two.
    const again = await post(shopper, apiPaths.savedCardPay.build({}), {
      invoiceId: next.order.invoiceId,
      cardId: card!.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_PAID');
  });

  it("refuses another shopper's saved card (404) and changes nothing", async () => {
    const owner = await ordered();
    await payAndSave(owner.shopper, owner.order);
    const [card] = await cardsOf(owner.shopper);
    const thief = await ordered();
    const res = await post(thief.shopper, apiPaths.savedCardPay.build({}), {
      invoiceId: thief.order.invoiceId,
      cardId: card!.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SAVED_CARD_NOT_FOUND');
    expect((await orderRow(t.app.db, thief.order.invoiceId)).status).toBe('awaiting_payment');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: apiPaths.savedCard.build({ cardId: card!.id }),
      headers: thief.shopper.headers,
    });
    expect(removed.statusCode).toBe(404);
    expect(await cardsOf(owner.shopper)).toHaveLength(1);
  });

  it('shows an expired card as expired, leaves it off the payment page and refuses it, in the shopper language', async () => {
    const { shopper, order } = await ordered();
    await payAndSave(shopper, order);
    const [card] = await cardsOf(shopper);
    expect(card).toMatchObject({ expired: false });
    // Its month passes.
    await t.app.db.update(savedCards).set({ month: 1, year: 2020 }).where(eq(savedCards.id, card!.id));
    expect(await cardsOf(shopper)).toMatchObject([{ id: card!.id, expired: true }]);
    const next = await ordered(shopper);
    const page = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.orderById.build({ invoiceId: next.order.invoiceId })}?lang=en`,
      headers: shopper.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().savedCards).toEqual([]);
    for (const lang of ['ar', 'en'] as const) {
      const res = await post(
        shopper,
        apiPaths.savedCardPay.build({}),
        { invoiceId: next.order.invoiceId, cardId: card!.id },
        lang,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'SAVED_CARD_EXPIRED',
        message:
          lang === 'ar'
            ? 'انتهت صلاحية هذه البطاقة، ادفع ببطاقة أخرى'
            : 'This card has expired; pay with another card',
      });
    }
    expect((await orderRow(t.app.db, next.order.invoiceId)).status).toBe('awaiting_payment');
  });

  it('deletes a saved card here and its token at the provider; it cannot pay any more', async () => {
    const { shopper, order } = await ordered();
    await payAndSave(shopper, order);
    const [card] = await cardsOf(shopper);
    const [row] = await t.app.db.select().from(savedCards).where(eq(savedCards.id, card!.id));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.savedCard.build({ cardId: card!.id })}?lang=ar`,
      headers: shopper.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'SAVED_CARD_DELETED', message: 'حُذفت البطاقة المحفوظة' });
    expect(await cardsOf(shopper)).toEqual([]);
    expect(await t.app.db.select().from(sandboxTokens).where(eq(sandboxTokens.id, row!.token))).toEqual([]);
    const next = await ordered(shopper);
    const pay = await post(shopper, apiPaths.savedCardPay.build({}), {
      invoiceId: next.order.invoiceId,
      cardId: card!.id,
    });
    expect(pay.statusCode).toBe(404);
  });

  it('pays with STC Pay: the mobile, then the test code; the method is stcpay', async () => {
    const { shopper, order } = await ordered();
    const started = await post(shopper, apiPaths.stcPayStart.build({}), {
      invoiceId: order.invoiceId,
      mobile: '+966 55 123 4567',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().code).toBe('STCPAY_OTP_SENT');
    expect((await paymentRow(order.given_id)).status).toBe('initiated');
    const confirmed = await post(shopper, apiPaths.stcPayConfirm.build({}), {
      invoiceId: order.invoiceId,
      otp: '123456',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().code).toBe('PAYMENT_COMPLETED');
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'stcpay',
    });
    expect((await paymentRow(order.given_id)).sourceType).toBe('stcpay');
  });

  it('refuses a wrong STC Pay code in the shopper language and lets them type it again', async () => {
    const { shopper, order } = await ordered();
    await stcPayWrongCode(t, shopper, order.invoiceId);
    const right = await stcPayCall(t, shopper, 'confirm', { invoiceId: order.invoiceId, otp: '000000' });
    expect(right.statusCode).toBe(200);
  });

  it('ends the order when STC Pay times the code out (expired), the cart kept', async () => {
    const { shopper, order } = await ordered();
    await post(shopper, apiPaths.stcPayStart.build({}), { invoiceId: order.invoiceId, mobile: '0551234567' });
    const late = await post(shopper, apiPaths.stcPayConfirm.build({}), {
      invoiceId: order.invoiceId,
      otp: '444444',
    });
    expect(late.statusCode).toBe(402);
    expect(late.json()).toMatchObject({ code: 'STCPAY_OTP_EXPIRED' });
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('failed');
  });

  it('refuses a mobile that is not Saudi, in the shopper language, and asks STC Pay nothing', async () => {
    const { shopper, order } = await ordered();
    for (const mobile of ['0451234567', '12345', '+971501234567']) {
      const res = await post(
        shopper,
        apiPaths.stcPayStart.build({}),
        { invoiceId: order.invoiceId, mobile },
        'ar',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('STCPAY_MOBILE_INVALID');
      expect(res.json().message).toContain('05');
    }
    expect(await t.app.db.select().from(payments).where(eq(payments.id, order.given_id))).toEqual([]);
    const noCode = await post(shopper, apiPaths.stcPayConfirm.build({}), {
      invoiceId: order.invoiceId,
      otp: '123456',
    });
    expect(noCode.statusCode).toBe(409);
    expect(noCode.json().code).toBe('STCPAY_NOT_STARTED');
  });

  it('pays with the sandbox Apple Pay: method applepay, the card network and last four kept', async () => {
    const { shopper, order } = await ordered();
    const res = await post(shopper, apiPaths.sandboxApplePay.build({}), { invoiceId: order.invoiceId });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'applepay',
    });
    expect(await paymentRow(order.given_id)).toMatchObject({ sourceType: 'applepay', cardLastFour: '1111' });
  });

  it("names the card that paid on the shopper's order and the back office's", async () => {
    const { shopper, order } = await ordered();
    await payAndSave(shopper, order);
    const mine = await t.app.inject({
      method: 'GET',
      url: apiPaths.orderById.build({ invoiceId: order.invoiceId }),
      headers: shopper.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      paymentMethod: 'card',
      paymentCard: { brand: 'mada', lastFour: '1010' },
    });
    const owner = await signedInMember(t.app.db, { role: 'owner' });
    const admin = await t.app.inject({
      method: 'GET',
      url: adminOrderPaths.detail.build({ ref: String(order.number) }),
      headers: owner.headers,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().paymentCard).toEqual({ brand: 'mada', lastFour: '1010' });
  });

  it('serves no Apple Pay domain file when the owner set none', async () => {
    const res = await t.app.inject({ method: 'GET', url: apiPaths.applePayDomainAssociation.build({}) });
    expect(res.statusCode).toBe(404);
  });
});

describe("Apple Pay's domain verification file", () => {
  it('is served as the owner set it', async () => {
    const t = await createTestApp({ APPLE_PAY_DOMAIN_ASSOCIATION: '7B2270737049642271' });
    try {
      const res = await t.app.inject({ method: 'GET', url: apiPaths.applePayDomainAssociation.build({}) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('7B2270737049642271');
    } finally {
      await t.close();
    }
  });
});
