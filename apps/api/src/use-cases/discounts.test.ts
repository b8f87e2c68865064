import { apiPaths, discountPaths, refundPaths, type Order } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, discountRedemptions } from '../modules/discounts/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import { createCategory, createProduct } from '../test/factories.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { orderRow, payOnSandbox, placeOrderCall, putInCart } from '../test/shoppers.ts';
import { signedInMember } from '../test/staff.ts';
import { reconcilePayments } from './checkout/reconcile.ts';
import { discountCalls, expectConsistent } from '../test/order-money.ts';

/**
 * Discount codes from the outside: the owner makes them, a shopper applies one to the cart,
 * checkout takes a use of it on the database (exactly as many orders as the code allows, even
 * racing), and the money adds up on the order's lines, its invoice and its e-invoice.
 */
describe('discount codes', () => {
  let t: TestContext;
  let owner: Awaited<ReturnType<typeof signedInMember>>;
  let staff: Awaited<ReturnType<typeof signedInMember>>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInMember(t.app.db, { role: 'owner' });
    staff = await signedInMember(t.app.db, { role: 'staff' });
  });
  afterAll(() => t.close());

  async function createCode(body: Record<string, unknown>, headers = owner.headers) {
    return t.app.inject({
      method: 'POST',
      url: `${discountPaths.adminCodes.build({})}?lang=en`,
      headers,
      payload: { enabled: true, ...body },
    });
  }

  async function code(body: Record<string, unknown>): Promise<string> {
    n += 1;
    const name = `CODE${n}X`;
    const res = await createCode({ code: name, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return name;
  }

  const { apply, cartOf, shopperWith, placed } = discountCalls(() => t);

  it('lets staff read codes but only owners create them', async () => {
    const refused = await createCode({ code: 'STAFFTRY', kind: 'percent', value: 10 }, staff.headers);
    expect(refused.statusCode).toBe(403);
    const name = await code({ kind: 'percent', value: 10 });
    const list = await t.app.inject({
      method: 'GET',
      url: `${discountPaths.adminCodes.build({})}?q=${name.toLowerCase()}&status=active`,
      headers: staff.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((c: { code: string }) => c.code)).toEqual([name]);
    const taken = await createCode({ code: name.toLowerCase(), kind: 'fixed', value: 5 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('DISCOUNT_CODE_TAKEN');
  });

  it('applies a code typed in any case, with spaces and Arabic-Indic digits, and shows it on the cart', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 20_000, stock: 10 });
    await createCode({ code: 'RAMADAN25', kind: 'percent', value: 25 });
    const shopper = await shopperWith([[product.id, 2]]);
    const res = await apply(shopper, '  ramadan٢٥ ');
    expect(res.statusCode, res.body).toBe(200);
    const cart = await cartOf(shopper);
    expect(cart.discountCode).toMatchObject({
      code: 'RAMADAN25',
      valid: true,
      discount: 100,
      freeShipping: false,
    });
    expect(cart.discountCode?.lines).toEqual([{ carId: cart.cartProduct[0]!.carId, discount: 100 }]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: discountPaths.cartCode.build({}),
      headers: shopper.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await cartOf(shopper)).discountCode).toBeUndefined();
  });

  it('refuses expired, not yet started, below-minimum, out-of-scope and unknown codes, in both languages', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 10 });
    const other = await createCategory(t.app.db);
    const shopper = await shopperWith([[product.id, 1]]);
    const cases: [Record<string, unknown>, string][] = [
      [
        { kind: 'percent', value: 10, startsAt: '2020-01-01T00:00', endsAt: '2020-02-01T00:00' },
        'DISCOUNT_CODE_EXPIRED',
      ],
      [{ kind: 'percent', value: 10, startsAt: '2099-01-01T00:00' }, 'DISCOUNT_CODE_NOT_STARTED'],
      [{ kind: 'fixed', value: 10, minSubtotal: 500 }, 'DISCOUNT_CODE_BELOW_MINIMUM'],
      [{ kind: 'percent', value: 10, scope: 'items', categoryIds: [other.id] }, 'DISCOUNT_CODE_OUT_OF_SCOPE'],
    ];
    for (const [terms, error] of cases) {
      const name = await code(terms);
      const en = await apply(shopper, name, 'en');
      expect(en.statusCode, en.body).toBe(409);
      expect(en.json().code).toBe(error);
      const ar = await apply(shopper, name, 'ar');
      expect(ar.json().message).toMatch(/[\u0600-\u06FF]/);
      expect(ar.json().message).not.toBe(en.json().message);
    }
    const below = await apply(shopper, `CODE${n - 1}X`, 'en');
    expect(below.json().message).toContain('500.00 SAR');
    const unknown = await apply(shopper, 'NOSUCHCODE');
    expect(unknown.statusCode).toBe(404);
    expect((await cartOf(shopper)).discountCode).toBeUndefined();
  });

  it('spreads 10 % over three 9.99 SAR lines to the halala and the order, invoice and e-invoice agree', async () => {
    const products = await Promise.all(
      [0, 1, 2].map(() => createProduct(t.app.db, { priceHalalas: 999, stock: 10 })),
    );
    const name = await code({ kind: 'percent', value: 10 });
    const shopper = await shopperWith(products.map((p) => [p.id, 1]));
    expect((await apply(shopper, name)).statusCode).toBe(200);
    const { order, lines } = await placed(shopper);
    expect(order.codeDiscountHalalas).toBe(300);
    expect(lines.map((l) => l.codeDiscountHalalas)).toEqual([100, 100, 100]);
    expect(order.totalHalalas).toBe(2_997 - 300 + 7_000);
    expectConsistent(order, lines);
  });

  it('takes one halala where it falls (largest remainder), takes a line to zero at 100 %, and caps a fixed amount at the goods', async () => {
    // 1 SAR off 1.01 + 1.01 + 1.01: 100 halalas over 303, the remainder to the first line.
    const cheap = await Promise.all(
      [0, 1, 2].map(() => createProduct(t.app.db, { priceHalalas: 101, stock: 10 })),
    );
    const one = await code({ kind: 'fixed', value: 1 });
    const a = await shopperWith(cheap.map((p) => [p.id, 1]));
    await apply(a, one);
    const first = await placed(a);
    expect(first.lines.map((l) => l.codeDiscountHalalas)).toEqual([34, 33, 33]);
    expectConsistent(first.order, first.lines);

    const category = await createCategory(t.app.db);
    const free = await createProduct(t.app.db, { priceHalalas: 12_345, stock: 10, categoryId: category.id });
    const paid = await createProduct(t.app.db, { priceHalalas: 5_000, stock: 10 });
    const all = await code({ kind: 'percent', value: 100, scope: 'items', categoryIds: [category.id] });
    const b = await shopperWith([
      [free.id, 1],
      [paid.id, 1],
    ]);
    await apply(b, all);
    const second = await placed(b);
    const byProduct = new Map(second.lines.map((l) => [l.productId, l.codeDiscountHalalas]));
    expect(byProduct.get(free.id)).toBe(12_345);
    expect(byProduct.get(paid.id)).toBe(0);
    expect(second.order.totalHalalas).toBe(5_000 + 7_000);
    expectConsistent(second.order, second.lines);

    const big = await code({ kind: 'fixed', value: 1_000 });
    const c = await shopperWith([[paid.id, 2]]);
    await apply(c, big);
    const third = await placed(c);
    expect(third.order.codeDiscountHalalas).toBe(10_000);
    expect(third.order.totalHalalas).toBe(7_000);
    expectConsistent(third.order, third.lines);
  });

  it('waives the shipping fee for a free-shipping code, and a fixed code on the same goods adds up too', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 33_333, stock: 10 });
    const ship = await code({ kind: 'free_shipping' });
    const a = await shopperWith([[product.id, 1]]);
    await apply(a, ship);
    expect((await cartOf(a)).discountCode).toMatchObject({ freeShipping: true, discount: 0 });
    const { order, lines } = await placed(a);
    expect(order).toMatchObject({ shippingHalalas: 0, shippingWaivedHalalas: 7_000, totalHalalas: 33_333 });
    expectConsistent(order, lines);

    const fixed = await code({ kind: 'fixed', value: 50.01 });
    const b = await shopperWith([[product.id, 3]]);
    await apply(b, fixed);
    const second = await placed(b);
    expect(second.order.totalHalalas).toBe(99_999 - 5_001 + 7_000);
    expectConsistent(second.order, second.lines);
  });

  it('honours the agreed price when the code expires between the order and the payment, and counts its paid sales', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 10 });
    const name = await code({ kind: 'fixed', value: 20 });
    const shopper = await shopperWith([[product.id, 1]]);
    await apply(shopper, name);
    const { answer, order } = await placed(shopper);
    await t.app.db
      .update(discountCodes)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.code, name));
    await payOnSandbox(t, shopper, answer);
    const paid = await orderRow(t.app.db, order.id);
    expect(paid).toMatchObject({ status: 'paid', totalHalalas: 8_000 + 7_000 });
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.orderById.build({ invoiceId: order.id })}?lang=en`,
      headers: shopper.headers,
    });
    const shown: Order = res.json();
    expect(shown.totals).toMatchObject({ discountCode: name, codeDiscount: 20, total: 150 });
    expect(shown.products[0]).toMatchObject({ lineTotal: 100, codeDiscount: 20, linePaid: 80 });
    const list = await t.app.inject({
      method: 'GET',
      url: `${discountPaths.adminCodes.build({})}?q=${name}`,
      headers: staff.headers,
    });
    expect(list.json().items[0]).toMatchObject({
      code: name,
      status: 'expired',
      uses: 1,
      paidOrders: 1,
      sales: 150,
    });
  });

  it('limits uses per customer and gives a use back when an unpaid order expires', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 10 });
    const name = await code({ kind: 'percent', value: 5, perCustomerLimit: 1 });
    const shopper = await shopperWith([[product.id, 1]]);
    await apply(shopper, name);
    const first = await placed(shopper);
    await payOnSandbox(t, shopper, first.answer);
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const again = await apply(shopper, name);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DISCOUNT_CODE_CUSTOMER_LIMIT');

    const limited = await code({ kind: 'percent', value: 5, usageLimit: 1 });
    const other = await shopperWith([[product.id, 1]]);
    await apply(other, limited);
    const unpaid = await placed(other);
    expect(
      (await t.app.db.select().from(discountCodes).where(eq(discountCodes.code, limited)))[0]!.uses,
    ).toBe(1);
    await reconcilePayments(
      { ...t.app.shop, provider: t.app.payments },
      { now: new Date(Date.now() + 24 * 3600_000) },
    );
    expect((await orderRow(t.app.db, unpaid.order.id)).status).toBe('expired');
    expect(
      (await t.app.db.select().from(discountCodes).where(eq(discountCodes.code, limited)))[0]!.uses,
    ).toBe(0);
  });

  it('gives the use back on a full refund only, and a line refund gives back what was paid for it', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 10 });
    const name = await code({ kind: 'fixed', value: 30 });
    const shopper = await shopperWith([[product.id, 2]]);
    await apply(shopper, name);
    const { answer, order } = await placed(shopper);
    await payOnSandbox(t, shopper, answer);
    const refunds = await t.app.inject({
      method: 'GET',
      url: `${refundPaths.orderRefunds.build({ id: order.id })}?lang=en`,
      headers: owner.headers,
    });
    const line = refunds.json().lines[0];
    expect(line).toMatchObject({ unitPrice: 100, quantity: 2, paid: 170 });
    const refund = (amount: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `${refundPaths.orderRefunds.build({ id: order.id })}?lang=en`,
        headers: owner.headers,
        payload: { amount, reason: 'returned', idempotencyKey: key, returnStock: [] },
      });
    expect((await refund(85, 'partial-refund-1')).statusCode).toBe(201);
    const uses = async () =>
      (await t.app.db.select().from(discountCodes).where(eq(discountCodes.code, name)))[0]!.uses;
    expect(await uses()).toBe(1);
    expect((await refund(85 + 70, 'rest-refund-2')).statusCode).toBe(201);
    expect(await uses()).toBe(0);
    const [redemption] = await t.app.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.orderId, order.id));
    expect(redemption!.releasedAt).not.toBeNull();
  });

  it('30 shoppers racing for a code with 10 uses, on two shop processes, get exactly 10 orders with it', async () => {
    const second = process.env.TEST_DATABASE_URL
      ? await createTestApp({ DATABASE_URL: t.config.databaseUrl! })
      : null;
    try {
      const product = await createProduct(t.app.db, { priceHalalas: 5_000, stock: 1_000 });
      const name = await code({ kind: 'percent', value: 50, usageLimit: 10 });
      const shoppers = await Promise.all(Array.from({ length: 30 }, () => shopperWith([[product.id, 1]])));
      for (const s of shoppers) expect((await apply(s, name)).statusCode).toBe(200);
      const answers = await Promise.all(
        shoppers.map((s, i) => placeOrderCall(i % 2 && second ? second : t, s, {}, 'en')),
      );
      const placedCount = answers.filter((r) => r.statusCode === 201).length;
      const refused = answers.filter((r) => r.statusCode === 409);
      expect(placedCount).toBe(10);
      expect(refused).toHaveLength(20);
      for (const r of refused) expect(r.json().code).toBe('DISCOUNT_CODE_USED_UP');
      const [row] = await t.app.db.select().from(discountCodes).where(eq(discountCodes.code, name));
      expect(row!.uses).toBe(10);
      const withCode = await t.app.db.select().from(orders).where(eq(orders.discountCode, name));
      expect(withCode).toHaveLength(10);
    } finally {
      await second?.close();
    }
  });
});
