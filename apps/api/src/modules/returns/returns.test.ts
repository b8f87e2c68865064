import {
  adminContentPaths,
  adminOrderPaths,
  apiPaths,
  returnPaths,
  type AdminOrder,
  type AdminReturnsPage,
  type Order,
} from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { messages } from '../messages/schema.ts';
import { orders } from '../orders/schema.ts';
import { refunds } from '../refunds/schema.ts';
import { returnRequests } from './schema.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createShopper, paidOrderOf, productState, type Shopper } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { multipart } from '../../test/users.ts';
import { waitForOutboxMail } from '../../test/outbox.ts';

type Headers = Record<string, string>;

describe('self-serve returns', () => {
  let t: TestContext;
  let product: ProductRow;
  let staff: Headers;
  let owner: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 12_500, stock: 500 });
    staff = (await signedInMember(t.app.db, { role: 'staff' })).headers;
    owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;
  });
  afterAll(() => t.close());

  const paidOrder = (count: number) => paidOrderOf(t, product.id, count);

  async function deliveredOrder(count = 2) {
    const placed = await paidOrder(count);
    const res = await t.app.inject({
      method: 'POST',
      url: adminOrderPaths.fulfilment.build({ ref: placed.order.invoiceId }),
      headers: staff,
      payload: { status: 'delivered' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return placed;
  }

  async function shopperOrder(buyer: Shopper, orderId: string, lang = 'en'): Promise<Order> {
    const res = await t.app.inject({
      url: `${apiPaths.orderById.build({ invoiceId: orderId })}?lang=${lang}`,
      headers: buyer.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function lineIdOf(buyer: Shopper, orderId: string): Promise<number> {
    return (await shopperOrder(buyer, orderId)).returns!.lines[0]!.lineId;
  }

  function ask(buyer: Shopper, orderId: string, body: object, lang = 'en') {
    return t.app.inject({
      method: 'POST',
      url: `${returnPaths.orderReturns.build({ invoiceId: orderId })}?lang=${lang}`,
      headers: buyer.headers,
      payload: body,
    });
  }

  const body = (lineId: number, quantity: number) => ({
    lines: [{ lineId, quantity }],
    reason: 'defective',
    details: 'The screen flickers',
  });

  function staffStep(
    id: string,
    step: 'approve' | 'reject' | 'receive' | 'refund',
    headers: Headers,
    payload: object = {},
    lang = 'en',
  ) {
    const path = {
      approve: returnPaths.adminReturnApprove,
      reject: returnPaths.adminReturnReject,
      receive: returnPaths.adminReturnReceive,
      refund: returnPaths.adminReturnRefund,
    }[step];
    return t.app.inject({ method: 'POST', url: `${path.build({ id })}?lang=${lang}`, headers, payload });
  }

  async function requestsOf(orderId: string) {
    return t.app.db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId));
  }

  it('a shopper asks to return units of a delivered order and sees the request; what is left shrinks', async () => {
    const { buyer, order } = await deliveredOrder(2);
    const before = await shopperOrder(buyer, order.invoiceId);
    expect(before.returns).toMatchObject({ windowHours: 24, open: true });
    expect(before.returns!.lines[0]).toMatchObject({ bought: 2, returnable: 2 });
    const lineId = before.returns!.lines[0]!.lineId;

    const res = await ask(buyer, order.invoiceId, body(lineId, 1));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().code).toBe('RETURN_REQUESTED');

    const after = await shopperOrder(buyer, order.invoiceId);
    expect(after.returns!.lines[0]!.returnable).toBe(1);
    expect(after.returns!.requests).toHaveLength(1);
    expect(after.returns!.requests[0]).toMatchObject({
      status: 'requested',
      reason: 'defective',
      details: 'The screen flickers',
      amount: 125,
      lines: [{ lineId, quantity: 1, amount: 125 }],
    });
  });

  it('no unit is returned twice: more than bought less what was asked for is refused, in Arabic too', async () => {
    const { buyer, order } = await deliveredOrder(2);
    const lineId = await lineIdOf(buyer, order.invoiceId);
    const tooMany = await ask(buyer, order.invoiceId, body(lineId, 3), 'ar');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      code: 'RETURN_QUANTITY_TOO_LARGE',
      message: 'الكمية أكبر مما اشتريت من هذا المنتج ولم تطلب إرجاعه بعد',
    });
    expect(JSON.stringify(tooMany.json().fields)).toContain(`lines.${lineId}`);

    expect((await ask(buyer, order.invoiceId, body(lineId, 1))).statusCode).toBe(201);
    expect((await ask(buyer, order.invoiceId, body(lineId, 1))).statusCode).toBe(201);
    const third = await ask(buyer, order.invoiceId, body(lineId, 1));
    expect(third.statusCode).toBe(422);
    expect(third.json().code).toBe('RETURN_QUANTITY_TOO_LARGE');
    expect(await requestsOf(order.invoiceId)).toHaveLength(2);
    expect((await shopperOrder(buyer, order.invoiceId)).returns!.open).toBe(false);
  });

  it('two requests sent at once for the same units: one is taken, the other refused', async () => {
    const { buyer, order } = await deliveredOrder(2);
    const lineId = await lineIdOf(buyer, order.invoiceId);
    const answers = await Promise.all([
      ask(buyer, order.invoiceId, body(lineId, 2)),
      ask(buyer, order.invoiceId, body(lineId, 2)),
      ask(buyer, order.invoiceId, body(lineId, 1)),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    // Whichever came first, the units asked for never exceed the 2 bought.
    const rows = await requestsOf(order.invoiceId);
    expect(codes.filter((c) => c === 201).length).toBe(rows.length);
    expect(codes.filter((c) => c === 422).length).toBeGreaterThanOrEqual(1);
    const asked = (await shopperOrder(buyer, order.invoiceId)).returns!.requests.reduce(
      (sum, r) => sum + r.lines.reduce((s, l) => s + l.quantity, 0),
      0,
    );
    expect(asked).toBeLessThanOrEqual(2);
  });

  it("another shopper's order, or no order, is not found (404, never 403)", async () => {
    const { buyer, order } = await deliveredOrder(1);
    const lineId = await lineIdOf(buyer, order.invoiceId);
    const stranger = await createShopper(t.app.db);
    const theirs = await ask(stranger, order.invoiceId, body(lineId, 1));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('ORDER_NOT_FOUND');
    const none = await ask(stranger, '00000000-0000-4000-8000-000000000000', body(lineId, 1));
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('ORDER_NOT_FOUND');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: returnPaths.orderReturns.build({ invoiceId: order.invoiceId }),
      payload: body(lineId, 1),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await requestsOf(order.invoiceId)).toHaveLength(0);
  });

  it('an order not delivered, cancelled, or refunded in full cannot be returned', async () => {
    const paid = await paidOrder(1);
    const lineId = await lineIdOf(paid.buyer, paid.order.invoiceId);
    const notDelivered = await ask(paid.buyer, paid.order.invoiceId, body(lineId, 1));
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json().code).toBe('RETURN_NOT_RETURNABLE');
    expect((await shopperOrder(paid.buyer, paid.order.invoiceId)).returns!.open).toBe(false);

    const cancelled = await paidOrder(1);
    const cancel = await t.app.inject({
      method: 'POST',
      url: adminOrderPaths.cancelPaid.build({ ref: cancelled.order.invoiceId }),
      headers: owner,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelledLine = await lineIdOf(cancelled.buyer, cancelled.order.invoiceId);
    const refusal = await ask(cancelled.buyer, cancelled.order.invoiceId, body(cancelledLine, 1), 'ar');
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json()).toMatchObject({ code: 'RETURN_NOT_RETURNABLE' });
    expect(refusal.json().message).toMatch(/لا يمكن إرجاع/);
  });

  it('after the return window the request is refused; the owner (not staff) sets the window', async () => {
    const { buyer, order } = await deliveredOrder(1);
    const lineId = await lineIdOf(buyer, order.invoiceId);
    await t.app.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(orders.id, order.invoiceId));
    const late = await ask(buyer, order.invoiceId, body(lineId, 1));
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('RETURN_WINDOW_CLOSED');
    expect((await shopperOrder(buyer, order.invoiceId)).returns!.open).toBe(false);

    const setWindow = (headers: Headers, returnHours: number) =>
      t.app.inject({
        method: 'PUT',
        url: adminContentPaths.settings.pattern,
        headers,
        payload: { returnHours },
      });
    expect((await setWindow(staff, 48)).statusCode).toBe(403);
    const saved = await setWindow(owner, 48);
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const read = await t.app.inject({ url: adminContentPaths.settings.pattern, headers: owner });
      expect(read.json().returnHours).toBe(48);
      const view = await shopperOrder(buyer, order.invoiceId);
      expect(view.returns).toMatchObject({ windowHours: 48, open: true });
      expect((await ask(buyer, order.invoiceId, body(lineId, 1))).statusCode).toBe(201);
    } finally {
      expect((await setWindow(owner, 24)).statusCode).toBe(200);
    }
  });

  it('staff approve with a note (messaged, audited, once), receive; only an owner refunds, with the stock back', async () => {
    const { buyer, order } = await deliveredOrder(2);
    const lineId = await lineIdOf(buyer, order.invoiceId);
    expect((await ask(buyer, order.invoiceId, body(lineId, 1))).statusCode).toBe(201);
    const [request] = await requestsOf(order.invoiceId);
    const id = request!.id;

    const refuseEarly = await staffStep(id, 'receive', staff);
    expect(refuseEarly.statusCode).toBe(409);
    expect(refuseEarly.json().code).toBe('RETURN_NOT_APPROVED');

    const approved = await staffStep(id, 'approve', staff, { note: 'Send it to our Olaya branch' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().code).toBe('RETURN_APPROVED');
    const again = await staffStep(id, 'reject', staff, { note: 'No' }, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RETURN_ALREADY_DECIDED');

    const sent = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.orderId, order.invoiceId), eq(messages.event, 'order.return_decided')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ note: 'Send it to our Olaya branch', 'decision@en': 'approved' });
    // Sent through the outbox in the shopper's language, with the decision and the note.
    const number = (await shopperOrder(buyer, order.invoiceId)).number;
    const mail = await waitForOutboxMail(
      t.config.outboxDir,
      (m) => m.subject === `ردنا على طلب إرجاع من طلبك رقم ${number}`,
    );
    expect(mail.text).toContain(`قبلنا طلب الإرجاع من طلبك رقم ${number}.`);
    expect(mail.text).toContain('ملاحظتنا: Send it to our Olaya branch');

    const shopperSees = (await shopperOrder(buyer, order.invoiceId)).returns!.requests[0]!;
    expect(shopperSees).toMatchObject({ status: 'approved', staffNote: 'Send it to our Olaya branch' });

    expect((await staffStep(id, 'refund', owner, { returnStock: true })).json().code).toBe(
      'RETURN_NOT_RECEIVED',
    );
    expect((await staffStep(id, 'receive', staff)).statusCode).toBe(200);
    const stockBefore = (await productState(t.app.db, product.id)).stock;

    const byStaff = await staffStep(id, 'refund', staff, { returnStock: true });
    expect(byStaff.statusCode).toBe(403);
    const byOwner = await staffStep(id, 'refund', owner, { returnStock: true });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json().code).toBe('RETURN_REFUNDED');

    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, order.invoiceId));
    expect(refund).toMatchObject({ status: 'succeeded', amountHalalas: 12_500 });
    expect(refund!.creditNoteNumber).toBeGreaterThan(0);
    expect((await productState(t.app.db, product.id)).stock).toBe(stockBefore + 1);
    const view = await shopperOrder(buyer, order.invoiceId);
    expect(view.status).toBe('partially_refunded');
    expect(view.returns!.requests[0]!.status).toBe('refunded');
    expect(view.refunds).toHaveLength(1);
    // Refunded with its stock back, the unit is not counted twice: one unit is still returnable.
    expect(view.returns!.lines[0]!.returnable).toBe(1);

    const twice = await staffStep(id, 'refund', owner, { returnStock: true });
    expect(twice.statusCode).toBe(409);
    expect(await t.app.db.select().from(refunds).where(eq(refunds.orderId, order.invoiceId))).toHaveLength(1);

    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map(
      (a) => a.action,
    );
    expect(actions.sort()).toEqual(['return.approve', 'return.receive', 'return.refund']);
  });

  it('a rejection needs a note, is messaged, and gives the units back to ask for again', async () => {
    const { buyer, order } = await deliveredOrder(1);
    const lineId = await lineIdOf(buyer, order.invoiceId);
    expect((await ask(buyer, order.invoiceId, body(lineId, 1))).statusCode).toBe(201);
    const [request] = await requestsOf(order.invoiceId);
    const noNote = await staffStep(request!.id, 'reject', staff, { note: '  ' }, 'ar');
    expect(noNote.statusCode).toBe(400);
    expect(JSON.stringify(noNote.json())).toContain('RETURN_NOTE_REQUIRED');
    const rejected = await staffStep(request!.id, 'reject', staff, { note: 'Opened and used' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const view = await shopperOrder(buyer, order.invoiceId);
    expect(view.returns!.requests[0]).toMatchObject({ status: 'rejected', staffNote: 'Opened and used' });
    expect(view.returns!.lines[0]!.returnable).toBe(1);
    const [message] = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.orderId, order.invoiceId), eq(messages.event, 'order.return_decided')));
    expect(message!.data).toMatchObject({ 'decision@en': 'rejected', 'decision@ar': 'رفضنا' });
  });

  it('photos are checked and stored as every upload is; a file that is not an image is refused and nothing is kept', async () => {
    const { buyer, order } = await deliveredOrder(1);
    const lineId = await lineIdOf(buyer, order.invoiceId);
    const fields = { lines: JSON.stringify([{ lineId, quantity: 1 }]), reason: 'wrong_item', details: '' };
    const fake = multipart(fields, [
      {
        name: 'photo1',
        filename: 'x.png',
        contentType: 'image/png',
        data: Buffer.from('<script>alert(1)</script>'),
      },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: returnPaths.orderReturns.build({ invoiceId: order.invoiceId }),
      headers: { ...buyer.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe('IMAGE_INVALID');
    expect(await requestsOf(order.invoiceId)).toHaveLength(0);

    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    const good = multipart(fields, [
      { name: 'photo1', filename: 'box.png', contentType: 'image/png', data: photo },
    ]);
    const ok = await t.app.inject({
      method: 'POST',
      url: returnPaths.orderReturns.build({ invoiceId: order.invoiceId }),
      headers: { ...buyer.headers, ...good.headers },
      payload: good.payload,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [request] = (await shopperOrder(buyer, order.invoiceId)).returns!.requests;
    expect(request!.photos).toHaveLength(1);
    expect(request!.photos[0]).toMatch(/^\/uploads\/returns\/[0-9a-f-]+\.webp$/);
    expect((await t.app.inject({ url: request!.photos[0]! })).statusCode).toBe(200);
  });

  it('the back office lists requests by status and order number, pages them, and shows them on the order', async () => {
    const { buyer, order } = await deliveredOrder(1);
    const lineId = await lineIdOf(buyer, order.invoiceId);
    expect((await ask(buyer, order.invoiceId, body(lineId, 1))).statusCode).toBe(201);
    const number = (await shopperOrder(buyer, order.invoiceId)).number;
    const queue = async (query: string) => {
      const res = await t.app.inject({ url: `${returnPaths.adminReturns.pattern}?${query}`, headers: staff });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminReturnsPage;
    };
    const found = await queue(`q=${number}&lang=ar`);
    expect(found.items.map((i) => i.orderNumber)).toEqual([number]);
    expect(found.items[0]).toMatchObject({ status: 'requested', can: { approve: true, refund: false } });
    expect((await queue('status=refunded')).items.every((i) => i.status === 'refunded')).toBe(true);
    const paged = await queue('pageSize=1&page=2');
    expect(paged).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
    expect((await queue('q=abc')).items).toEqual([]);

    const shopperTries = await t.app.inject({
      url: returnPaths.adminReturns.pattern,
      headers: buyer.headers,
    });
    expect(shopperTries.statusCode).toBe(401);

    const adminView = await t.app.inject({
      url: adminOrderPaths.detail.build({ ref: number }),
      headers: staff,
    });
    expect((adminView.json() as AdminOrder).returns).toHaveLength(1);
  });
});
