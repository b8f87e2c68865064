import {
  apiErrorSchema,
  apiPaths,
  categoryListSchema,
  companyListSchema,
  pagedProductsSchema,
  productDetailsSchema,
  productListSchema,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products } from './schema.ts';
import { createCategory, createCompany, createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';

describe('catalog on an empty shop', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers every list as []', async () => {
    for (const path of [
      apiPaths.categories.pattern,
      apiPaths.companies.pattern,
      apiPaths.featuredProducts.pattern,
      apiPaths.newProducts.pattern,
      apiPaths.offerProducts.pattern,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.json(), path).toEqual([]);
    }
    const paged = await t.app.inject({
      method: 'GET',
      url: apiPaths.productsPaged.build({ pageSize: 8, page: 1 }),
    });
    expect(paged.json()).toEqual({ products: [], pagging: { pageCount: 0, rawCount: 0 } });
  });

  it('documents every catalog and content call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const documented = Object.keys(doc.paths);
    for (const name of [
      'categories',
      'companies',
      'sliders',
      'featuredProducts',
      'newProducts',
      'offerProducts',
      'agents',
      'aboutUs',
      'refundPolicy',
      'termsAndConditions',
      'productById',
      'productsPaged',
      'productSearch',
      'relatedProducts',
      'settings',
    ] as const) {
      const openApiPath = apiPaths[name].pattern.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(documented, name).toContain(openApiPath);
    }
    expect(doc.paths['/api/Product/Select/Product/By/Name/{pageSize}/{page}'].post.requestBody).toBeDefined();
  });
});

