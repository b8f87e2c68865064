import {
  adminContentPaths,
  adminOrderPaths,
  apiPaths,
  type AdminOrder,
  type BulkFulfilmentAnswer,
  type Order,
} from '@shop/contract';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { refunds } from '../refunds/schema.ts';
import { orders } from './schema.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { ensureWebBuild, root } from '../../../../../scripts/shop-server.mjs';
import { databaseBefore, MIGRATION_TEST_TIMEOUT } from '../../test/migrations.ts';
import { waitForOutboxMail } from '../../test/outbox.ts';
import {
  createShopper,
  orderRow,
  paidOrderOf,
  payOnSandbox,
  placeOrderOk,
  productState,
  putInCart,
  type Shopper,
} from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';

type Headers = Record<string, string>;

describe('fulfilment statuses of a paid order', () => {
  let t: TestContext;
  let product: ProductRow;
  let staff: Headers;
  let owner: Headers;
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 500 });
    const member = await signedInMember(t.app.db, { role: 'staff', name: 'Huda Staff' });
    staff = member.headers;
    staffId = member.member.id;
    owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;
  });
  afterAll(() => t.close());

  const paidOrder = (count = 2) => paidOrderOf(t, product.id, count);

  function move(ref: string | number, body: object, lang = 'en', headers = staff) {
    return t.app.inject({
      method: 'POST',
      url: `${adminOrderPaths.fulfilment.build({ ref })}?lang=${lang}`,
      headers,
      payload: body,
    });
  }

  function post(url: string, body: object | undefined, headers: Headers, lang = 'en') {
    return t.app.inject({ method: 'POST', url: `${url}?lang=${lang}`, headers, payload: body });
  }

  async function shopperView(buyer: Shopper, orderId: string, lang = 'en'): Promise<Order> {
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.orderById.build({ invoiceId: orderId })}?lang=${lang}`,
      headers: buyer.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const shipment = {
    status: 'shipped',
    carrier: 'SMSA',
    trackingNumber: 'RUH123456',
    trackingUrl: 'https://track.example.com/RUH123456',
  };

  it('moves preparing → ready → shipped → delivered; the shopper sees each step dated and the tracking link', async () => {
    const { buyer, order } = await paidOrder();
    const start = await shopperView(buyer, order.invoiceId);
    expect(start.fulfilment).toEqual({
      status: null,
      label: null,
      timeline: [],
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });

    const preparing = await move(order.number, { status: 'preparing' });
    expect(preparing.statusCode, preparing.body).toBe(200);
    const answer: AdminOrder = preparing.json().order;
    expect(answer).toMatchObject({
      status: 'preparing',
      can: { fulfil: ['ready', 'shipped', 'delivered'], cancelPaid: true },
    });
    expect((await move(order.number, { status: 'ready' })).statusCode).toBe(200);
    const shipped = await move(order.invoiceId, shipment);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order).toMatchObject({
      status: 'shipped',
      can: { fulfil: ['delivered'], cancelPaid: false },
    });

    // Shipped is not delivered: invoiceReceived stays false until the delivery.
    const onTheWay = await shopperView(buyer, order.invoiceId, 'ar');
    expect(onTheWay.invoiceReceived).toBe(false);
    expect(onTheWay.fulfilment).toMatchObject({
      status: 'shipped',
      label: 'تم الشحن',
      carrier: 'SMSA',
      trackingNumber: 'RUH123456',
      trackingUrl: 'https://track.example.com/RUH123456',
    });
    expect(onTheWay.fulfilment.timeline.map((s) => s.label)).toEqual([
      'قيد التجهيز',
      'جاهز للشحن',
      'تم الشحن',
    ]);
    // The shipment's e-mail tells the shopper (in their language) how to follow it.
    const mail = await waitForOutboxMail(
      t.config.outboxDir,
      (m) => m.subject === `تم شحن طلبك رقم ${order.number}`,
    );
    expect(mail.text).toContain('شركة الشحن: SMSA، رقم التتبع RUH123456.');
    expect(mail.text).toContain('https://track.example.com/RUH123456');

    expect((await move(order.number, { status: 'delivered' })).statusCode).toBe(200);
    const done = await shopperView(buyer, order.invoiceId);
    expect(done).toMatchObject({ status: 'delivered', invoiceReceived: true });
    expect(done.fulfilment.timeline.map((s) => s.status)).toEqual([
      'preparing',
      'ready',
      'shipped',
      'delivered',
    ]);
    for (const step of done.fulfilment.timeline) expect(Date.parse(step.at!)).not.toBeNaN();
    const row = await orderRow(t.app.db, order.invoiceId);
    expect(row).toMatchObject({
      fulfilment: 'delivered',
      received: true,
      shippedBy: staffId,
      deliveredBy: staffId,
    });
    expect(row.shippedAt).toBeInstanceOf(Date);
    expect(row.deliveredAt).toBeInstanceOf(Date);

    // The shopper's orders list answers the same steps.
    const list = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.ordersByUser.build({ userId: buyer.id })}?lang=en`,
      headers: buyer.headers,
    });
    expect(list.json().invoices[0].fulfilment.status).toBe('delivered');

    // Each step is audited with who took it, the status before and after, the shipment's details.
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, order.invoiceId))
      .orderBy(auditLog.id);
    expect(audit.map((e) => [e.action, e.before, e.after, e.staffId])).toEqual([
      [
        'order.mark_preparing',
        { number: order.number, status: 'paid' },
        { number: order.number, status: 'preparing' },
        staffId,
      ],
      [
        'order.mark_ready',
        { number: order.number, status: 'preparing' },
        { number: order.number, status: 'ready' },
        staffId,
      ],
      [
        'order.mark_shipped',
        { number: order.number, status: 'ready' },
        {
          number: order.number,
          status: 'shipped',
          carrier: 'SMSA',
          trackingNumber: 'RUH123456',
          trackingUrl: 'https://track.example.com/RUH123456',
        },
        staffId,
      ],
      [
        'order.mark_delivered',
        { number: order.number, status: 'shipped' },
        { number: order.number, status: 'delivered' },
        staffId,
      ],
    ]);
  });

  it('skips forward as staff do (paid → shipped), never back, and says why in the member’s language', async () => {
    const { order } = await paidOrder(1);
    expect((await move(order.number, shipment)).statusCode).toBe(200);
    const back = await move(order.number, { status: 'preparing' }, 'ar');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({
      code: 'ORDER_FULFILMENT_BACKWARD',
      message: 'لا يمكن إرجاع الطلب إلى حالة سابقة: تتقدم حالة الطلب إلى الأمام فقط',
    });
    expect((await move(order.number, shipment)).json().code).toBe('ORDER_ALREADY_SHIPPED');
    expect((await move(order.number, { status: 'delivered' })).statusCode).toBe(200);
    const again = await move(order.number, { status: 'delivered' });
    expect(again.json()).toMatchObject({
      code: 'ORDER_ALREADY_DELIVERED',
      message: 'This order is already marked as delivered',
    });
    expect((await move(order.number, { status: 'ready' })).json().code).toBe('ORDER_FULFILMENT_BACKWARD');
    // Same status twice.
    const { order: other } = await paidOrder(1);
    expect((await move(other.number, { status: 'ready' })).statusCode).toBe(200);
    expect((await move(other.number, { status: 'ready' })).json().code).toBe('ORDER_FULFILMENT_SAME');
  });

  it('refuses an unpaid order, an unknown status, and a shipment without carrier or tracking number', async () => {
    const buyer = await createShopper(t.app.db);
    await putInCart(t.app.db, buyer.id, product.id, 1);
    const unpaid = await placeOrderOk(t, buyer);
    const res = await move(unpaid.number, { status: 'preparing' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ORDER_NOT_FULFILLABLE');
    expect((await move(unpaid.number, shipment)).json().code).toBe('ORDER_NOT_SHIPPABLE');

    const { order } = await paidOrder(1);
    expect((await move(order.number, { status: 'lost' })).statusCode).toBe(400);
    const bare = await move(order.number, { status: 'shipped' }, 'ar');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'body.carrier',
          code: 'CARRIER_REQUIRED',
          message: 'أدخل اسم شركة الشحن',
        }),
        expect.objectContaining({ path: 'body.trackingNumber', code: 'TRACKING_NUMBER_REQUIRED' }),
      ]),
    );
    // The old ship call needs the same details.
    expect((await post(adminOrderPaths.ship.build({ ref: order.number }), {}, staff)).statusCode).toBe(400);
    expect((await orderRow(t.app.db, order.invoiceId)).fulfilment).toBe('unfulfilled');
    expect((await move(99_999_999, { status: 'ready' })).statusCode).toBe(404);
  });

  it('takes a tracking link only as an https address', async () => {
    const { buyer, order } = await paidOrder(1);
    for (const trackingUrl of [
      'javascript:alert(1)',
      'http://track.example.com/1',
      'JavaScript:alert(document.cookie)',
      'https://user:pw@track.example.com',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      const res = await move(order.number, { ...shipment, trackingUrl });
      expect(res.statusCode, trackingUrl).toBe(400);
      expect(res.json().fields[0]).toMatchObject({ path: 'body.trackingUrl', code: 'TRACKING_URL_INVALID' });
    }
    // Without a link the shipment is fine; the shopper then gets no link.
    expect((await move(order.number, { ...shipment, trackingUrl: '' })).statusCode).toBe(200);
    expect((await shopperView(buyer, order.invoiceId)).fulfilment.trackingUrl).toBeNull();
  });

  it('an owner cancels a paid order before shipping: refunded in full through the refund, stock back, credit note', async () => {
    const before = await productState(t.app.db, product.id);
    const { buyer, order } = await paidOrder(3);
    expect((await move(order.number, { status: 'preparing' })).statusCode).toBe(200);
    expect(await productState(t.app.db, product.id)).toEqual({
      stock: before.stock - 3,
      unitsSold: before.unitsSold + 3,
    });

    // A staff member may not: cancelling gives money back.
    const refused = await post(adminOrderPaths.cancelPaid.build({ ref: order.number }), undefined, staff);
    expect(refused.statusCode).toBe(403);

    const res = await post(adminOrderPaths.cancelPaid.build({ ref: order.number }), undefined, owner, 'ar');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'ORDER_CANCELLED_REFUNDED',
      order: { status: 'refunded', fulfilment: { status: 'cancelled', label: 'ملغي' }, can: { fulfil: [] } },
    });
    // Every unit is back on sale.
    expect((await productState(t.app.db, product.id)).stock).toBe(before.stock);
    const [refund] = await t.app.db.select().from(refunds).where(eq(refunds.orderId, order.invoiceId));
    expect(refund).toMatchObject({ status: 'succeeded', amountHalalas: order.amount });
    expect(refund!.creditNoteNumber).toBeGreaterThan(0);

    const view = await shopperView(buyer, order.invoiceId);
    expect(view).toMatchObject({
      status: 'refunded',
      invoiceReceived: false,
      refundedAmount: order.amountSar,
    });
    expect(view.fulfilment.timeline.map((s) => s.label)).toEqual(['Preparing', 'Cancelled']);

    const actions = (
      await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, order.invoiceId))
        .orderBy(auditLog.id)
    ).map((e) => e.action);
    expect(actions).toEqual(['order.mark_preparing', 'order.cancel_paid', 'order.refund']);

    // Once cancelled it moves no more, and a second cancel refunds nothing more.
    expect((await move(order.number, { status: 'ready' })).json().code).toBe('ORDER_NOT_FULFILLABLE');
    const twice = await post(adminOrderPaths.cancelPaid.build({ ref: order.number }), undefined, owner);
    expect(twice.statusCode).toBe(409);
    expect(await t.app.db.select().from(refunds).where(eq(refunds.orderId, order.invoiceId))).toHaveLength(1);
  });

  it('a shipped order cannot be cancelled', async () => {
    const { order } = await paidOrder(1);
    expect((await move(order.number, shipment)).statusCode).toBe(200);
    const res = await post(adminOrderPaths.cancelPaid.build({ ref: order.number }), undefined, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ORDER_SHIPPED_NOT_CANCELLABLE',
      message: 'A shipped order cannot be cancelled: refund it instead',
    });
  });

  it('moves orders in bulk and reports each that could not move, with why', async () => {
    const a = await paidOrder(1);
    const b = await paidOrder(1);
    const c = await paidOrder(1);
    expect((await move(c.order.number, shipment)).statusCode).toBe(200);
    const res = await post(
      adminOrderPaths.bulkFulfilment.build({}),
      { numbers: [a.order.number, b.order.number, c.order.number, 99_999_999], status: 'ready' },
      staff,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer: BulkFulfilmentAnswer = res.json();
    expect(answer.moved).toEqual([a.order.number, b.order.number]);
    expect(answer.refused).toEqual([
      {
        number: c.order.number,
        code: 'ORDER_FULFILMENT_BACKWARD',
        message: 'An order cannot go back to an earlier status: it only moves forward',
      },
      { number: 99_999_999, code: 'ORDER_NOT_FOUND', message: expect.any(String) },
    ]);
    expect((await orderRow(t.app.db, a.order.invoiceId)).fulfilment).toBe('ready');
    expect((await orderRow(t.app.db, c.order.invoiceId)).fulfilment).toBe('shipped');
    // Each moved order has its own audit entry.
    for (const { order } of [a, b])
      expect(
        (await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, order.invoiceId))).map(
          (e) => e.action,
        ),
      ).toEqual(['order.mark_ready']);

    // Cancelling in bulk refunds: owners only.
    const cancel = { numbers: [a.order.number, c.order.number], status: 'cancelled' };
    expect((await post(adminOrderPaths.bulkFulfilment.build({}), cancel, staff)).statusCode).toBe(403);
    const cancelled: BulkFulfilmentAnswer = (
      await post(adminOrderPaths.bulkFulfilment.build({}), cancel, owner)
    ).json();
    expect(cancelled.moved).toEqual([a.order.number]);
    expect(cancelled.refused).toMatchObject([
      { number: c.order.number, code: 'ORDER_SHIPPED_NOT_CANCELLABLE' },
    ]);
    expect((await orderRow(t.app.db, a.order.invoiceId)).status).toBe('refunded');
  });

  it('the owner renames the shopper’s labels in both languages; a staff member gets 403', async () => {
    const labels = {
      preparing: { ar: 'نجهز طلبك', en: 'Getting it ready' },
      ready: { ar: 'جاهز للشحن', en: 'Ready' },
      shipped: { ar: 'في الطريق إليك', en: 'On its way' },
      delivered: { ar: 'تم التوصيل', en: 'Delivered' },
      cancelled: { ar: 'ملغي', en: 'Cancelled' },
    };
    const put = (headers: Headers, body: object) =>
      t.app.inject({ method: 'PUT', url: adminContentPaths.settings.build({}), headers, payload: body });
    expect((await put(staff, { fulfilmentLabels: labels })).statusCode).toBe(403);
    const empty = await put(owner, { fulfilmentLabels: { ...labels, ready: { ar: '', en: 'Ready' } } });
    expect(empty.statusCode).toBe(400);
    const saved = await put(owner, { fulfilmentLabels: labels });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.fulfilmentLabels).toEqual(labels);

    const { buyer, order } = await paidOrder(1);
    await move(order.number, { status: 'preparing' });
    await move(order.number, shipment);
    expect((await shopperView(buyer, order.invoiceId, 'en')).fulfilment.timeline.map((s) => s.label)).toEqual(
      ['Getting it ready', 'On its way'],
    );
    expect((await shopperView(buyer, order.invoiceId, 'ar')).fulfilment.label).toBe('في الطريق إليك');
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audit.at(-1)?.after).toMatchObject({ fulfilmentLabels: labels });
    await put(owner, {
      fulfilmentLabels: {
        ...labels,
        preparing: { ar: 'قيد التجهيز', en: 'Preparing' },
        shipped: { ar: 'تم الشحن', en: 'Shipped' },
      },
    });
  });

  it('two members moving one order at once make one change', async () => {
    const { order } = await paidOrder(1);
    const answers = await Promise.all([
      move(order.number, { status: 'delivered' }),
      move(order.number, { status: 'delivered' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, order.invoiceId));
    expect(rows).toHaveLength(1);
    expect((await orderRow(t.app.db, order.invoiceId)).received).toBe(true);
  });

  it('the database keeps invoiceReceived true exactly when delivered', async () => {
    const { order } = await paidOrder(1);
    await expect(
      t.app.db.update(orders).set({ received: true }).where(eq(orders.id, order.invoiceId)),
    ).rejects.toThrow();
  });
});

