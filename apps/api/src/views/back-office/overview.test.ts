import { adminPaths, overviewSchema } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customerStats, orders } from '../../modules/orders/schema.ts';
import { refunds } from '../../modules/refunds/schema.ts';
import { createProduct, createProductWithVariants } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { signedInMember } from '../../test/staff.ts';
import { insertUser } from '../../test/users.ts';
import { putSettings } from '../../modules/settings/service.ts';
import { overview, riyadhDay, riyadhMidnight } from './overview.ts';

/** An instant written as Riyadh local time. */
const riyadh = (local: string) => new Date(`${local}+03:00`);

describe('the back-office overview', () => {
  let t: TestContext;
  let userId: string;
  let sequence = 0;

  async function order(
    totalHalalas: number,
    at: Date,
    {
      status = 'paid',
      received = false,
      paymentMethod = 'card',
    }: {
      status?: 'paid' | 'failed' | 'expired' | 'awaiting_payment';
      received?: boolean;
      paymentMethod?: 'card' | 'tabby' | 'applepay';
    } = {},
  ) {
    const paid = status === 'paid';
    const [row] = await t.app.db
      .insert(orders)
      .values({
        userId,
        paymentMethod,
        status,
        received,
        fulfilment: received ? 'delivered' : 'unfulfilled',
        address: 'Riyadh',
        subtotalHalalas: totalHalalas,
        shippingHalalas: 0,
        discountHalalas: 0,
        totalHalalas,
        vatHalalas: Math.round((totalHalalas * 15) / 115),
        expiresAt: at,
        paidAt: paid ? at : null,
        paymentId: paid ? `pay_overview_${++sequence}` : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: orders.id, paymentId: orders.paymentId });
    return row!;
  }

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await insertUser(t.app.db)).id;
  });
  afterAll(() => t.close());

  it('counts Riyadh days: midnight belongs to the day it starts, not the one before', () => {
    const midnight = riyadh('2026-03-10T00:00:00');
    expect(riyadhDay(midnight)).toBe(riyadhDay(riyadh('2026-03-10T23:59:59')));
    expect(riyadhDay(new Date(midnight.getTime() - 1))).toBe(riyadhDay(midnight) - 1);
    expect(riyadhMidnight(riyadhDay(riyadh('2026-03-10T15:00:00'))).toISOString()).toBe(
      '2026-03-09T21:00:00.000Z',
    );
  });

  it('sums paid orders today, over 7 and 30 Riyadh days, leaving out unpaid ones and those outside', async () => {
    // 1 SAR = 100 halalas; each amount is unique so a wrong window shows in the sum.
    await order(100_00, riyadh('2026-03-10T00:00:00')); // today, at its first instant
    await order(7_00, riyadh('2026-03-10T09:30:00'), { received: true }); // today, delivered
    await order(20_00, riyadh('2026-03-09T23:59:59')); // yesterday's last second
    await order(300_00, riyadh('2026-03-04T00:00:00')); // six days ago: in the 7 days
    await order(4000_00, riyadh('2026-03-03T23:59:59')); // seven days ago: only in the 30
    await order(50000_00, riyadh('2026-02-09T00:00:00')); // 29 days ago: in the 30
    await order(600000_00, riyadh('2026-02-08T23:59:59')); // 30 days ago: outside
    await order(9_00, riyadh('2026-03-10T08:00:00'), { status: 'failed' });
    await order(8_00, riyadh('2026-03-10T08:10:00'), { status: 'expired' });
    await order(5_00, riyadh('2026-03-10T09:00:00'), { status: 'awaiting_payment' });

    const figures = await overview(t.app.db, 'en', riyadh('2026-03-10T10:00:00'));
    expect(figures.today).toEqual({ from: '2026-03-09T21:00:00.000Z', salesHalalas: 107_00, orders: 2 });
    expect(figures.last7Days).toEqual({ from: '2026-03-03T21:00:00.000Z', salesHalalas: 427_00, orders: 4 });
    expect(figures.last30Days).toEqual({
      from: '2026-02-08T21:00:00.000Z',
      salesHalalas: 54427_00,
      orders: 6,
    });
    expect(figures.averageOrderHalalas).toBe(Math.round(54427_00 / 6));
    expect(figures.daily).toHaveLength(30);
    expect(figures.daily[0]).toEqual({ date: '2026-02-09', salesHalalas: 50000_00, orders: 1 });
    expect(figures.daily.at(-1)).toEqual({ date: '2026-03-10', salesHalalas: 107_00, orders: 2 });
    expect(figures.daily.at(-2)).toEqual({ date: '2026-03-09', salesHalalas: 20_00, orders: 1 });
    expect(figures.daily.reduce((s, d) => s + d.salesHalalas, 0)).toBe(54427_00);
    // Placed in the 30 days: the order of 30 days ago is not counted.
    expect(figures.ordersByStatus).toEqual([
      { status: 'paid', count: 5 },
      { status: 'awaiting_payment', count: 1 },
      { status: 'delivered', count: 1 },
      { status: 'expired', count: 1 },
      { status: 'failed', count: 1 },
    ]);
  });

  it('lists the products at or under the low-stock setting, fewest first, 5 when it is unset', async () => {
    const made = await Promise.all([0, 2, 3, 4, 5, 6, 40].map((stock) => createProduct(t.app.db, { stock })));
    const byDefault = (await overview(t.app.db, 'en')).lowStock;
    expect(byDefault.threshold).toBe(5);
    expect(byDefault.total).toBe(5);
    expect(byDefault.items.map((p) => p.stock)).toEqual([0, 2, 3, 4, 5]);
    expect(byDefault.items[0]).toMatchObject({ id: made[0]!.id, sku: made[0]!.sku, name: made[0]!.nameEn });

    await putSettings(t.app.db, { lowStockThreshold: 2 });
    const arabic = (await overview(t.app.db, 'ar')).lowStock;
    expect(arabic).toMatchObject({ threshold: 2, total: 2 });
    expect(arabic.items.map((p) => p.name)).toEqual([made[0]!.nameAr, made[1]!.nameAr]);
  });

  it('counts a variant running out, named with its option values, while its product has stock', async () => {
    const { product } = await createProductWithVariants(
      t.app.db,
      [
        {
          nameAr: 'السعة',
          nameEn: 'Storage',
          values: [
            { ar: '128 جيجابايت', en: '128 GB' },
            { ar: '256 جيجابايت', en: '256 GB' },
          ],
        },
      ],
      [
        { sku: 'LOW-128', values: ['128 GB'], priceHalalas: 100_00, stock: 30 },
        { sku: 'LOW-256', values: ['256 GB'], priceHalalas: 120_00, stock: 1 },
      ],
      { nameEn: 'Phone X', nameAr: 'هاتف X' },
    );
    for (const [lang, name] of [
      ['en', 'Phone X · 256 GB'],
      ['ar', 'هاتف X · 256 جيجابايت'],
    ] as const) {
      const { items } = (await overview(t.app.db, lang)).lowStock;
      expect(items).toContainEqual({ id: product.id, sku: 'LOW-256', name, stock: 1 });
      expect(items.map((i) => i.sku)).not.toContain('LOW-128');
    }
  });

  it('answers the same figures at GET /api/admin/overview to staff, as of now', async () => {
    const { headers } = await signedInMember(t.app.db, { role: 'staff' });
    await order(1234_00, new Date());
    const res = await t.app.inject({ method: 'GET', url: adminPaths.overview.pattern, headers });
    expect(res.statusCode, res.body).toBe(200);
    const figures = overviewSchema.parse(res.json());
    expect(figures.today.salesHalalas).toBe(1234_00);
    expect(figures.daily.at(-1)).toMatchObject({ salesHalalas: 1234_00, orders: 1 });
    expect(figures.lowStock.threshold).toBe(2);
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });
  it('takes completed refunds off the sales of the day they were made, and off what the shopper spent', async () => {
    const shopper = (await insertUser(t.app.db)).id;
    const paidAt = riyadh('2027-05-10T12:00:00');
    const [paid] = await t.app.db
      .insert(orders)
      .values({
        userId: shopper,
        status: 'paid',
        address: 'Riyadh',
        subtotalHalalas: 500_00,
        shippingHalalas: 0,
        discountHalalas: 0,
        totalHalalas: 500_00,
        vatHalalas: 65_22,
        expiresAt: paidAt,
        paidAt,
        paymentId: 'pay_overview_refunded',
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .returning({ id: orders.id });
    const refund = (
      key: string,
      amountHalalas: number,
      status: 'pending' | 'succeeded' | 'failed',
      at: Date,
    ) => ({
      orderId: paid!.id,
      idempotencyKey: key,
      amountHalalas,
      reason: 'test',
      status,
      provider: 'sandbox' as const,
      paymentId: 'pay_overview_refunded',
      refundedBeforeHalalas: 0,
      actor: 'owner@shop.test',
      createdAt: at,
      completedAt: status === 'pending' ? null : at,
    });
    const madeAt = riyadh('2027-05-12T09:00:00');
    await t.app.db
      .insert(refunds)
      .values([refund('done', 120_00, 'succeeded', madeAt), refund('refused', 30_00, 'failed', madeAt)]);
    await t.app.db.insert(refunds).values(refund('waiting', 10_00, 'pending', madeAt));
    // What the refund service does when a refund completes.
    await t.app.db.update(orders).set({ refundedHalalas: 120_00 }).where(eq(orders.id, paid!.id));

    const figures = await overview(t.app.db, 'en', riyadh('2027-05-12T10:00:00'));
    // Only the completed refund counts, on its own day; the order still counts once, on its day.
    expect(figures.today).toMatchObject({ salesHalalas: -120_00, orders: 0 });
    expect(figures.last7Days).toMatchObject({ salesHalalas: 380_00, orders: 1 });
    expect(figures.daily.find((d) => d.date === '2027-05-10')).toMatchObject({
      salesHalalas: 500_00,
      orders: 1,
    });
    const [stats] = await t.app.db.select().from(customerStats).where(eq(customerStats.userId, shopper));
    expect(stats).toMatchObject({ ordersCount: 1, spentHalalas: 380_00 });
  });

  it('splits sales by payment method over 7 and 30 days, net of refunds, in the same read', async () => {
    await order(1_000_00, riyadh('2028-01-20T10:00:00'), { paymentMethod: 'tabby' }); // 7 days
    const refunded = await order(400_00, riyadh('2028-01-05T10:00:00'), { paymentMethod: 'tabby' }); // 30 only
    await order(250_00, riyadh('2028-01-21T10:00:00')); // card, 7 days
    await order(70_00, riyadh('2027-12-01T10:00:00'), { paymentMethod: 'applepay' }); // outside the 30
    await t.app.db.insert(refunds).values({
      orderId: refunded.id,
      idempotencyKey: 'by-method',
      amountHalalas: 150_00,
      reason: 'test',
      status: 'succeeded',
      provider: 'tabby-sandbox',
      paymentId: refunded.paymentId!,
      refundedBeforeHalalas: 0,
      actor: 'owner@shop.test',
      createdAt: riyadh('2028-01-21T09:00:00'),
      completedAt: riyadh('2028-01-21T09:00:00'),
    });
    const figures = await overview(t.app.db, 'ar', riyadh('2028-01-22T12:00:00'));
    expect(figures.salesByMethod).toEqual([
      {
        method: 'card',
        last7Days: { salesHalalas: 250_00, orders: 1 },
        last30Days: { salesHalalas: 250_00, orders: 1 },
      },
      {
        method: 'tabby',
        // The refund falls in the 7 days, the order it refunds before them.
        last7Days: { salesHalalas: 1_000_00 - 150_00, orders: 1 },
        last30Days: { salesHalalas: 1_400_00 - 150_00, orders: 2 },
      },
    ]);
    // The split adds up to the overview's own figures.
    const sum = (k: 'last7Days' | 'last30Days') =>
      figures.salesByMethod.reduce((s, m) => s + m[k].salesHalalas, 0);
    expect(sum('last7Days')).toBe(figures.last7Days.salesHalalas);
    expect(sum('last30Days')).toBe(figures.last30Days.salesHalalas);
  });
});
