import {
  adminCatalogPaths,
  apiPaths,
  type AdminProduct,
  type Cart,
  type ProductDetails,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from './schema.ts';
import { orderLines } from '../orders/schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { databaseBefore, MIGRATION_TEST_TIMEOUT } from '../../test/migrations.ts';
import { createProduct, createProductWithVariants } from '../../test/factories.ts';
import { createShopper, payOnSandbox, placeOrderOk } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInMember(t.app.db, { role: 'staff' });
});
afterAll(() => t.close());

const storage = {
  nameAr: 'السعة',
  nameEn: 'Storage',
  values: [
    { ar: '128 جيجابايت', en: '128 GB' },
    { ar: '256 جيجابايت', en: '256 GB' },
  ],
};
const colour = {
  nameAr: 'اللون',
  nameEn: 'Colour',
  kind: 'colour' as const,
  values: [
    { ar: 'أزرق', en: 'Blue', swatch: '#1e3a8a' },
    { ar: 'أسود', en: 'Black', swatch: '#111111' },
  ],
};

/** A phone in 128/256 GB × blue/black; 256 GB black is sold out. */
async function phone(prefix: string) {
  return createProductWithVariants(
    t.app.db,
    [storage, colour],
    [
      { sku: `${prefix}-128-BLU`, values: ['128 GB', 'Blue'], priceHalalas: 399_900, stock: 5 },
      { sku: `${prefix}-128-BLK`, values: ['128 GB', 'Black'], priceHalalas: 399_900, stock: 5 },
      {
        sku: `${prefix}-256-BLU`,
        values: ['256 GB', 'Blue'],
        priceHalalas: 449_900,
        offerPriceHalalas: 429_900,
        stock: 2,
      },
      { sku: `${prefix}-256-BLK`, values: ['256 GB', 'Black'], priceHalalas: 449_900, stock: 0 },
    ],
    { nameAr: 'هاتف', nameEn: 'Phone' },
  );
}

async function addToCart(
  shopper: { headers: Record<string, string> },
  payload: Record<string, unknown>,
  lang = 'en',
) {
  return t.app.inject({
    method: 'POST',
    url: `${apiPaths.cartInsert.build({})}?lang=${lang}`,
    headers: shopper.headers,
    payload,
  });
}

