import {
  adminOrderPaths,
  apiPaths,
  refundPaths,
  type CreditNote,
  type OrderRefunds,
  type OrderWithPayment,
  type PayInvoiceAnswer,
  type RefundAnswer,
} from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { payments } from '../payments/schema.ts';
import { refunds } from './schema.ts';
import { users } from '../users/schema.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { startFakeMoyasar, type FakeMoyasar } from '../../test/fake-moyasar.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { readOutbox, waitForOutboxMail } from '../../test/outbox.ts';
import {
  createShopper,
  orderRow,
  placeOrderCall,
  productState,
  putInCart,
  type Shopper,
} from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { getSettings } from '../settings/service.ts';
import { decodeZatcaTlv } from '../orders/zatca.ts';

const card = (number: string) => ({ number, name: 'Sara Ali', month: 12, year: 2099, cvc: '123' });
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** Calls and checks both suites share: the refund call, the shopper's order, the order's refunds. */
function refundCalls(t: () => TestContext, owner: () => Member) {
  return {
    refund(orderId: string, body: object, headers: Record<string, string> = owner().headers, lang = 'en') {
      return t().app.inject({
        method: 'POST',
        url: `${refundPaths.orderRefunds.build({ id: orderId })}?lang=${lang}`,
        headers,
        payload: body,
      });
    },
    async refundsOf(orderId: string): Promise<OrderRefunds> {
      const res = await t().app.inject({
        method: 'GET',
        url: `${refundPaths.orderRefunds.build({ id: orderId })}?lang=en`,
        headers: owner().headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async shopperOrder(shopper: Shopper, orderId: string, lang = 'en'): Promise<OrderWithPayment> {
      const res = await t().app.inject({
        method: 'GET',
        url: `${apiPaths.orderById.build({ invoiceId: orderId })}?lang=${lang}`,
        headers: shopper.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };
}

describe('refunds with the sandbox provider', () => {
  let t: TestContext;
  let product: ProductRow;
  let owner: Member;
  let staff: Member;
  const calls = refundCalls(
    () => t,
    () => owner,
  );

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 25_000, stock: 1_000 });
    owner = await signedInMember(t.app.db, { role: 'owner' });
    staff = await signedInMember(t.app.db, { role: 'staff' });
  });
  afterAll(() => t.close());

  /** A shopper's order of `count` units, placed in `lang` and paid with a sandbox test card. */
  async function paidOrder(count = 2, lang: 'ar' | 'en' = 'ar') {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, count);
    const placed = await placeOrderCall(t, shopper, {}, lang);
    expect(placed.statusCode, placed.body).toBe(201);
    const order: PayInvoiceAnswer = placed.json();
    const pay = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.sandboxPay.build({})}?lang=${lang}`,
      headers: shopper.headers,
      payload: { ...card('4111111111111111'), invoiceId: order.invoiceId },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.verifyPayment.build({})}?lang=${lang}`,
      headers: shopper.headers,
      payload: { id: order.given_id },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('paid');
    return { shopper, order };
  }

  async function sandboxPayment(id: string) {
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, id));
    return { status: row!.status, refunded: (row!.raw as { refunded?: number }).refunded ?? 0 };
  }

  async function refundRows(orderId: string) {
    return t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  }

  it('refunds part of a paid order, then the rest: order, payment, shopper answer and audit follow', async () => {
    const { shopper, order } = await paidOrder(2);
    const total = order.amountSar;
    const first = await calls.refund(order.invoiceId, {
      amount: 100.5,
      reason: 'Scratched screen',
      idempotencyKey: newKey(),
    });
    expect(first.statusCode, first.body).toBe(201);
    const answer: RefundAnswer = first.json();
    expect(answer).toMatchObject({
      code: 'REFUNDED',
      message: 'The amount has been refunded',
      refund: { status: 'succeeded', amount: 100.5, reason: 'Scratched screen', actor: owner.member.email },
      order: {
        status: 'partially_refunded',
        refunded: 100.5,
        refundable: Math.round((total - 100.5) * 100) / 100,
      },
    });
    expect(answer.refund.creditNoteNumber).toBeGreaterThan(0);
    expect(await sandboxPayment(order.given_id)).toEqual({ status: 'paid', refunded: 10_050 });

    // The shopper's order shows the refund and the status, in the shopper's language.
    const seen = await calls.shopperOrder(shopper, order.invoiceId);
    expect(seen.status).toBe('partially_refunded');
    expect(seen.refundedAmount).toBe(100.5);
    expect(seen.refunds).toEqual([
      {
        id: answer.refund.id,
        amount: 100.5,
        date: answer.refund.completedAt,
        reason: 'Scratched screen',
        creditNoteNumber: answer.refund.creditNoteNumber,
      },
    ]);
    expect(seen.zatca).not.toBeNull();
    const list = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.ordersByUser.build({ userId: shopper.id })}?lang=ar`,
      headers: shopper.headers,
    });
    expect(list.json().invoices[0]).toMatchObject({ status: 'partially_refunded', refundedAmount: 100.5 });

    const rest = Math.round((total - 100.5) * 100) / 100;
    const second = await calls.refund(order.invoiceId, {
      amount: rest,
      reason: 'Returned',
      idempotencyKey: newKey(),
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().order).toMatchObject({ status: 'refunded', refunded: total, refundable: 0 });
    expect(await sandboxPayment(order.given_id)).toEqual({ status: 'refunded', refunded: order.amount });
    expect((await calls.shopperOrder(shopper, order.invoiceId)).status).toBe('refunded');

    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.invoiceId), eq(auditLog.action, 'order.refund')));
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.actor)).toEqual([owner.member.email, owner.member.email]);
    expect(audit.map((a) => (a.after as { status: string }).status).sort()).toEqual([
      'partially_refunded',
      'refunded',
    ]);

    // Nothing is left: a further refund is refused.
    const third = await calls.refund(
      order.invoiceId,
      { amount: 1, reason: 'x', idempotencyKey: newKey() },
      undefined,
      'ar',
    );
    expect(third.statusCode).toBe(422);
    expect(third.json()).toMatchObject({
      code: 'REFUND_NOT_REFUNDABLE',
      message: 'لا يمكن استرداد مبلغ هذا الطلب: لم يُدفع أو استُرد بالكامل',
    });
  });

  it('refuses zero, negative, over-precise amounts and more than what is left, in the language asked', async () => {
    const { order } = await paidOrder(1);
    for (const amount of [0, -5, 10.005, 'ten']) {
      const res = await calls.refund(order.invoiceId, { amount, reason: 'x', idempotencyKey: newKey() });
      expect(res.statusCode, String(amount)).toBe(400);
    }
    const zero = await calls.refund(
      order.invoiceId,
      { amount: 0, reason: 'x', idempotencyKey: newKey() },
      undefined,
      'ar',
    );
    expect(zero.json().fields).toEqual([
      expect.objectContaining({ path: 'body.amount', code: 'REFUND_AMOUNT_INVALID' }),
    ]);
    const tooMuch = await calls.refund(order.invoiceId, {
      amount: order.amountSar + 0.01,
      reason: 'x',
      idempotencyKey: newKey(),
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'REFUND_AMOUNT_TOO_LARGE',
      message: 'The amount is more than what is left of the payment for this order',
    });
    const part = await calls.refund(order.invoiceId, { amount: 200, reason: 'x', idempotencyKey: newKey() });
    expect(part.statusCode).toBe(201);
    const overLeft = await calls.refund(
      order.invoiceId,
      { amount: Math.round((order.amountSar - 200) * 100 + 1) / 100, reason: 'x', idempotencyKey: newKey() },
      undefined,
      'ar',
    );
    expect(overLeft.statusCode).toBe(422);
    expect(overLeft.json()).toMatchObject({
      code: 'REFUND_AMOUNT_TOO_LARGE',
      message: 'المبلغ أكبر مما بقي من المدفوع لهذا الطلب',
    });
    const noReason = await calls.refund(order.invoiceId, {
      amount: 1,
      reason: '  ',
      idempotencyKey: newKey(),
    });
    expect(noReason.statusCode).toBe(400);
    expect((await refundRows(order.invoiceId)).map((r) => r.status)).toEqual(['succeeded']);
    expect((await sandboxPayment(order.given_id)).refunded).toBe(20_000);
  });

  it('refuses an order that was not paid, and an unknown order', async () => {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const unpaid: PayInvoiceAnswer = (await placeOrderCall(t, shopper)).json();
    const res = await calls.refund(unpaid.invoiceId, { amount: 1, reason: 'x', idempotencyKey: newKey() });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('REFUND_NOT_REFUNDABLE');
    const unknown = await calls.refund('7d0c6c29-6a70-4d2b-9d5e-2f3cbb1c8f00', {
      amount: 1,
      reason: 'x',
      idempotencyKey: newKey(),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the same refund for the same key, sequentially and on a double click, and refunds once', async () => {
    const { order } = await paidOrder(2);
    const body = { amount: 50, reason: 'Late delivery', idempotencyKey: newKey() };
    const first = await calls.refund(order.invoiceId, body);
    const again = await calls.refund(order.invoiceId, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().refund.id).toBe(first.json().refund.id);

    const click = { amount: 25, reason: 'Double click', idempotencyKey: newKey() };
    const both = await Promise.all([
      calls.refund(order.invoiceId, click),
      calls.refund(order.invoiceId, click),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => r.json().refund.id)).size).toBe(1);

    expect(await refundRows(order.invoiceId)).toHaveLength(2);
    expect((await sandboxPayment(order.given_id)).refunded).toBe(7_500);
    expect((await orderRow(t.app.db, order.invoiceId)).refundedHalalas).toBe(7_500);

    const reused = await calls.refund(order.invoiceId, { ...body, amount: 60 });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('REFUND_KEY_REUSED');
  });

  it('lets one of two staff refunding the whole order at once win; the other is told clearly', async () => {
    const { order } = await paidOrder(1);
    const secondOwner = await signedInMember(t.app.db, { role: 'owner' });
    const whole = { amount: order.amountSar, reason: 'Cancelled by phone' };
    const [a, b] = await Promise.all([
      calls.refund(order.invoiceId, { ...whole, idempotencyKey: newKey() }),
      calls.refund(order.invoiceId, { ...whole, idempotencyKey: newKey() }, secondOwner.headers, 'ar'),
    ]);
    const codes = [a, b].map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect([409, 422]).toContain(codes[1]);
    const loser = [a, b].find((r) => r.statusCode !== 201)!;
    expect(['REFUND_IN_PROGRESS', 'REFUND_NOT_REFUNDABLE']).toContain(loser.json().code);
    expect(loser.json().message.length).toBeGreaterThan(0);
    expect((await orderRow(t.app.db, order.invoiceId)).refundedHalalas).toBe(order.amount);
    expect((await sandboxPayment(order.given_id)).refunded).toBe(order.amount);
    expect((await refundRows(order.invoiceId)).filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });

  it('puts units back on the shelf only when asked, exactly once', async () => {
    const { order } = await paidOrder(3);
    const lines = (await calls.refundsOf(order.invoiceId)).lines;
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    const before = (await productState(t.app.db, product.id)).stock;

    const noStock = await calls.refund(order.invoiceId, {
      amount: 10,
      reason: 'Goodwill',
      idempotencyKey: newKey(),
    });
    expect(noStock.statusCode).toBe(201);
    expect((await productState(t.app.db, product.id)).stock).toBe(before);

    const body = {
      amount: 250,
      reason: 'Returned one',
      returnStock: [{ lineId: line.id, quantity: 2 }],
      idempotencyKey: newKey(),
    };
    const returned = await calls.refund(order.invoiceId, body);
    expect(returned.statusCode, returned.body).toBe(201);
    expect((await productState(t.app.db, product.id)).stock).toBe(before + 2);
    expect((await calls.refund(order.invoiceId, body)).statusCode).toBe(200);
    expect((await productState(t.app.db, product.id)).stock).toBe(before + 2);
    expect((await calls.refundsOf(order.invoiceId)).lines[0]!.returned).toBe(2);

    const tooMany = await calls.refund(order.invoiceId, {
      amount: 1,
      reason: 'x',
      returnStock: [{ lineId: line.id, quantity: 2 }],
      idempotencyKey: newKey(),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe('REFUND_STOCK_INVALID');
    expect((await productState(t.app.db, product.id)).stock).toBe(before + 2);
  });

  it('is for owners: staff are refused, and shoppers reach nothing', async () => {
    const { shopper, order } = await paidOrder(1);
    const body = { amount: 10, reason: 'x', idempotencyKey: newKey() };
    const byStaff = await calls.refund(order.invoiceId, body, staff.headers, 'ar');
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toMatchObject({ code: 'STAFF_ROLE_REQUIRED', message: 'هذا الإجراء للمالك فقط' });
    const byShopper = await calls.refund(order.invoiceId, body, shopper.headers);
    expect([401, 403]).toContain(byShopper.statusCode);
    const withOrigin = await calls.refund(order.invoiceId, body, {
      ...shopper.headers,
      origin: 'http://shop.test',
      host: 'shop.test',
    });
    expect(withOrigin.statusCode).toBe(401);
    expect(withOrigin.json().code).toBe('STAFF_SESSION_REQUIRED');
    expect(await refundRows(order.invoiceId)).toHaveLength(0);
    // Staff may see the refunds; only owners make them.
    const read = await t.app.inject({
      method: 'GET',
      url: refundPaths.orderRefunds.build({ id: order.invoiceId }),
      headers: staff.headers,
    });
    expect(read.statusCode).toBe(200);
  });

  it('makes a simplified credit note whose QR code holds the ZATCA fields of the refund', async () => {
    const { shopper, order } = await paidOrder(1);
    const refund: RefundAnswer = (
      await calls.refund(order.invoiceId, { amount: 115, reason: 'Faulty charger', idempotencyKey: newKey() })
    ).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `${refundPaths.adminCreditNote.build({ id: order.invoiceId, refundId: refund.refund.id })}?lang=en`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const note: CreditNote = res.json();
    expect(note).toMatchObject({
      number: refund.refund.creditNoteNumber,
      invoiceNumber: order.number,
      total: 115,
      vat: 15,
      totalExVat: 100,
      reason: 'Faulty charger',
    });
    const tlv = decodeZatcaTlv(note.qr);
    const settings = await getSettings(t.app.db);
    expect(tlv.get(1)).toBe(settings.sellerName.ar);
    expect(tlv.get(2)).toBe(settings.taxNumber);
    expect(tlv.get(3)).toBe(note.issuedAt.replace(/\.\d{3}Z$/, 'Z'));
    expect(tlv.get(4)).toBe('115.00');
    expect(tlv.get(5)).toBe('15.00');
    expect(note.qrImage).toMatch(/^data:image\/png;base64,/);

    // The shopper opens their own credit note; nobody else does.
    const own = await t.app.inject({
      method: 'GET',
      url: refundPaths.shopperCreditNote.build({ invoiceId: order.invoiceId, refundId: refund.refund.id }),
      headers: shopper.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().qr).toBe(note.qr);
    const other = await createShopper(t.app.db);
    const theirs = await t.app.inject({
      method: 'GET',
      url: refundPaths.shopperCreditNote.build({ invoiceId: order.invoiceId, refundId: refund.refund.id }),
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('mails the shopper in the language they last used, with the order number and its link', async () => {
    const english = await paidOrder(1, 'en');
    const arabic = await paidOrder(1, 'ar');
    const [enUser] = await t.app.db.select().from(users).where(eq(users.id, english.shopper.id));
    const [arUser] = await t.app.db.select().from(users).where(eq(users.id, arabic.shopper.id));
    expect(enUser!.lang).toBe('en');
    expect(arUser!.lang).toBe('ar');

    await calls.refund(english.order.invoiceId, {
      amount: 20,
      reason: 'Price match',
      idempotencyKey: newKey(),
    });
    await calls.refund(arabic.order.invoiceId, { amount: 20, reason: 'فرق سعر', idempotencyKey: newKey() });
    // Each shopper also has the "order received" mail of the payment; the refund's is its own.
    const enMail = await waitForOutboxMail(
      t.config.outboxDir,
      (m) => m.to.includes(enUser!.email) && m.subject.startsWith('A refund'),
    );
    expect(enMail.subject).toBe(`A refund on your order ${english.order.number}`);
    expect(enMail.lang).toBe('en');
    expect(enMail.text).toContain('Price match');
    expect(enMail.text).toContain(`/en/order/details/${english.order.invoiceId}`);
    expect(enMail.html).toContain('dir="ltr"');
    const arMail = await waitForOutboxMail(
      t.config.outboxDir,
      (m) => m.to.includes(arUser!.email) && m.subject.startsWith('استرداد'),
    );
    expect(arMail.subject).toBe(`استرداد مبلغ من طلبك رقم ${arabic.order.number}`);
    expect(arMail.text).toContain('فرق سعر');
    expect(arMail.text).toContain(`/order/details/${arabic.order.invoiceId}`);
    expect(arMail.text).not.toContain('/en/');
    expect(arMail.html).toContain('dir="rtl"');
    expect(
      (await readOutbox(t.config.outboxDir)).filter(
        (m) => m.to.includes(enUser!.email) && m.subject.startsWith('A refund'),
      ),
    ).toHaveLength(1);
  });

  it('mails the shopper when the order is shipped and delivered, still after a partial refund', async () => {
    const { shopper, order } = await paidOrder(2, 'en');
    const [user] = await t.app.db.select().from(users).where(eq(users.id, shopper.id));
    expect(
      (await calls.refund(order.invoiceId, { amount: 5, reason: 'Dent', idempotencyKey: newKey() }))
        .statusCode,
    ).toBe(201);
    for (const [path, subject] of [
      [adminOrderPaths.ship, `Your order ${order.number} has shipped`],
      [adminOrderPaths.deliver, `Your order ${order.number} was delivered`],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${path.build({ ref: order.invoiceId })}?lang=ar`,
        headers: staff.headers,
        ...(path === adminOrderPaths.ship && { payload: { carrier: 'SMSA', trackingNumber: '2900011' } }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await waitForOutboxMail(t.config.outboxDir, (m) => m.subject === subject);
      expect(mail.to).toEqual([user!.email]);
      expect(mail.text).toContain(`/en/order/details/${order.invoiceId}`);
    }
    // The back office's timeline has the refund, by whom and how much, between payment and shipping.
    const details = await t.app.inject({
      method: 'GET',
      url: `${adminOrderPaths.detail.build({ ref: order.number })}?lang=en`,
      headers: staff.headers,
    });
    expect(details.statusCode, details.body).toBe(200);
    const timeline = (
      details.json() as { timeline: { event: string; amount?: number; by: { name: string } | null }[] }
    ).timeline;
    expect(timeline.map((e) => e.event)).toEqual(['created', 'paid', 'refunded', 'shipped', 'delivered']);
    expect(timeline[2]).toMatchObject({ amount: 5, by: { name: owner.member.name } });
    // Delivered, the shopper still sees that part was refunded.
    const seen = await calls.shopperOrder(shopper, order.invoiceId);
    expect(seen).toMatchObject({ status: 'partially_refunded', invoiceReceived: true, refundedAmount: 5 });
  });
});