describe('migration 0023: fulfilment statuses', { timeout: MIGRATION_TEST_TIMEOUT }, () => {
  it('keeps shipped orders shipped and delivered ones delivered, with their dates on the timeline', async () => {
    const { client, upgrade, close } = await databaseBefore('0023_fulfilment_statuses');
    try {
      await client.exec(`
        insert into users (id, name, email, phone, password_hash)
          values ('00000000-0000-4000-8000-000000000001', 'Old Shopper', 'old@example.com', '+966500000001', 'x');
        insert into orders (id, user_id, status, received, shipped_at, delivered_at, address, subtotal_halalas,
                            shipping_halalas, discount_halalas, total_halalas, vat_halalas, expires_at, paid_at)
        values
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'paid', false,
           '2026-05-01T10:00:00Z', null, 'Riyadh', 100, 0, 0, 100, 13, now(), now()),
          ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'paid', true,
           '2026-05-01T10:00:00Z', '2026-05-02T12:00:00Z', 'Riyadh', 100, 0, 0, 100, 13, now(), now()),
          ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-000000000001', 'paid', false,
           null, null, 'Riyadh', 100, 0, 0, 100, 13, now(), now());`);
      await upgrade();
      const { rows } = await client.query<{
        id: string;
        fulfilment: string;
        stage: string;
        received: boolean;
      }>(`select id, fulfilment, stage, received from orders order by id`);
      expect(rows.map((r) => [r.fulfilment, r.stage, r.received])).toEqual([
        ['shipped', 'shipped', false],
        ['delivered', 'delivered', true],
        ['unfulfilled', 'paid', false],
      ]);
      const events = await client.query<{ order_id: string; status: string; at: Date }>(
        `select order_id, status, at from order_fulfilment_events order by order_id, id`,
      );
      expect(events.rows.map((e) => [e.order_id.slice(-2), e.status, new Date(e.at).toISOString()])).toEqual([
        ['a1', 'shipped', '2026-05-01T10:00:00.000Z'],
        ['a2', 'shipped', '2026-05-01T10:00:00.000Z'],
        ['a2', 'delivered', '2026-05-02T12:00:00.000Z'],
      ]);
    } finally {
      await close();
    }
  });
});