describe('options and variants', () => {
  it('shows a product sold by options: its options, variants, default price and "from" price', async () => {
    const { product } = await phone('DET');
    const res = await t.app.inject({ url: `${apiPaths.productById.build({ id: product.id })}?lang=ar` });
    expect(res.statusCode).toBe(200);
    const body = res.json<ProductDetails>();
    expect(body.options.map((o) => [o.name, o.kind, o.values.map((v) => v.name)])).toEqual([
      ['السعة', 'text', ['128 جيجابايت', '256 جيجابايت']],
      ['اللون', 'colour', ['أزرق', 'أسود']],
    ]);
    expect(body.variants.map((v) => [v.sku, v.price, v.priceAfterOffer, v.stock])).toEqual([
      ['DET-128-BLU', 3999, undefined, 5],
      ['DET-128-BLK', 3999, undefined, 5],
      ['DET-256-BLU', 4499, 4299, 2],
      ['DET-256-BLK', 4499, undefined, 0],
    ]);
    // The spec's fields: the default (first) variant's price; the stock of all.
    expect(body.productPrice).toBe(3999);
    expect(body.productStock).toBe(12);
    expect(body.variantCount).toBe(4);
    // The lowest price is the default's: no "from" needed.
    expect(body.productPriceFrom).toBeUndefined();
    expect(body.swatches).toEqual([
      { name: 'أزرق', colour: '#1e3a8a' },
      { name: 'أسود', colour: '#111111' },
    ]);
  });

  it('is found by its option values in both languages ("512", "بنفسجي", "violet")', async () => {
    const { product } = await createProductWithVariants(
      t.app.db,
      [
        { nameAr: 'السعة', nameEn: 'Storage', values: [{ ar: '512 جيجابايت', en: '512 GB' }] },
        { nameAr: 'اللون', nameEn: 'Colour', kind: 'colour', values: [{ ar: 'بنفسجي', en: 'Violet' }] },
      ],
      [{ sku: 'FIND-512-VIO', values: ['512 GB', 'Violet'], priceHalalas: 10_000, stock: 1 }],
      { nameAr: 'جهاز لوحي', nameEn: 'Tablet' },
    );
    const found = async (productName: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: apiPaths.productSearch.build({ pageSize: 8, page: 1 }),
        payload: { productName },
      });
      return (res.json() as { products: { productId: number }[] }).products.map((p) => p.productId);
    };
    for (const query of ['بنفسجي', 'violet', 'Tablet 512', 'جهاز 512 جيجابايت'])
      expect(await found(query), query).toContain(product.id);
  });

  it('asks which variant when a product has several, and adds the one named by id or SKU', async () => {
    const { product, variants } = await phone('CART');
    const shopper = await createShopper(t.app.db);
    const none = await addToCart(shopper, { productId: product.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Choose the options/);
    const arabic = await addToCart(shopper, { productId: product.id }, 'ar');
    expect(arabic.json().message).toMatch(/اختر الخيارات/);

    const unknown = await addToCart(shopper, { productId: product.id, sku: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('VARIANT_NOT_FOUND');
    // A variant of another product is not this product's.
    const other = await createProduct(t.app.db);
    const foreign = await addToCart(shopper, { productId: other.id, variantId: variants[0]!.id });
    expect(foreign.statusCode).toBe(404);

    expect((await addToCart(shopper, { productId: product.id, sku: 'cart-256-blu' })).statusCode).toBe(200);
    expect((await addToCart(shopper, { productId: product.id, variantId: variants[0]!.id })).statusCode).toBe(
      200,
    );
    // Sold out: refused.
    const soldOut = await addToCart(shopper, { productId: product.id, sku: 'CART-256-BLK' });
    expect(soldOut.statusCode).toBe(409);

    const cart = (
      await t.app.inject({
        url: `${apiPaths.cartByUser.build({ userId: shopper.id })}?lang=en`,
        headers: shopper.headers,
      })
    ).json<Cart>();
    expect(cart.cartProduct.map((l) => [l.sku, l.options, l.productPrice, l.productStock])).toEqual([
      ['CART-256-BLU', '256 GB · Blue', 4299, 2],
      ['CART-128-BLU', '128 GB · Blue', 3999, 5],
    ]);
    // A product with one variant needs no choice.
    expect((await addToCart(shopper, { productId: other.id })).statusCode).toBe(200);
  });

  it('sells the chosen variant: the order names its SKU and options, and only its stock goes down', async () => {
    const { product, variants } = await phone('BUY');
    const shopper = await createShopper(t.app.db);
    expect((await addToCart(shopper, { productId: product.id, sku: 'BUY-256-BLU' })).statusCode).toBe(200);
    expect((await addToCart(shopper, { productId: product.id, sku: 'BUY-256-BLU' })).statusCode).toBe(200);
    const order = await placeOrderOk(t, shopper);
    await payOnSandbox(t, shopper, order);

    const stock = await t.app.db
      .select({ sku: productVariants.sku, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(Object.fromEntries(stock.map((s) => [s.sku, s.stock]))).toEqual({
      'BUY-128-BLU': 5,
      'BUY-128-BLK': 5,
      'BUY-256-BLU': 0,
      'BUY-256-BLK': 0,
    });
    const [line] = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, order.invoiceId));
    expect(line).toMatchObject({
      variantId: variants[2]!.id,
      sku: 'BUY-256-BLU',
      optionsAr: '256 جيجابايت · أزرق',
      optionsEn: '256 GB · Blue',
      unitPriceHalalas: 429_900,
      quantity: 2,
    });
    const shown = await t.app.inject({
      url: `${apiPaths.orderLines.build({ invoiceId: order.invoiceId })}?lang=en`,
      headers: shopper.headers,
    });
    expect(shown.json()[0]).toMatchObject({ sku: 'BUY-256-BLU', options: '256 GB · Blue' });
    // Sold out now: nobody can put it in a cart.
    const late = await createShopper(t.app.db);
    expect((await addToCart(late, { productId: product.id, sku: 'BUY-256-BLU' })).statusCode).toBe(409);
  });

  it('never sells one variant’s last units twice when shoppers race for it', async () => {
    const { product } = await createProductWithVariants(
      t.app.db,
      [colour],
      [
        { sku: 'RACE-BLU', values: ['Blue'], priceHalalas: 10_000, stock: 3 },
        { sku: 'RACE-BLK', values: ['Black'], priceHalalas: 10_000, stock: 50 },
      ],
    );
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createShopper(t.app.db)));
    for (const s of shoppers) await addToCart(s, { productId: product.id, sku: 'RACE-BLU' });
    const placed = await Promise.all(
      shoppers.map((s) =>
        t.app.inject({
          method: 'POST',
          url: apiPaths.payInvoice.build({}),
          headers: s.headers,
          payload: {
            userId: s.id,
            invoiceUserAdress: 'الرياض',
            invoiceUserPhone: '0512345678',
            invoiceUserLocation: 'location',
            invoiceNote: '',
            products: [],
          },
        }),
      ),
    );
    expect(placed.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(placed.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const rows = await t.app.db
      .select({ sku: productVariants.sku, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(Object.fromEntries(rows.map((r) => [r.sku, r.stock]))).toEqual({ 'RACE-BLU': 0, 'RACE-BLK': 50 });
  });

  it('refuses a second variant with the same combination, and a SKU another variant has', async () => {
    const { product, variants } = await phone('DUP');
    await expect(
      t.app.db.insert(productVariants).values({
        productId: product.id,
        sku: 'DUP-AGAIN',
        value1Id: variants[0]!.value1Id,
        value2Id: variants[0]!.value2Id,
        priceHalalas: 1000,
      }),
    ).rejects.toThrow();
    await expect(
      t.app.db
        .insert(productVariants)
        .values({ productId: product.id, sku: 'DUP-128-BLU', priceHalalas: 1000 }),
    ).rejects.toThrow();
  });
});

describe('options and variants in the back office', () => {
  const productUrl = (id: number) => adminCatalogPaths.product.build({ id });
  const read = async (id: number) =>
    (await t.app.inject({ url: productUrl(id), headers: staff.headers })).json<AdminProduct>();
  const put = (url: string, payload: Record<string, unknown>, lang = 'en') =>
    t.app.inject({ method: 'PUT', url: `${url}?lang=${lang}`, headers: staff.headers, payload });

  it('makes a variant for every combination of the options given, keeping the existing one', async () => {
    const product = await createProduct(t.app.db, { sku: 'LAP', priceHalalas: 500_000, stock: 4 });
    const before = await read(product.id);
    expect(before.options).toEqual([]);
    expect(before.variants).toHaveLength(1);
    const res = await put(adminCatalogPaths.productOptions.build({ id: product.id }), {
      version: before.version,
      options: [
        {
          nameAr: 'الذاكرة',
          nameEn: 'RAM',
          values: [
            { nameAr: '16 جيجابايت', nameEn: '16GB' },
            { nameAr: '32 جيجابايت', nameEn: '32GB' },
          ],
        },
        {
          nameAr: 'اللون',
          nameEn: 'Colour',
          kind: 'colour',
          values: [{ nameAr: 'فضي', nameEn: 'Silver', swatch: '#C0C0C0' }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ product: AdminProduct }>().product;
    expect(after.options.map((o) => o.values.map((v) => [v.nameEn, v.swatch]))).toEqual([
      [
        ['16GB', null],
        ['32GB', null],
      ],
      [['Silver', '#c0c0c0']],
    ]);
    // The product's one variant became the first combination, with its stock; one more was made.
    expect(after.variants.map((v) => [v.sku, v.price, v.stock])).toEqual([
      ['LAP', 5000, 4],
      ['LAP-32GB-Silver', 5000, 0],
    ]);

    // The grid: prices, stock and SKUs of every variant at once.
    const saved = await put(adminCatalogPaths.productVariants.build({ id: product.id }), {
      version: after.version,
      variants: after.variants.map((v, i) => ({
        id: v.id,
        sku: `LAP-${i}`,
        price: i === 0 ? '5000' : '5800',
        offerPrice: i === 1 ? '5500' : '',
        stock: String(3 + i),
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const details = (
      await t.app.inject({ url: `${apiPaths.productById.build({ id: product.id })}?lang=en` })
    ).json<ProductDetails>();
    expect(details.variants.map((v) => [v.sku, v.price, v.priceAfterOffer, v.stock])).toEqual([
      ['LAP-0', 5000, undefined, 3],
      ['LAP-1', 5800, 5500, 4],
    ]);
    expect(details.productStock).toBe(7);

    // A SKU taken by another product, and the same SKU twice, are refused with the row named.
    const other = await createProduct(t.app.db, { sku: 'TAKEN-1' });
    expect(other.id).toBeGreaterThan(0);
    const current = await read(product.id);
    const rows = current.variants.map((v) => ({ id: v.id, sku: v.sku, price: '5000', stock: '1' }));
    const taken = await put(adminCatalogPaths.productVariants.build({ id: product.id }), {
      version: current.version,
      variants: [rows[0], { ...rows[1], sku: 'TAKEN-1' }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SKU_TAKEN' });
    const twice = await put(
      adminCatalogPaths.productVariants.build({ id: product.id }),
      { version: current.version, variants: [rows[0], { ...rows[1], sku: rows[0]!.sku }] },
      'ar',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/رمز/);
  });

  it('shows in the grid the offer the shop sells a variant at, one without dates too (as an import leaves it)', async () => {
    const { product } = await phone('OFR');
    const admin = await read(product.id);
    expect(admin.variants.map((v) => [v.sku, v.offerPrice])).toEqual([
      ['OFR-128-BLU', null],
      ['OFR-128-BLK', null],
      ['OFR-256-BLU', 4299],
      ['OFR-256-BLK', null],
    ]);
  });

  it('hides a variant that was ordered when its value is removed, and deletes the others', async () => {
    const { product } = await phone('RM');
    const shopper = await createShopper(t.app.db);
    await addToCart(shopper, { productId: product.id, sku: 'RM-128-BLK' });
    await placeOrderOk(t, shopper);
    const before = await read(product.id);
    // Black goes: 128 black was ordered (hidden), 256 black was not (deleted).
    const res = await put(adminCatalogPaths.productOptions.build({ id: product.id }), {
      version: before.version,
      options: [
        {
          nameAr: 'السعة',
          nameEn: 'Storage',
          values: storage.values.map((v) => ({ nameAr: v.ar, nameEn: v.en })),
        },
        {
          nameAr: 'اللون',
          nameEn: 'Colour',
          kind: 'colour',
          values: [{ nameAr: 'أزرق', nameEn: 'Blue', swatch: '#1e3a8a' }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ product: AdminProduct }>().product;
    expect(after.variants.map((v) => [v.sku, v.hidden, v.ordered])).toEqual([
      ['RM-128-BLU', false, false],
      ['RM-128-BLK', true, true],
      ['RM-256-BLU', false, false],
    ]);
    const shown = (
      await t.app.inject({ url: apiPaths.productById.build({ id: product.id }) })
    ).json<ProductDetails>();
    expect(shown.variants.map((v) => v.sku)).toEqual(['RM-128-BLU', 'RM-256-BLU']);
    expect(shown.options[1]!.values).toHaveLength(1);
  });

  it('refuses options with the same value twice, or too many combinations, in the user’s language', async () => {
    const product = await createProduct(t.app.db);
    const { version } = await read(product.id);
    const twice = await put(
      adminCatalogPaths.productOptions.build({ id: product.id }),
      {
        version,
        options: [
          {
            nameAr: 'اللون',
            nameEn: 'Colour',
            values: [
              { nameAr: 'أحمر', nameEn: 'Red' },
              { nameAr: 'أحمر', nameEn: 'red' },
            ],
          },
        ],
      },
      'ar',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('مكررة');
    const values = Array.from({ length: 7 }, (_, i) => ({ nameAr: `${i}`, nameEn: `v${i}` }));
    const many = await put(adminCatalogPaths.productOptions.build({ id: product.id }), {
      version,
      options: ['A', 'B', 'C'].map((n) => ({ nameAr: n, nameEn: n, values })),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toMatch(/250/);
  });
});

describe('the migration to variants', { timeout: MIGRATION_TEST_TIMEOUT }, () => {
  it('gives every existing product one variant with its SKU, prices and stock, keeping carts, orders and refunds', async () => {
    // The migrations up to the one before variants, on a database of their own.
    const { client, upgrade, close } = await databaseBefore('0016_variants');
    try {
      await client.exec(`
        insert into categories (slug, name_ar, name_en, image) values ('phones', 'هواتف', 'Phones', '/c.webp');
        insert into companies (slug, name_ar, name_en, image) values ('acme', 'أكمي', 'Acme', '/b.webp');
        insert into products (sku, name_ar, name_en, price_halalas, offer_price_halalas, offer_planned_halalas, stock, category_id, company_id, image)
          values ('OLD-1', 'قديم', 'Old', 10000, 9000, 9000, 4, 1, 1, '/p.webp'),
                 ('OLD-2', 'ثان', 'Second', 25050, null, null, 0, 1, 1, '/q.webp');
        insert into users (id, name, email, phone, password_hash) values
          ('00000000-0000-4000-8000-000000000001', 'Sara', 'sara@example.com', '0512345678', 'x');
        insert into cart_items (user_id, product_id, count) values ('00000000-0000-4000-8000-000000000001', 1, 2);
        insert into orders (id, user_id, address, phone, location, note, subtotal_halalas, discount_halalas,
            shipping_halalas, total_halalas, vat_halalas, currency, status, expires_at)
          values ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'Riyadh',
            '0512345678', 'location', '', 20000, 2000, 0, 18000, 2348, 'SAR', 'paid', now());
        insert into order_lines (order_id, product_id, name_ar, name_en, image, unit_price_halalas, list_price_halalas, quantity)
          values ('00000000-0000-4000-8000-0000000000aa', 1, 'قديم', 'Old', '/p.webp', 9000, 10000, 2);
      `);
      const lineId = (await client.query<{ id: number }>('select id from order_lines')).rows[0]!.id;
      await client.query(
        `insert into refunds (order_id, provider, payment_id, amount_halalas, reason, return_stock, status,
           idempotency_key, refunded_before_halalas, actor)
         values ('00000000-0000-4000-8000-0000000000aa', 'sandbox', 'pay_1', 9000, 'damaged', $1, 'pending',
           'k1', 0, 'staff')`,
        [JSON.stringify([{ lineId, productId: 1, quantity: 1 }])],
      );

      // Now the variants migration, as a shop upgrading would run it.
      await upgrade();
      const variants = await client.query(
        'select product_id, sku, price_halalas, offer_price_halalas, offer_planned_halalas, stock, hidden from product_variants order by product_id',
      );
      expect(variants.rows).toEqual([
        {
          product_id: 1,
          sku: 'OLD-1',
          price_halalas: 10000,
          offer_price_halalas: 9000,
          offer_planned_halalas: 9000,
          stock: 4,
          hidden: false,
        },
        {
          product_id: 2,
          sku: 'OLD-2',
          price_halalas: 25050,
          offer_price_halalas: null,
          offer_planned_halalas: null,
          stock: 0,
          hidden: false,
        },
      ]);
      const productsAfter = await client.query(
        'select sku, price_halalas, offer_price_halalas, stock, from_price_halalas, variant_count from products order by id',
      );
      expect(productsAfter.rows).toEqual([
        {
          sku: 'OLD-1',
          price_halalas: 10000,
          offer_price_halalas: 9000,
          stock: 4,
          from_price_halalas: 9000,
          variant_count: 1,
        },
        {
          sku: 'OLD-2',
          price_halalas: 25050,
          offer_price_halalas: null,
          stock: 0,
          from_price_halalas: 25050,
          variant_count: 1,
        },
      ]);
      const cart = await client.query(
        'select c.count, v.sku from cart_items c join product_variants v on v.id = c.variant_id',
      );
      expect(cart.rows).toEqual([{ count: 2, sku: 'OLD-1' }]);
      const lines = await client.query(
        'select l.sku, l.quantity, l.unit_price_halalas, v.sku as variant_sku from order_lines l join product_variants v on v.id = l.variant_id',
      );
      expect(lines.rows).toEqual([
        { sku: 'OLD-1', quantity: 2, unit_price_halalas: 9000, variant_sku: 'OLD-1' },
      ]);
      const refund = await client.query<{ return_stock: unknown }>('select return_stock from refunds');
      const variantId = (
        await client.query<{ id: number }>(`select id from product_variants where sku = 'OLD-1'`)
      ).rows[0]!.id;
      expect(refund.rows[0]!.return_stock).toEqual([{ lineId, productId: 1, quantity: 1, variantId }]);
    } finally {
      await close();
    }
  });
});
