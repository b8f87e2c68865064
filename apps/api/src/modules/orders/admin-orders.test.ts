import {
  adminOrderPaths,
  apiPaths,
  type AdminOrder,
  type AdminOrdersPage,
  type OrderWithPayment,
  type PayInvoiceAnswer,
  type SandboxPayAnswer,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { orders } from './schema.ts';
import { payments } from '../payments/schema.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { placeOrderCall, productState, putInCart, type Shopper } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { signedInUser } from '../../test/users.ts';

const card = { number: '4111111111111111', name: 'Sara Ali', month: 12, year: 2099, cvc: '123' };

describe('orders in the back office', () => {
  let t: TestContext;
  let product: ProductRow;
  let staffHeaders: Record<string, string>;
  let ownerHeaders: Record<string, string>;
  let staffId: string;

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 25_000, stock: 1_000 });
    const member = await signedInMember(t.app.db, { role: 'staff', name: 'Huda Staff' });
    staffHeaders = member.headers;
    staffId = member.member.id;
    ownerHeaders = (await signedInMember(t.app.db, { role: 'owner' })).headers;
  });
  afterAll(() => t.close());

  async function shopper(overrides: Parameters<typeof signedInUser>[1] = {}): Promise<Shopper> {
    const { userId, bearer } = await signedInUser(t.app.db, overrides);
    return { id: userId, headers: { authorization: bearer.authorization! } };
  }

  /** An order of `count` units placed by `who`, awaiting payment. */
  async function placed(
    who: Shopper,
    count = 1,
    extra: Record<string, unknown> = {},
  ): Promise<PayInvoiceAnswer> {
    await putInCart(t.app.db, who.id, product.id, count);
    const res = await placeOrderCall(t, who, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /** The shopper pays at the provider (the sandbox's test card): money taken, not yet verified. */
  async function payAtProvider(who: Shopper, order: PayInvoiceAnswer): Promise<SandboxPayAnswer> {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.sandboxPay.build({}),
      headers: who.headers,
      payload: { ...card, invoiceId: order.invoiceId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** The server verifies the payment with the provider and settles the order. */
  function verify(who: Shopper, paymentId: string) {
    return t.app.inject({
      method: 'POST',
      url: apiPaths.verifyPayment.build({}),
      headers: who.headers,
      payload: { id: paymentId },
    });
  }

  async function pay(who: Shopper, order: PayInvoiceAnswer) {
    return verify(who, (await payAtProvider(who, order)).id);
  }

  async function paidOrder(who?: Shopper, count = 1) {
    const buyer = who ?? (await shopper());
    const order = await placed(buyer, count);
    expect((await pay(buyer, order)).statusCode).toBe(200);
    return { buyer, order };
  }

  function get(url: string, headers = staffHeaders) {
    return t.app.inject({ method: 'GET', url, headers });
  }

  async function list(query: Record<string, string>, headers = staffHeaders): Promise<AdminOrdersPage> {
    const res = await get(`${adminOrderPaths.list.build({})}?${new URLSearchParams(query)}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  function act(
    kind: 'ship' | 'deliver' | 'cancel',
    ref: string | number,
    lang = 'en',
    headers = staffHeaders,
  ) {
    return t.app.inject({
      method: 'POST',
      url: `${adminOrderPaths[kind].build({ ref })}?lang=${lang}`,
      headers,
      ...(kind === 'ship' && { payload: { carrier: 'SMSA', trackingNumber: 'RUH-1' } }),
    });
  }

  async function auditOf(orderId: string) {
    return t.app.db.select().from(auditLog).where(eq(auditLog.entityId, orderId)).orderBy(auditLog.id);
  }

  describe('the list', () => {
    let numbers: number[];
    let noura: Shopper;

    beforeAll(async () => {
      noura = await shopper({ name: 'نورة القحطاني', email: 'noura.q@example.com', phone: '+966551234567' });
      const a = await paidOrder(noura, 1);
      const b = await placed(await shopper({ name: 'Khalid Alharbi', email: 'khalid@mail.test' }), 3);
      const c = await paidOrder(undefined, 2);
      numbers = [a.order.number, b.number, c.order.number];
      // Placed on three days: Riyadh midnight falls at 21:00 UTC the evening before.
      const at = ['2026-03-01T21:30:00Z', '2026-03-02T20:59:00Z', '2026-03-05T10:00:00Z'];
      for (const [i, id] of [a.order.invoiceId, b.invoiceId, c.order.invoiceId].entries())
        await t.app.db
          .update(orders)
          .set({ createdAt: new Date(at[i]!) })
          .where(eq(orders.id, id));
    });

    const within = (page: AdminOrdersPage) =>
      page.items.map((o) => o.number).filter((n) => numbers.includes(n));

    it('pages newest first with a total, and sorts by number, total and status both ways', async () => {
      const all = await list({ from: '2026-03-01', to: '2026-03-31' });
      expect(all.total).toBe(3);
      expect(all.items.map((o) => o.number)).toEqual([numbers[2], numbers[1], numbers[0]]);
      expect(all.items[1]).toMatchObject({
        status: 'awaiting_payment',
        paidAt: null,
        delivered: false,
        total: 820,
        items: 3,
        customer: { name: 'Khalid Alharbi', email: 'khalid@mail.test' },
      });

      const first = await list({ from: '2026-03-01', to: '2026-03-31', pageSize: '2', page: '1' });
      const second = await list({ from: '2026-03-01', to: '2026-03-31', pageSize: '2', page: '2' });
      expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
      expect([...within(first), ...within(second)]).toEqual([numbers[2], numbers[1], numbers[0]]);

      const byTotal = await list({ from: '2026-03-01', to: '2026-03-31', sort: 'total', dir: 'asc' });
      expect(byTotal.items.map((o) => o.total)).toEqual([320, 570, 820]);
      const byNumber = await list({ from: '2026-03-01', to: '2026-03-31', sort: 'number', dir: 'asc' });
      expect(byNumber.items.map((o) => o.number)).toEqual([...numbers].sort((x, y) => x - y));
      const byStatus = await list({ from: '2026-03-01', to: '2026-03-31', sort: 'status', dir: 'asc' });
      expect(byStatus.items.map((o) => o.status)).toEqual(['awaiting_payment', 'paid', 'paid']);
    });

    it('filters by status, paid, delivered and Riyadh days', async () => {
      const range = { from: '2026-03-01', to: '2026-03-31' };
      expect(within(await list({ ...range, status: 'paid' }))).toEqual([numbers[2], numbers[0]]);
      expect(within(await list({ ...range, status: 'awaiting_payment' }))).toEqual([numbers[1]]);
      expect(within(await list({ ...range, paid: 'no' }))).toEqual([numbers[1]]);
      expect(within(await list({ ...range, paid: 'yes' }))).toEqual([numbers[2], numbers[0]]);
      expect(within(await list({ ...range, delivered: 'yes' }))).toEqual([]);
      // 21:30 UTC on 1 March is 2 March in Riyadh; 20:59 UTC on 2 March is still 2 March.
      expect(within(await list({ from: '2026-03-02', to: '2026-03-02' }))).toEqual([numbers[1], numbers[0]]);
      expect(within(await list({ from: '2026-03-03', to: '2026-03-05' }))).toEqual([numbers[2]]);
      expect(within(await list({ to: '2026-03-01' }))).toEqual([]);
    });

    it('finds an order by its number, the customer’s name, e-mail or phone in any of its forms', async () => {
      const found = async (q: string) => (await list({ q })).items.map((o) => o.number);
      expect(await found(String(numbers[1]))).toEqual([numbers[1]]);
      expect(await found('القحطاني')).toEqual([numbers[0]]);
      expect(await found('khalid al')).toEqual([numbers[1]]);
      expect(await found('NOURA.Q@')).toEqual([numbers[0]]);
      expect(await found('0551234567')).toEqual([numbers[0]]);
      expect(await found('+966 55 123 4567')).toEqual([numbers[0]]);
      expect(await found('nobody-like-this')).toEqual([]);
      // The delivery phone given with the order is searched too.
      const other = await shopper();
      const withPhone = await placed(other, 1, { invoiceUserPhone: '0598765432' });
      expect(await found('598765432')).toEqual([withPhone.number]);
      // LIKE's wildcards are text here, not patterns.
      expect(await found('%')).toEqual([]);
    });

    it('refuses a range that ends before it starts, in the member’s language', async () => {
      const res = await get(`${adminOrderPaths.list.build({})}?from=2026-03-05&to=2026-03-01&lang=ar`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'DATE_RANGE_INVALID',
        message: 'تاريخ البداية بعد تاريخ النهاية',
      });
    });

    it('exports the same filters as CSV: UTF-8 with a BOM, Arabic headings, formulas neutralized', async () => {
      const evil = await shopper({ name: '=HYPERLINK("http://x.test","click")', email: 'evil@example.com' });
      const order = await placed(evil, 1, { invoiceUserAdress: '+SUM(A1:A2), "قرب المسجد"\nالرياض' });
      const res = await get(`${adminOrderPaths.csv.build({})}?q=evil%40example.com&lang=ar`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = res.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFFرقم الطلب,تاريخ الطلب,الحالة,')).toBe(true);
      // One order matches: the heading line, then its row (whose quoted address holds a line break).
      expect(text.split(`\r\n${order.number},`)).toHaveLength(2);
      expect(text).toContain(',بانتظار الدفع,');
      expect(text).toContain(`,"'=HYPERLINK(""http://x.test"",""click"")",`);
      expect(text).toContain(`,"'+SUM(A1:A2), ""قرب المسجد""\nالرياض",`);
      expect(text.endsWith(',1,250.00,0.00,70.00,41.74,320.00\r\n')).toBe(true);

      const english = await get(
        `${adminOrderPaths.csv.build({})}?from=2026-03-01&to=2026-03-31&sort=number&dir=asc&lang=en`,
      );
      const lines = english.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
      expect(lines[0]).toMatch(/^Order number,Placed,Status,Paid,Shipped,Delivered,Customer name,/);
      expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([...numbers].sort((x, y) => x - y));
      expect(lines[1 + [...numbers].sort((x, y) => x - y).indexOf(numbers[1]!)]).toContain(
        '2026-03-02 23:59,Awaiting payment',
      );
    });
  });

  describe('details and fulfilment', () => {
    it('shows one order by number or id: lines, totals, customer, map link, payment and timeline', async () => {
      const buyer = await shopper({ name: 'Reem Test' });
      const order = await placed(buyer, 2, {
        invoiceUserLocation: '24.7136,46.6753',
        invoiceNote: 'Ring twice',
      });
      const before = (await get(adminOrderPaths.detail.build({ ref: order.number }))).json() as AdminOrder;
      expect(before).toMatchObject({
        number: order.number,
        status: 'awaiting_payment',
        can: { ship: false, deliver: false, cancel: true, refund: false },
        invoice: null,
        payments: [],
        timeline: [{ event: 'created', by: null }],
      });
      expect((await pay(buyer, order)).statusCode).toBe(200);

      const res = await get(`${adminOrderPaths.detail.build({ ref: order.invoiceId })}?lang=en`);
      expect(res.statusCode).toBe(200);
      const details: AdminOrder = res.json();
      expect(details).toMatchObject({
        id: order.invoiceId,
        status: 'paid',
        customer: { name: 'Reem Test' },
        note: 'Ring twice',
        location: '24.7136,46.6753',
        mapUrl: 'https://www.openstreetmap.org/?mlat=24.7136&mlon=46.6753#map=17/24.7136/46.6753',
        lines: [
          {
            productId: product.id,
            name: product.nameEn,
            unitPrice: 250,
            listPrice: 250,
            quantity: 2,
            lineTotal: 500,
          },
        ],
        totals: { subtotal: 500, discount: 0, shipping: 70, vat: 74.35, total: 570, currency: 'SAR' },
        payments: [
          { provider: 'sandbox', status: 'paid', amount: 570, message: 'APPROVED', paidTheOrder: true },
        ],
        can: { ship: true, deliver: true, cancel: false, refund: true },
      });
      expect(details.timeline.map((e) => e.event)).toEqual(['created', 'paid']);
      expect(details.invoice).toMatchObject({
        invoiceNumber: order.number,
        sellerNameEn: 'Electronics Shop',
      });
      expect(details.invoice?.qrImage).toMatch(/^data:image\/png;base64,/);

      expect((await get(adminOrderPaths.detail.build({ ref: 99_999_999 }))).statusCode).toBe(404);
      expect((await get(adminOrderPaths.detail.build({ ref: 'not-an-order' }))).statusCode).toBe(400);
    });

    it('ships then delivers a paid order, each once, with audit entries; the shopper then sees delivered', async () => {
      const { buyer, order } = await paidOrder();
      const shipped = await act('ship', order.number);
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json()).toMatchObject({
        code: 'ORDER_SHIPPED',
        message: 'The order is marked as shipped',
        order: { status: 'shipped', can: { ship: false, deliver: true } },
      });
      // The shopper's answers do not change on shipping: a paid order reads "in progress".
      const shopperView = await t.app.inject({
        method: 'GET',
        url: apiPaths.orderById.build({ invoiceId: order.invoiceId }),
        headers: buyer.headers,
      });
      expect(shopperView.json()).toMatchObject({ status: 'paid', invoiceReceived: false });

      const again = await act('ship', order.number, 'ar');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'ORDER_ALREADY_SHIPPED',
        message: 'تم تعليم هذا الطلب كمشحون من قبل',
      });

      const delivered = await act('deliver', order.number);
      expect(delivered.statusCode).toBe(200);
      const answer: AdminOrder = delivered.json().order;
      expect(answer.status).toBe('delivered');
      expect(answer.timeline.map((e) => [e.event, e.by?.name ?? null])).toEqual([
        ['created', null],
        ['paid', null],
        ['shipped', 'Huda Staff'],
        ['delivered', 'Huda Staff'],
      ]);
      expect((await act('deliver', order.number)).json().code).toBe('ORDER_ALREADY_DELIVERED');
      expect((await act('ship', order.number)).json().code).toBe('ORDER_ALREADY_SHIPPED');

      const view: OrderWithPayment = (
        await t.app.inject({
          method: 'GET',
          url: apiPaths.orderById.build({ invoiceId: order.invoiceId }),
          headers: buyer.headers,
        })
      ).json();
      expect(view).toMatchObject({ status: 'delivered', invoiceReceived: true });

      const entries = await auditOf(order.invoiceId);
      expect(entries.map((e) => [e.action, e.before, e.after, e.staffId])).toEqual([
        [
          'order.mark_shipped',
          { number: order.number, status: 'paid' },
          {
            number: order.number,
            status: 'shipped',
            carrier: 'SMSA',
            trackingNumber: 'RUH-1',
            trackingUrl: '',
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

    it('delivers a paid order that was never shipped, and refuses unpaid ones', async () => {
      const { order } = await paidOrder();
      expect((await act('deliver', order.invoiceId, 'en', ownerHeaders)).json().order.status).toBe(
        'delivered',
      );
      const unpaid = await placed(await shopper());
      const ship = await act('ship', unpaid.number);
      expect(ship.statusCode).toBe(409);
      expect(ship.json()).toMatchObject({ code: 'ORDER_NOT_SHIPPABLE' });
      const deliver = await act('deliver', unpaid.number, 'ar');
      expect(deliver.statusCode).toBe(409);
      expect(deliver.json().message).toBe('لا يمكن تسليم هذا الطلب: يُسلَّم الطلب المدفوع أو المشحون فقط');
      expect(await auditOf(unpaid.invoiceId)).toEqual([]);
      expect((await act('ship', 99_999_999)).statusCode).toBe(404);
    });

    it('two members delivering at once make one change and one audit entry', async () => {
      const { order } = await paidOrder();
      const answers = await Promise.all([
        act('deliver', order.number),
        act('deliver', order.number, 'en', ownerHeaders),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('ORDER_ALREADY_DELIVERED');
      expect((await auditOf(order.invoiceId)).map((e) => e.action)).toEqual(['order.mark_delivered']);
    });
  });

  describe('cancelling an unpaid order', () => {
    it('cancels it, puts its stock back once and records it; a second cancel changes nothing', async () => {
      const buyer = await shopper();
      const start = await productState(t.app.db, product.id);
      const order = await placed(buyer, 4);
      expect((await productState(t.app.db, product.id)).stock).toBe(start.stock - 4);

      const res = await act('cancel', order.number);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'The order is cancelled and its stock is back on sale',
        order: { status: 'cancelled', can: { cancel: false } },
      });
      expect(res.json().order.timeline.map((e: { event: string }) => e.event)).toEqual([
        'created',
        'cancelled',
      ]);
      expect(await productState(t.app.db, product.id)).toEqual(start);

      const again = await act('cancel', order.number);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ORDER_ALREADY_CANCELLED');
      expect(await productState(t.app.db, product.id)).toEqual(start);
      expect((await auditOf(order.invoiceId)).map((e) => [e.action, e.before, e.after])).toEqual([
        [
          'order.cancel',
          { number: order.number, status: 'awaiting_payment' },
          { number: order.number, status: 'cancelled' },
        ],
      ]);

      // The shopper's answers say cancelled, and the order cannot be paid any more.
      const view: OrderWithPayment = (
        await t.app.inject({
          method: 'GET',
          url: apiPaths.orderById.build({ invoiceId: order.invoiceId }),
          headers: buyer.headers,
        })
      ).json();
      expect(view).toMatchObject({ status: 'cancelled', payment: null });
    });

    it('refuses a paid order', async () => {
      const { order } = await paidOrder();
      const res = await act('cancel', order.number, 'ar', ownerHeaders);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' });
    });

    it('three members cancelling at once put the stock back exactly once', async () => {
      const start = await productState(t.app.db, product.id);
      const order = await placed(await shopper(), 5);
      const answers = await Promise.all([
        act('cancel', order.number),
        act('cancel', order.number, 'en', ownerHeaders),
        act('cancel', order.invoiceId),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await productState(t.app.db, product.id)).toEqual(start);
      expect(await auditOf(order.invoiceId)).toHaveLength(1);
    });

    it('a payment that arrives after the cancel is given back, and the stock stays released', async () => {
      const start = await productState(t.app.db, product.id);
      const buyer = await shopper();
      const order = await placed(buyer, 2);
      const taken = await payAtProvider(buyer, order);
      expect((await act('cancel', order.number)).statusCode).toBe(200);
      const late = await verify(buyer, taken.id);
      expect(late.statusCode).not.toBe(200);
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.invoiceId));
      expect(row).toMatchObject({ status: 'cancelled', paymentId: null });
      const [given] = await t.app.db.select().from(payments).where(eq(payments.id, taken.id));
      expect(given?.status).toBe('voided');
      expect(await productState(t.app.db, product.id)).toEqual(start);
    });

    it('racing the payment: either the payment wins and the cancel is refused, or the cancel wins and the money goes back', async () => {
      for (let round = 0; round < 3; round += 1) {
        const start = await productState(t.app.db, product.id);
        const buyer = await shopper();
        const order = await placed(buyer, 2);
        const taken = await payAtProvider(buyer, order);
        const [cancel, payment] = await Promise.all([act('cancel', order.number), verify(buyer, taken.id)]);
        const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.invoiceId));
        const after = await productState(t.app.db, product.id);
        if (cancel.statusCode === 200) {
          expect(row!.status).toBe('cancelled');
          expect(payment.statusCode).not.toBe(200);
          expect(after).toEqual(start);
          const [given] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.invoiceId));
          expect(given?.status).toMatch(/^(voided|refunded)$/);
        } else {
          expect(cancel.statusCode).toBe(409);
          expect(payment.statusCode).toBe(200);
          expect(row!.status).toBe('paid');
          expect(after).toEqual({ stock: start.stock - 2, unitsSold: start.unitsSold + 2 });
        }
      }
    });
  });
});