describe('refunds through Moyasar (its REST API faked)', () => {
  const SECRET_KEY = 'sk_test_refunds_0123';
  let fake: FakeMoyasar;
  let t: TestContext;
  let product: ProductRow;
  let owner: Member;
  const calls = refundCalls(
    () => t,
    () => owner,
  );

  beforeAll(async () => {
    fake = await startFakeMoyasar(SECRET_KEY);
    t = await createTestApp({
      PAYMENT_SANDBOX: 'false',
      MOYASAR_SECRET_KEY: SECRET_KEY,
      MOYASAR_PUBLISHABLE_KEY: 'pk_test_publishable',
      MOYASAR_API_URL: fake.url,
    });
    product = await createProduct(t.app.db, { priceHalalas: 30_000, stock: 100 });
    owner = await signedInMember(t.app.db, { role: 'owner' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function paidOrder() {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const order: PayInvoiceAnswer = (await placeOrderCall(t, shopper)).json();
    fake.add({
      id: order.given_id,
      status: 'paid',
      amount: order.amount,
      currency: 'SAR',
      metadata: { order_id: order.invoiceId },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: apiPaths.verifyPayment.build({}),
      headers: shopper.headers,
      payload: { id: order.given_id },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return { shopper, order };
  }

  const refundCallsTo = (paymentId: string) =>
    fake.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payments/${paymentId}/refund`);

  it('refunds part of the payment through Moyasar, in halalas, once per key', async () => {
    const { order } = await paidOrder();
    const body = { amount: 99.99, reason: 'Missing cable', idempotencyKey: newKey() };
    const res = await calls.refund(order.invoiceId, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(refundCallsTo(order.given_id).map((c) => c.body)).toEqual([{ amount: 9_999 }]);
    expect(fake.payments.get(order.given_id)).toMatchObject({ status: 'paid', refunded: 9_999 });
    expect((await calls.refund(order.invoiceId, body)).statusCode).toBe(200);
    expect(refundCallsTo(order.given_id)).toHaveLength(1);
    expect(res.json().order).toMatchObject({ status: 'partially_refunded', provider: 'moyasar' });
  });

  it('finishes a refund whose answer was lost, without refunding twice', async () => {
    const { order } = await paidOrder();
    const body = { amount: 40, reason: 'Lost answer', idempotencyKey: newKey() };
    fake.dropAfterRefund = true;
    const lost = await calls.refund(order.invoiceId, body, undefined, 'ar');
    expect(lost.statusCode).toBe(503);
    expect(lost.json().code).toBe('REFUND_PROVIDER_UNAVAILABLE');
    // Moyasar made the refund; the shop has it pending and has not counted it yet.
    expect(fake.payments.get(order.given_id)!.refunded).toBe(4_000);
    expect((await orderRow(t.app.db, order.invoiceId)).refundedHalalas).toBe(0);

    // Another refund of the order must wait for this one.
    const other = await calls.refund(order.invoiceId, { amount: 1, reason: 'x', idempotencyKey: newKey() });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('REFUND_IN_PROGRESS');

    const retried = await calls.refund(order.invoiceId, body);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(refundCallsTo(order.given_id)).toHaveLength(1);
    expect(fake.payments.get(order.given_id)!.refunded).toBe(4_000);
    expect((await orderRow(t.app.db, order.invoiceId)).refundedHalalas).toBe(4_000);
  });

  it('keeps nothing when Moyasar cannot be reached, and the same request then goes through', async () => {
    const { order } = await paidOrder();
    const body = { amount: 10, reason: 'Network', idempotencyKey: newKey() };
    fake.writesDown = true;
    try {
      expect((await calls.refund(order.invoiceId, body)).statusCode).toBe(503);
    } finally {
      fake.writesDown = false;
    }
    expect((await orderRow(t.app.db, order.invoiceId)).refundedHalalas).toBe(0);
    const again = await calls.refund(order.invoiceId, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(fake.payments.get(order.given_id)!.refunded).toBe(1_000);
    expect((await orderRow(t.app.db, order.invoiceId)).status).toBe('partially_refunded');
  });

  it('records a refund Moyasar refuses as failed, and nothing changes', async () => {
    const { order } = await paidOrder();
    // Refunded outside the shop (Moyasar's dashboard): Moyasar refuses more than what is left.
    fake.payments.get(order.given_id)!.refunded = order.amount - 100;
    const res = await calls.refund(order.invoiceId, { amount: 5, reason: 'x', idempotencyKey: newKey() });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('REFUND_REJECTED');
    expect((await orderRow(t.app.db, order.invoiceId)).refundedHalalas).toBe(0);
    const [row] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, order.invoiceId));
    expect(row!.status).toBe('failed');
    expect((await calls.refundsOf(order.invoiceId)).refunds[0]).toMatchObject({ status: 'failed' });
  });
});
