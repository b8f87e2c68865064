import {
  agentListSchema,
  apiPaths,
  categoryListSchema,
  companyListSchema,
  pagedProductsSchema,
  productDetailsSchema,
  settingsSchema,
  sliderListSchema,
  type Product,
} from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestContext } from '../test/harness.ts';
import { demoProducts } from './products.ts';
import { seedDemoCatalogIfEmpty } from './seed.ts';
import { demoLaptopSkus, demoPhoneSkus } from './specs.ts';

const uploadPath = /^\/uploads\/catalog\/[0-9a-f-]{36}\.webp$/;

describe('demo catalog', () => {
  let t: TestContext;
  let all: Product[];

  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemoCatalogIfEmpty(t.app.db, t.config, t.app.log)).toBe(true);
    const res = await t.app.inject({ url: apiPaths.productsPaged.build({ pageSize: 100, page: 1 }) });
    all = pagedProductsSchema.parse(res.json()).products;
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };

  it('holds at least 8 categories and 10 brands, named in both languages', async () => {
    const ar = categoryListSchema.parse(await get(apiPaths.categories.pattern));
    const en = categoryListSchema.parse(await get(`${apiPaths.categories.pattern}?lang=en`));
    expect(ar.length).toBeGreaterThanOrEqual(8);
    expect(ar.every((c) => /[\u0600-\u06FF]/.test(c.categoryName))).toBe(true);
    expect(en.every((c) => /^[A-Za-z ]+$/.test(c.categoryName))).toBe(true);
    const brands = companyListSchema.parse(await get(`${apiPaths.companies.pattern}?lang=en`));
    expect(brands.length).toBeGreaterThanOrEqual(10);
    expect(brands.map((b) => b.companyName)).toEqual(expect.arrayContaining(['Apple', 'Samsung', 'Sony']));
  });

  it('holds at least 80 products with prices, offers, stock and a category of more than 16', async () => {
    expect(all.length).toBeGreaterThanOrEqual(80);
    const onOffer = all.filter((p) => p.productPriceAfterOffer !== undefined);
    expect(onOffer.length).toBeGreaterThanOrEqual(10);
    expect(onOffer.every((p) => p.productPriceAfterOffer! < p.productPrice)).toBe(true);
    expect(all.filter((p) => p.productStock === 0).length).toBeGreaterThanOrEqual(2);
    expect(all.every((p) => p.productPrice > 0 && p.productDescripition.length > 30)).toBe(true);
    const perCategory = new Map<number, number>();
    for (const p of all) perCategory.set(p.categoryId, (perCategory.get(p.categoryId) ?? 0) + 1);
    const biggest = Math.max(...perCategory.values());
    expect(biggest).toBeGreaterThan(16);
    const [categoryId] = [...perCategory].find(([, n]) => n === biggest)!;
    const page = pagedProductsSchema.parse(
      await get(`${apiPaths.productsPaged.build({ pageSize: 8, page: 1 })}?categoryId=${categoryId}`),
    );
    expect(page.pagging.pageCount).toBeGreaterThanOrEqual(3);
  });

  it('gives products extra images, all stored as WebP under /uploads', async () => {
    const details = productDetailsSchema.parse(
      await get(apiPaths.productById.build({ id: all[0]!.productId })),
    );
    expect(details.productImages.length).toBeGreaterThanOrEqual(1);
    expect(details.productImage).toMatch(uploadPath);
    for (const { productImage } of details.productImages) expect(productImage).toMatch(uploadPath);
    expect(all.every((p) => uploadPath.test(p.productImage))).toBe(true);

    const image = await t.app.inject({ method: 'GET', url: details.productImage });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/catalog/nothing-here.webp' });
    expect(missing.statusCode).toBe(404);
  });

  it('gives every phone and laptop its specifications, found by search in both languages', async () => {
    for (const sku of [...Object.keys(demoPhoneSkus()), ...Object.keys(demoLaptopSkus())])
      expect(
        demoProducts.some((p) => p.sku === sku),
        sku,
      ).toBe(true);
    const search = async (productName: string, lang: 'ar' | 'en') => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${apiPaths.productSearch.build({ pageSize: 8, page: 1 })}?lang=${lang}`,
        payload: { productName },
      });
      return pagedProductsSchema.parse(res.json()).products;
    };
    const [pro] = await search('A17 Pro 256', 'en');
    // Sold by storage and colour: the name no longer carries the storage.
    expect(pro?.productName).toBe('iPhone 15 Pro');
    const details = productDetailsSchema.parse(
      await get(`${apiPaths.productById.build({ id: pro!.productId })}?lang=ar`),
    );
    expect(details.productSpecs.map((s) => [s.specName, s.specValue, s.specUnit])).toEqual([
      ['حجم الشاشة', '6.1', 'بوصة'],
      ['المعالج', 'A17 Pro', ''],
      ['الكاميرا الرئيسية', '48', 'ميجابكسل'],
      ['البطارية', '3274', 'mAh'],
      ['نظام التشغيل', 'آي أو إس', ''],
    ]);
    // A laptop's name keeps its memory; its storage (the name's last figure) is the option.
    const [air] = await search('MacBook Air', 'en');
    expect(air?.productName).toBe('MacBook Air 13" M3 8GB');
    const airDetails = productDetailsSchema.parse(
      await get(`${apiPaths.productById.build({ id: air!.productId })}?lang=en`),
    );
    expect(airDetails.options[0]?.values.map((v) => v.name)).toEqual(['256 GB', '512 GB']);
    // The Arabic of a storage option's value finds the laptops sold in it.
    const found = await search('1 تيرابايت', 'ar');
    expect(found.filter((p) => p.categoryName === 'الحواسيب المحمولة').length).toBeGreaterThanOrEqual(3);
  });

  it('fills the home lists, ten at most', async () => {
    for (const path of [apiPaths.featuredProducts, apiPaths.newProducts, apiPaths.offerProducts]) {
      const list = await get(path.pattern);
      expect(list.length, path.pattern).toBeGreaterThan(0);
      expect(list.length, path.pattern).toBeLessThanOrEqual(10);
    }
  });

  it('has 4 agents, 3 sliders and the three info pages in both languages', async () => {
    const agents = agentListSchema.parse(await get(apiPaths.agents.pattern));
    expect(agents).toHaveLength(4);
    expect(agents.every((a) => a.agentPhone.startsWith('+966') && uploadPath.test(a.agentImage))).toBe(true);
    const slides = sliderListSchema.parse(await get(apiPaths.sliders.pattern));
    expect(slides).toHaveLength(3);
    for (const [path, field] of [
      [apiPaths.aboutUs.pattern, 'aboutUsDescripition'],
      [apiPaths.refundPolicy.pattern, 'refundPolicyDescripition'],
      [apiPaths.termsAndConditions.pattern, 'termsAndConditionsDescripition'],
    ] as const) {
      const ar: string = (await get(path))[field];
      const en: string = (await get(`${path}?lang=en`))[field];
      expect(ar.length, path).toBeGreaterThan(200);
      expect(ar, path).toMatch(/[\u0600-\u06FF]/);
      expect(en.length, path).toBeGreaterThan(200);
      expect(en, path).not.toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('sets the shop settings', async () => {
    const ar = settingsSchema.parse(await get(apiPaths.settings.pattern)).data;
    expect(ar).toMatchObject({
      showAddressDetails: true,
      shippingFee: 70,
      deliveryDays: 3,
      returnHours: 24,
      openingHours: { days: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'], opens: '09:00', closes: '23:00' },
    });
    expect(ar.primaryColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(ar.taxNumber).toMatch(/^3\d{13}3$/);
    expect(ar.commercialRegister).toMatch(/^\d{10}$/);
    expect(ar.phones.length).toBeGreaterThanOrEqual(1);
    expect(ar.phones.length).toBeLessThanOrEqual(3);
    expect(ar.email).toContain('@');
    expect(ar.address).toMatch(/الرياض/);
    expect(Object.keys(ar.socialLinks).length).toBeGreaterThanOrEqual(3);
    const en = settingsSchema.parse(await get(`${apiPaths.settings.pattern}?lang=en`)).data;
    expect(en.address).toMatch(/Riyadh/);
    expect(en.sellerName).not.toBe(ar.sellerName);
  });

  it('is found by search, typos included', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.productSearch.build({ pageSize: 8, page: 1 }),
      payload: { productName: 'جالكسى' },
    });
    const found = pagedProductsSchema.parse(res.json());
    expect(found.products.length).toBeGreaterThan(3);
    const typo = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.productSearch.build({ pageSize: 8, page: 1 })}?lang=en`,
      payload: { productName: 'galxy' },
    });
    expect(pagedProductsSchema.parse(typo.json()).products[0]?.productName).toMatch(/^Galaxy/);
  });

  it('is not loaded again once the shop has products', async () => {
    const before = await countRows(t.database, 'products');
    expect(await seedDemoCatalogIfEmpty(t.app.db, t.config, t.app.log)).toBe(false);
    expect(await countRows(t.database, 'products')).toBe(before);
  });
});