describe('catalog', () => {
  let t: TestContext;
  let phones: { id: number };
  let laptops: { id: number };
  let apple: { id: number };
  let samsung: { id: number };
  let iphone: { id: number; sku: string };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    laptops = await createCategory(db, { nameAr: 'حواسيب محمولة', nameEn: 'Laptops', sort: 2 });
    phones = await createCategory(db, {
      nameAr: 'جوالات',
      nameEn: 'Phones',
      sort: 1,
      image: '/uploads/catalog/phones.webp',
    });
    apple = await createCompany(db, { nameAr: 'أبل', nameEn: 'Apple', sort: 1 });
    samsung = await createCompany(db, { nameAr: 'سامسونج', nameEn: 'Samsung', sort: 2 });
    iphone = await createProduct(db, {
      nameAr: 'آيفون 15',
      nameEn: 'iPhone 15',
      descriptionAr: 'جوال أبل',
      descriptionEn: 'Apple phone',
      priceHalalas: 349_950,
      offerPriceHalalas: 319_900,
      stock: 4,
      categoryId: phones.id,
      companyId: apple.id,
      image: '/uploads/catalog/iphone.webp',
    });
    await db.insert(productImages).values([
      { productId: iphone.id, image: '/uploads/catalog/iphone-back.webp', sort: 2 },
      { productId: iphone.id, image: '/uploads/catalog/iphone-side.webp', sort: 1 },
    ]);
    // 17 phones in all (16 Samsung), prices 1000..1750 SAR in steps of 50.
    for (let i = 0; i < 16; i++) {
      await createProduct(db, {
        nameEn: `Galaxy A${i}`,
        priceHalalas: 100_000 + i * 5_000,
        categoryId: phones.id,
        companyId: samsung.id,
      });
    }
    await createProduct(db, {
      nameEn: 'MacBook Air',
      priceHalalas: 450_000,
      categoryId: laptops.id,
      companyId: apple.id,
    });
  });
  afterAll(() => t.close());

  const get = (url: string, lang?: 'ar' | 'en') =>
    t.app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });

  it('lists categories in their order, in the request language', async () => {
    const ar = categoryListSchema.parse((await get(apiPaths.categories.pattern)).json());
    expect(ar.map((c) => c.categoryName)).toEqual(['جوالات', 'حواسيب محمولة']);
    expect(ar[0]).toEqual({
      categoryId: phones.id,
      categoryName: 'جوالات',
      categoryImage: '/uploads/catalog/phones.webp',
    });
    const en = categoryListSchema.parse((await get(`${apiPaths.categories.pattern}?lang=en`)).json());
    expect(en.map((c) => c.categoryName)).toEqual(['Phones', 'Laptops']);
  });

  it('lists companies in both languages', async () => {
    const ar = companyListSchema.parse((await get(apiPaths.companies.pattern)).json());
    expect(ar.map((c) => c.companyName)).toEqual(['أبل', 'سامسونج']);
    const en = companyListSchema.parse((await get(apiPaths.companies.pattern, 'en')).json());
    expect(en.map((c) => c.companyName)).toEqual(['Apple', 'Samsung']);
    expect(en[0]?.companyId).toBe(apple.id);
  });

  it('answers product details with images, SAR prices and names in the request language', async () => {
    const res = await get(apiPaths.productById.build({ id: iphone.id }));
    expect(res.statusCode).toBe(200);
    const ar = productDetailsSchema.parse(res.json());
    expect(ar).toEqual({
      productId: iphone.id,
      productName: 'آيفون 15',
      productImage: '/uploads/catalog/iphone.webp',
      productPrice: 3499.5,
      productPriceAfterOffer: 3199,
      productDescripition: 'جوال أبل',
      categoryId: phones.id,
      categoryName: 'جوالات',
      companyId: apple.id,
      companyName: 'أبل',
      productStock: 4,
      productImages: [
        { productImage: '/uploads/catalog/iphone-side.webp' },
        { productImage: '/uploads/catalog/iphone-back.webp' },
      ],
      // Sold without options: one variant, with the product's SKU, prices and stock.
      options: [],
      variants: [
        {
          variantId: expect.any(Number),
          sku: iphone.sku,
          valueIds: [],
          price: 3499.5,
          priceAfterOffer: 3199,
          stock: 4,
        },
      ],
      // Its category has no specifications (specs.test.ts covers those).
      productSpecs: [],
    });
    const en = productDetailsSchema.parse(
      (await get(`${apiPaths.productById.build({ id: iphone.id })}?lang=en`)).json(),
    );
    expect([en.productName, en.productDescripition, en.categoryName, en.companyName]).toEqual([
      'iPhone 15',
      'Apple phone',
      'Phones',
      'Apple',
    ]);
  });

  it('leaves productPriceAfterOffer out when the product is not on offer', async () => {
    const [plain] = await t.app.db.select().from(products).where(eq(products.nameEn, 'MacBook Air'));
    const body = productDetailsSchema.parse(
      (await get(apiPaths.productById.build({ id: plain!.id }))).json(),
    );
    expect(body.productPrice).toBe(4500);
    expect('productPriceAfterOffer' in body).toBe(false);
    expect(body.productImages).toEqual([]);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product, in the request language', async () => {
    const ar = await get(apiPaths.productById.build({ id: 999_999 }));
    expect(ar.statusCode).toBe(404);
    expect(apiErrorSchema.parse(ar.json())).toEqual({
      code: 'PRODUCT_NOT_FOUND',
      message: 'المنتج غير موجود',
    });
    const en = await get(apiPaths.productById.build({ id: 999_999 }), 'en');
    expect(en.json().message).toBe('The product was not found');
    const related = await get(apiPaths.relatedProducts.build({ id: 999_999 }));
    expect(related.statusCode).toBe(404);
    expect(related.json().code).toBe('PRODUCT_NOT_FOUND');
  });

  it.each(['abc', '0', '-1', '1e3', '1.5', '99999999999'])('answers 400 for product id %j', async (id) => {
    const res = await get(`/api/Product/Select/Product/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields?.[0]?.path).toBe('params.id');
  });

  it('lists related products of the same category without the product itself', async () => {
    const related = productListSchema.parse(
      (await get(apiPaths.relatedProducts.build({ id: iphone.id }))).json(),
    );
    expect(related).toHaveLength(10);
    expect(related.every((p) => p.categoryId === phones.id && p.productId !== iphone.id)).toBe(true);
    const [laptop] = await t.app.db.select().from(products).where(eq(products.nameEn, 'MacBook Air'));
    expect((await get(apiPaths.relatedProducts.build({ id: laptop!.id }))).json()).toEqual([]);
  });

  describe('paged products', () => {
    const paged = (pageSize: number | string, page: number | string, query = '') =>
      get(`/api/Product/Select/All/Product/${pageSize}/${page}${query}`);

    it('pages a category: page count, raw count and the last partial page', async () => {
      const first = pagedProductsSchema.parse((await paged(8, 1, `?categoryId=${phones.id}`)).json());
      expect(first.pagging).toEqual({ pageCount: 3, rawCount: 17 });
      expect(first.products).toHaveLength(8);
      const third = pagedProductsSchema.parse((await paged(8, 3, `?categoryId=${phones.id}`)).json());
      expect(third.products).toHaveLength(1);
      const beyond = pagedProductsSchema.parse((await paged(8, 4, `?categoryId=${phones.id}`)).json());
      expect(beyond).toEqual({ products: [], pagging: { pageCount: 3, rawCount: 17 } });
      const pages = await Promise.all(
        [1, 2, 3].map(async (p) =>
          pagedProductsSchema.parse((await paged(8, p, `?categoryId=${phones.id}`)).json()),
        ),
      );
      const ids = pages.flatMap((p) => p.products.map((x) => x.productId));
      expect(new Set(ids).size).toBe(17);
    });

    it('lists all products without a filter', async () => {
      const all = pagedProductsSchema.parse((await paged(100, 1)).json());
      expect(all.pagging).toEqual({ pageCount: 1, rawCount: 18 });
    });

    it('filters by company', async () => {
      const body = pagedProductsSchema.parse((await paged(10, 1, `?companyId=${apple.id}&lang=en`)).json());
      expect(body.pagging).toEqual({ pageCount: 1, rawCount: 2 });
      expect(body.products.map((p) => p.productName).sort()).toEqual(['MacBook Air', 'iPhone 15']);
      expect(body.products.every((p) => p.companyName === 'Apple')).toBe(true);
    });

    it('filters by category and company together', async () => {
      const body = pagedProductsSchema.parse(
        (await paged(10, 1, `?companyId=${apple.id}&categoryId=${phones.id}`)).json(),
      );
      expect(body.products.map((p) => p.productId)).toEqual([iphone.id]);
    });

    it('filters by price range on the price the shopper pays', async () => {
      // Samsung phones cost 1000, 1050, ... 1750; 1100..1200 inclusive holds 1100, 1150, 1200.
      const body = pagedProductsSchema.parse(
        (await paged(8, 1, `?categoryId=${phones.id}&startprice=1100&finishprice=1200`)).json(),
      );
      expect(body.products.map((p) => p.productPrice).sort()).toEqual([1100, 1150, 1200]);
      expect(body.pagging).toEqual({ pageCount: 1, rawCount: 3 });
      // The iPhone lists at 3499.50 but is offered at 3199: it is within 3100..3200, not 3400..3500.
      const offer = pagedProductsSchema.parse(
        (await paged(8, 1, '?startprice=3100&finishprice=3200')).json(),
      );
      expect(offer.products.map((p) => p.productId)).toEqual([iphone.id]);
      const list = pagedProductsSchema.parse((await paged(8, 1, '?startprice=3400&finishprice=3500')).json());
      expect(list.products).toEqual([]);
      const decimals = pagedProductsSchema.parse((await paged(8, 1, '?startprice=3199.01&lang=en')).json());
      expect(decimals.products.map((p) => p.productName)).toEqual(['MacBook Air']);
    });

    it('answers 404 for an unknown category or company', async () => {
      const res = await paged(8, 1, '?categoryId=999999');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect((await paged(8, 1, '?companyId=999999')).statusCode).toBe(404);
    });

    it.each([
      ['0', '1', '', 'params.pageSize'],
      ['101', '1', '', 'params.pageSize'],
      ['x', '1', '', 'params.pageSize'],
      ['8', '0', '', 'params.page'],
      ['8', 'two', '', 'params.page'],
      ['8', '1', '?categoryId=abc', 'querystring.categoryId'],
      ['8', '1', '?companyId=-3', 'querystring.companyId'],
      ['8', '1', '?startprice=cheap', 'querystring.startprice'],
      ['8', '1', '?finishprice=1e5', 'querystring.finishprice'],
      ['8', '1', '?startprice=500&finishprice=100', 'querystring.finishprice'],
    ])('answers 400 for /%s/%s%s', async (pageSize, page, query, field) => {
      const res = await paged(pageSize, page, query);
      expect(res.statusCode).toBe(400);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toBe('البيانات المرسلة غير صحيحة');
      expect(body.fields?.map((f) => f.path)).toContain(field);
    });

    it('accepts the largest page size, 100', async () => {
      expect((await paged(100, 1)).statusCode).toBe(200);
    });
  });
});

describe('home lists', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  /**
   * The factories write behind the shop's back, which no writer of the shop does: the change is
   * published as a writer publishes it, so the cached list is read again.
   */
  const homeList = async (url: string) => {
    await t.app.changes.publish({ topic: 'catalog' });
    return productListSchema.parse((await t.app.inject({ url })).json());
  };

  it('features best sellers first, then flagged products, ten at most', async () => {
    const db = t.app.db;
    const category = await createCategory(db);
    const company = await createCompany(db);
    const base = { categoryId: category.id, companyId: company.id };
    await createProduct(db, { ...base, nameEn: 'Plain' });
    const flagged = await createProduct(db, { ...base, nameEn: 'Flagged', featured: true });
    const none = await homeList(apiPaths.featuredProducts.pattern);
    expect(none.map((p) => p.productId)).toEqual([flagged.id]);

    const seller = await createProduct(db, { ...base, nameEn: 'Seller', unitsSold: 5 });
    const topSeller = await createProduct(db, { ...base, nameEn: 'Top seller', unitsSold: 40 });
    const list = await homeList(apiPaths.featuredProducts.pattern);
    expect(list.map((p) => p.productId)).toEqual([topSeller.id, seller.id, flagged.id]);

    for (let i = 0; i < 12; i++) await createProduct(db, { ...base, unitsSold: 1 + i });
    const capped = await homeList(apiPaths.featuredProducts.pattern);
    expect(capped).toHaveLength(10);
    expect(capped[0]?.productId).toBe(topSeller.id);
    expect(capped.map((p) => p.productId)).not.toContain(flagged.id);
  });

  it('lists the most recently updated products first, ten at most', async () => {
    const db = t.app.db;
    const old = await createProduct(db, { nameEn: 'Old' });
    await db
      .update(products)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(products.id, old.id));
    const list = productListSchema.parse(
      (await t.app.inject({ url: `${apiPaths.newProducts.pattern}?lang=en` })).json(),
    );
    expect(list).toHaveLength(10);
    expect(list[0]?.productName).toBe('Old');
  });

  it('lists offers only, the biggest discount first, ten at most', async () => {
    const db = t.app.db;
    const small = await createProduct(db, { priceHalalas: 10_000, offerPriceHalalas: 9_500 });
    const big = await createProduct(db, { priceHalalas: 200_000, offerPriceHalalas: 100_000 });
    const middle = await createProduct(db, { priceHalalas: 10_000, offerPriceHalalas: 8_000 });
    const list = await homeList(apiPaths.offerProducts.pattern);
    expect(list.map((p) => p.productId)).toEqual([big.id, middle.id, small.id]);
    expect(list[0]).toMatchObject({ productPrice: 2000, productPriceAfterOffer: 1000 });
    for (let i = 0; i < 10; i++) await createProduct(db, { priceHalalas: 10_000, offerPriceHalalas: 9_900 });
    const capped = await homeList(apiPaths.offerProducts.pattern);
    expect(capped).toHaveLength(10);
    expect(capped.every((p) => p.productPriceAfterOffer !== undefined)).toBe(true);
  });
});