describe('the packing slip page', () => {
  let t: TestContext;

  beforeAll(async () => {
    ensureWebBuild();
    t = await createTestApp({ WEB_BUILD_DIR: path.join(root, 'apps/web/build') });
  }, 180_000);
  afterAll(() => t.close());

  it('prints the national address, the lines without prices and the order number as a barcode', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 12_345, stock: 10, sku: 'PS5-SLIM-1TB' });
    const buyer = await createShopper(t.app.db);
    await putInCart(t.app.db, buyer.id, product.id, 2);
    const order = await placeOrderOk(t, buyer);
    await payOnSandbox(t, buyer, order);
    await t.app.db
      .update(orders)
      .set({
        shortAddress: 'RRRD2929',
        buildingNumber: '2929',
        street: 'طريق الملك فهد',
        district: 'العليا',
        city: 'الرياض',
        postalCode: '12211',
        additionalNumber: '7788',
      })
      .where(eq(orders.id, order.invoiceId));
    const { headers } = await signedInMember(t.app.db, { role: 'staff' });
    const page = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${lang === 'en' ? '/en' : ''}/dashboard/orders/${order.number}/packing-slip`,
        headers: { ...headers, accept: 'text/html' },
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const ar = await page('ar');
    for (const part of [
      'RRRD2929',
      '2929',
      'طريق الملك فهد',
      'العليا',
      'الرياض',
      '12211',
      '7788',
      'PS5-SLIM-1TB',
    ])
      expect(ar).toContain(part);
    expect(ar).toContain(product.nameAr);
    // Nothing about money: the slip goes in the box.
    expect(ar).not.toMatch(/123\.45|ر\.س|SAR/);
    const barcode = /<svg viewBox="0 0 (\d+) \d+"[^>]*data-testid="order-barcode"[^>]*>(.*?)<\/svg>/.exec(ar);
    expect(barcode).not.toBeNull();
    expect(barcode![2]).toMatch(/<path stroke="#000" stroke-width="\d+" d="M\d+ \d+L\d+ 0/);
    const en = await page('en');
    expect(en).toContain('Packing slip');
    expect(en).toContain(product.nameEn);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/en/dashboard/orders/99999999/packing-slip',
      headers: { ...headers, accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
