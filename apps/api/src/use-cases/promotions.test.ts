import {
  apiPaths,
  discountPaths,
  promotionPaths,
  type AdminPromotion,
  type Order,
  type PagedProducts,
  type ProductDetails,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '../modules/discounts/schema.ts';
import { productVariants } from '../modules/catalog/schema.ts';
import { createCategory, createProduct } from '../test/factories.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { discountCalls, expectConsistent } from '../test/order-money.ts';
import { payOnSandbox } from '../test/shoppers.ts';
import { signedInMember } from '../test/staff.ts';

/**
 * Automatic promotions from the outside: the owner sets one, shoppers see the promoted price
 * and its end on cards and product pages while it runs, the cart and the order take it off each
 * unit, a code beside it is refused unless it combines, the order keeps what it took, and the
 * money adds up on the invoice and the e-invoice.
 */
describe('automatic promotions', () => {
  let t: TestContext;
  let owner: Awaited<ReturnType<typeof signedInMember>>;
  let staff: Awaited<ReturnType<typeof signedInMember>>;
  const hour = 60 * 60_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInMember(t.app.db, { role: 'owner' });
    staff = await signedInMember(t.app.db, { role: 'staff' });
  });
  afterAll(() => t.close());

  function createCall(body: Record<string, unknown>, headers = owner.headers) {
    n += 1;
    return t.app.inject({
      method: 'POST',
      url: `${promotionPaths.adminPromotions.build({})}?lang=en`,
      headers,
      payload: {
        nameAr: `عرض ${n}`,
        nameEn: `Promotion ${n}`,
        enabled: true,
        startsAt: at(-hour),
        endsAt: at(hour),
        ...body,
      },
    });
  }

  async function promotion(body: Record<string, unknown>): Promise<AdminPromotion> {
    const res = await createCall(body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().item;
  }

  async function details(id: number, lang = 'en'): Promise<ProductDetails> {
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.productById.build({ id })}?lang=${lang}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const { apply: applyCode, cartOf, shopperWith, placed } = discountCalls(() => t);

  async function code(body: Record<string, unknown>): Promise<string> {
    n += 1;
    const name = `PROMO${n}CODE`;
    const res = await t.app.inject({
      method: 'POST',
      url: discountPaths.adminCodes.build({}),
      headers: owner.headers,
      payload: { code: name, enabled: true, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return name;
  }

  it('lets staff read promotions but only owners make them; the times are required and in order', async () => {
    const refused = await createCall({ kind: 'percent', value: 10 }, staff.headers);
    expect(refused.statusCode).toBe(403);
    const noEnd = await createCall({ kind: 'percent', value: 10, endsAt: '' });
    expect(noEnd.statusCode).toBe(400);
    expect(noEnd.json().fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.endsAt', code: 'PROMOTION_DATES_REQUIRED' }),
      ]),
    );
    const backwards = await createCall({ kind: 'percent', value: 10, startsAt: at(hour), endsAt: at(-hour) });
    expect(backwards.statusCode).toBe(400);
    const category = await createCategory(t.app.db);
    const made = await promotion({
      kind: 'fixed',
      value: 5,
      scope: 'items',
      categoryIds: [category.id],
      startsAt: '2030-01-03T18:00',
      endsAt: '2030-01-05T23:59',
    });
    // Typed in Riyadh time (UTC+03:00), kept as the instant.
    expect(made).toMatchObject({ startsAt: '2030-01-03T15:00:00.000Z', status: 'scheduled', value: 5 });
    const list = await t.app.inject({
      method: 'GET',
      url: `${promotionPaths.adminPromotions.build({})}?status=scheduled&q=${encodeURIComponent(made.nameEn.toUpperCase())}`,
      headers: staff.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((p: AdminPromotion) => p.id)).toEqual([made.id]);
  });

  it('shows the promoted price and its end on cards and the product page only while it runs, each variant by its own', async () => {
    const category = await createCategory(t.app.db);
    const product = await createProduct(t.app.db, {
      priceHalalas: 20_000,
      stock: 5,
      categoryId: category.id,
    });
    const other = await createProduct(t.app.db, { priceHalalas: 20_000, stock: 5 });
    const later = await promotion({
      kind: 'percent',
      value: 50,
      scope: 'items',
      productIds: [product.id],
      startsAt: at(hour),
      endsAt: at(2 * hour),
    });
    expect((await details(product.id)).promotion).toBeUndefined();
    const running = await promotion({
      kind: 'percent',
      value: 10,
      scope: 'items',
      categoryIds: [category.id],
    });
    const shown = await details(product.id);
    expect(shown).toMatchObject({
      productPrice: 200,
      productPriceAfterOffer: 180,
      promotion: { name: running.nameEn, endsAt: running.endsAt },
    });
    expect(shown.variants[0]).toMatchObject({ price: 200, priceAfterOffer: 180 });
    expect((await details(product.id, 'ar')).promotion?.name).toBe(running.nameAr);
    expect((await details(other.id)).promotion).toBeUndefined();

    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.productsPaged.build({ pageSize: 8, page: 1 })}?categoryId=${category.id}&lang=en`,
    });
    const card = (res.json() as PagedProducts).products.find((p) => p.productId === product.id);
    expect(card).toMatchObject({ productPriceAfterOffer: 180, promotion: { endsAt: running.endsAt } });

    // Switched off: the shelf price again at once, though the cached answer is the same.
    await t.app.inject({
      method: 'PUT',
      url: promotionPaths.adminPromotion.build({ id: running.id }),
      headers: owner.headers,
      payload: { ...running, enabled: false },
    });
    expect((await details(product.id)).productPriceAfterOffer).toBeUndefined();
    expect(later.status).toBe('scheduled');
  });

  it('lowers the cart and the order per unit, keeps what it took when the promotion changes, and the money adds up at 1-halala rounding', async () => {
    const category = await createCategory(t.app.db);
    // 10 % of 1.05 SAR is 10.5 halalas: 11 off each unit, 0.94 SAR a unit, 2.82 SAR for three.
    const cheap = await createProduct(t.app.db, { priceHalalas: 105, stock: 10, categoryId: category.id });
    const plain = await createProduct(t.app.db, { priceHalalas: 999, stock: 10 });
    const p = await promotion({ kind: 'percent', value: 10, scope: 'items', categoryIds: [category.id] });
    const shopper = await shopperWith([
      [cheap.id, 3],
      [plain.id, 1],
    ]);
    const cart = await cartOf(shopper);
    const line = cart.cartProduct.find((l) => l.productId === cheap.id)!;
    expect(line).toMatchObject({
      productPrice: 0.94,
      productPriceBeforeOffer: 1.05,
      promotion: { endsAt: p.endsAt },
    });
    expect(cart.cartTotalPrice).toBe(2.82 + 9.99);

    const { order, lines, answer } = await placed(shopper);
    const promoted = lines.find((l) => l.productId === cheap.id)!;
    expect(promoted).toMatchObject({
      unitPriceHalalas: 94,
      listPriceHalalas: 105,
      promotionId: p.id,
      promotionHalalas: 33,
    });
    expect(order.totalHalalas).toBe(282 + 999 + 7_000);
    expectConsistent(order, lines);

    // A later edit of the promotion never changes the order.
    await t.app.inject({
      method: 'PUT',
      url: promotionPaths.adminPromotion.build({ id: p.id }),
      headers: owner.headers,
      payload: { ...p, value: 50 },
    });
    await payOnSandbox(t, shopper, answer);
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.orderById.build({ invoiceId: order.id })}?lang=en`,
      headers: shopper.headers,
    });
    const shown: Order = res.json();
    expect(shown.totals.total).toBe(82.81);
    expect(shown.products.find((l) => l.productId === cheap.id)).toMatchObject({ productPrice: 0.94 });
    const listed = await t.app.inject({
      method: 'GET',
      url: promotionPaths.adminPromotion.build({ id: p.id }),
      headers: staff.headers,
    });
    expect(listed.json()).toMatchObject({ uses: 1, paidOrders: 1, sales: 82.81, value: 50 });
  });

  it('takes a unit to zero at 100 % and a fixed amount never below zero; the best of two promotions applies, not both', async () => {
    const category = await createCategory(t.app.db);
    const gift = await createProduct(t.app.db, { priceHalalas: 4_999, stock: 10, categoryId: category.id });
    const paid = await createProduct(t.app.db, { priceHalalas: 12_345, stock: 10 });
    await promotion({ kind: 'percent', value: 100, scope: 'items', productIds: [gift.id] });
    await promotion({ kind: 'fixed', value: 10, scope: 'items', categoryIds: [category.id] });
    await promotion({ kind: 'fixed', value: 1.5, scope: 'items', productIds: [paid.id] });
    const shopper = await shopperWith([
      [gift.id, 2],
      [paid.id, 1],
    ]);
    const { order, lines } = await placed(shopper);
    const byProduct = new Map(lines.map((l) => [l.productId, l]));
    expect(byProduct.get(gift.id)).toMatchObject({ unitPriceHalalas: 0, promotionHalalas: 9_998 });
    expect(byProduct.get(paid.id)).toMatchObject({ unitPriceHalalas: 12_195, promotionHalalas: 150 });
    expect(order.totalHalalas).toBe(12_195 + 7_000);
    expectConsistent(order, lines);
  });

  it('refuses a code on a cart with a promotion that does not combine, saying why; one that combines takes the code off the promoted price', async () => {
    const alone = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 10 });
    const together = await createProduct(t.app.db, { priceHalalas: 33_333, stock: 10 });
    await promotion({ kind: 'percent', value: 20, scope: 'items', productIds: [alone.id] });
    await promotion({
      kind: 'fixed',
      value: 33.33,
      scope: 'items',
      productIds: [together.id],
      combinesWithCodes: true,
    });
    const tenOff = await code({ kind: 'percent', value: 10 });
    const a = await shopperWith([[alone.id, 1]]);
    const refused = await applyCode(a, tenOff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'DISCOUNT_CODE_NOT_WITH_PROMOTION',
      message: 'This discount code cannot be combined with the offers on products in your cart',
    });
    expect((await applyCode(a, tenOff, 'ar')).json().message).toBe(
      'لا يُجمع رمز الخصم هذا مع العروض على منتجات في سلتك',
    );

    // Combined: 10 % of the promoted 300.00 SAR; a free-shipping code on the same promoted goods adds up too.
    const b = await shopperWith([[together.id, 1]]);
    expect((await applyCode(b, tenOff)).statusCode).toBe(200);
    expect((await cartOf(b)).discountCode).toMatchObject({ valid: true, discount: 30 });
    const first = await placed(b);
    expect(first.order.totalHalalas).toBe(30_000 - 3_000 + 7_000);
    expectConsistent(first.order, first.lines);

    const ship = await code({ kind: 'free_shipping' });
    const c = await shopperWith([[together.id, 3]]);
    expect((await applyCode(c, ship)).statusCode).toBe(200);
    const second = await placed(c);
    expect(second.order).toMatchObject({
      shippingHalalas: 0,
      shippingWaivedHalalas: 7_000,
      totalHalalas: 90_000,
    });
    expectConsistent(second.order, second.lines);
  });

  it('prices the order with the promotions of the moment it is placed, read in its transaction', async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 10 });
    const p = await promotion({ kind: 'fixed', value: 25, scope: 'items', productIds: [product.id] });
    const shopper = await shopperWith([[product.id, 1]]);
    expect((await cartOf(shopper)).cartTotalPrice).toBe(75);
    // Ended behind the shop's back (no change published): the order still sees it.
    await t.app.db
      .update(promotions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(promotions.id, p.id));
    const { order, lines } = await placed(shopper);
    expect(order.totalHalalas).toBe(10_000 + 7_000);
    expect(lines[0]).toMatchObject({ promotionId: null, promotionHalalas: 0 });
  });

  it('applies to one variant only when it targets that variant, and on an offer price', async () => {
    const product = await createProduct(t.app.db, {
      priceHalalas: 10_000,
      offerPriceHalalas: 8_000,
      stock: 10,
    });
    const [variant] = await t.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    await promotion({ kind: 'percent', value: 25, scope: 'items', variantIds: [variant!.id] });
    const shown = await details(product.id);
    expect(shown.variants[0]).toMatchObject({ price: 100, priceAfterOffer: 60 });
    expect(shown).toMatchObject({ productPrice: 100, productPriceAfterOffer: 60 });
  });

  it("shows the running codes' and promotions' paid orders and sales of the last 7 days on the back office's home", async () => {
    const product = await createProduct(t.app.db, { priceHalalas: 50_000, stock: 10 });
    const p = await promotion({ kind: 'fixed', value: 100, scope: 'items', productIds: [product.id] });
    const off = await code({ kind: 'free_shipping' });
    const off10 = await promotion({
      kind: 'percent',
      value: 10,
      scope: 'items',
      productIds: [product.id],
      enabled: false,
    });
    const shopper = await shopperWith([[product.id, 1]]);
    // A free-shipping code on a promotion that does not combine is refused too.
    expect((await applyCode(shopper, off)).json().code).toBe('DISCOUNT_CODE_NOT_WITH_PROMOTION');
    const { answer } = await placed(shopper);
    await payOnSandbox(t, shopper, answer);
    const unpaid = await shopperWith([[product.id, 2]]);
    await placed(unpaid);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/overview?lang=en',
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const campaigns: { kind: string; id: number; name: string; orders: number; salesHalalas: number }[] =
      res.json().campaigns;
    expect(campaigns.find((c) => c.kind === 'promotion' && c.id === p.id)).toEqual({
      kind: 'promotion',
      id: p.id,
      name: p.nameEn,
      orders: 1,
      salesHalalas: 40_000 + 7_000,
    });
    expect(campaigns.find((c) => c.kind === 'code' && c.name === off)).toMatchObject({
      orders: 0,
      salesHalalas: 0,
    });
    // A promotion switched off is not running: it is not listed.
    expect(campaigns.some((c) => c.kind === 'promotion' && c.id === off10.id)).toBe(false);
  });

  it('tells the pages when a promotion starts or ends', async () => {
    const board = t.app.promotions;
    const now = Date.now();
    await promotion({ kind: 'percent', value: 5, startsAt: at(30_000), endsAt: at(90_000) });
    await board.tick(new Date(now));
    expect(await board.tick(new Date(now + 10_000))).toBe(false);
    expect(await board.tick(new Date(now + 40_000))).toBe(true);
    expect(await board.tick(new Date(now + 50_000))).toBe(false);
    expect(await board.tick(new Date(now + 100_000))).toBe(true);
  });
});
