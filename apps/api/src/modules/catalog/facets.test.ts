import {
  adminCatalogPaths,
  adminSpecAttributeListSchema,
  apiPaths,
  pagedProductsSchema,
  type Facets,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCompany, createProductWithVariants } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { databaseBefore, MIGRATION_TEST_TIMEOUT } from '../../test/migrations.ts';
import { signedInMember } from '../../test/staff.ts';
import { productOptionValues, products } from './schema.ts';

/*
 * Facets through the real app: a category of three phones sold by storage and colour, with a
 * screen size, narrowed the way a shopper ticks boxes, and counted in products.
 */

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let phones: number;
let apple: number;
let samsung: number;
const ids: Record<'iphone' | 'galaxy' | 'a55', number> = { iphone: 0, galaxy: 0, a55: 0 };
let screen: number;

const storage = (values: string[]) => ({
  nameAr: 'السعة',
  nameEn: 'Storage',
  values: values.map((v) => ({ ar: `${v} جيجابايت`, en: `${v} GB` })),
});
const colour = (values: ('Blue' | 'Black')[]) => ({
  nameAr: 'اللون',
  nameEn: 'Colour',
  kind: 'colour' as const,
  values: values.map((v) =>
    v === 'Blue'
      ? { ar: 'أزرق', en: 'Blue', swatch: '#1e3a8a' }
      : { ar: 'أسود', en: 'Black', swatch: '#111111' },
  ),
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  staff = await signedInMember(db, { role: 'staff' });
  phones = (await createCategory(db, { nameAr: 'جوالات', nameEn: 'Phones' })).id;
  apple = (await createCompany(db, { nameAr: 'أبل', nameEn: 'Apple' })).id;
  samsung = (await createCompany(db, { nameAr: 'سامسونج', nameEn: 'Samsung' })).id;
  // iPhone: 128/256 GB × blue/black, in stock.
  ids.iphone = (
    await createProductWithVariants(
      db,
      [storage(['128', '256']), colour(['Blue', 'Black'])],
      [
        { sku: 'ip-128-blu', values: ['128 GB', 'Blue'], priceHalalas: 400_000, stock: 3 },
        { sku: 'ip-128-blk', values: ['128 GB', 'Black'], priceHalalas: 400_000, stock: 3 },
        { sku: 'ip-256-blu', values: ['256 GB', 'Blue'], priceHalalas: 450_000, stock: 3 },
        { sku: 'ip-256-blk', values: ['256 GB', 'Black'], priceHalalas: 450_000, stock: 0 },
      ],
      { categoryId: phones, companyId: apple, nameEn: 'iPhone 15', nameAr: 'آيفون ١٥' },
    )
  ).product.id;
  // Galaxy: 256/512 GB, black only, sold out.
  ids.galaxy = (
    await createProductWithVariants(
      db,
      [storage(['256', '512']), colour(['Black'])],
      [
        { sku: 'gs-256-blk', values: ['256 GB', 'Black'], priceHalalas: 380_000, stock: 0 },
        { sku: 'gs-512-blk', values: ['512 GB', 'Black'], priceHalalas: 420_000, stock: 0 },
      ],
      { categoryId: phones, companyId: samsung, nameEn: 'Galaxy S24', nameAr: 'جالكسي S24' },
    )
  ).product.id;
  // Galaxy A55: 128 GB blue, in stock.
  ids.a55 = (
    await createProductWithVariants(
      db,
      [storage(['128']), colour(['Blue'])],
      [{ sku: 'a55-128-blu', values: ['128 GB', 'Blue'], priceHalalas: 150_000, stock: 9 }],
      { categoryId: phones, companyId: samsung, nameEn: 'Galaxy A55', nameAr: 'جالكسي A55' },
    )
  ).product.id;

  // Screen sizes: 6.1 inch for the iPhone and the A55, 6.7 for the Galaxy S24.
  const added = await t.app.inject({
    method: 'POST',
    url: `${adminCatalogPaths.categorySpecs.build({ id: phones })}?lang=en`,
    headers: staff.headers,
    payload: { nameAr: 'حجم الشاشة', nameEn: 'Screen size', unitAr: 'بوصة', unitEn: 'inch', kind: 'number' },
  });
  expect(added.statusCode, added.body).toBe(200);
  screen = adminSpecAttributeListSchema.parse(added.json()).items[0]!.id;
  for (const [id, size] of [
    [ids.iphone, 6.1],
    [ids.a55, 6.1],
    [ids.galaxy, 6.7],
  ] as const) {
    const [row] = await db.select({ v: products.version }).from(products).where(eq(products.id, id));
    const res = await t.app.inject({
      method: 'PUT',
      url: `${adminCatalogPaths.productSpecs.build({ id })}?lang=en`,
      headers: staff.headers,
      payload: { version: row!.v, values: { [screen]: size } },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

async function listing(query: string, lang: 'ar' | 'en' = 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${apiPaths.productsPaged.build({ pageSize: 8, page: 1 })}?lang=${lang}&categoryId=${phones}&withFacets=true${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return pagedProductsSchema.parse(res.json());
}

/** Each group's values as "name count" (a chosen one marked with *). */
const shown = (facets: Facets | undefined) =>
  Object.fromEntries(
    (facets?.groups ?? []).map((g) => [
      g.name || g.group,
      g.values.map((v) => `${v.name} ${v.count}${v.selected ? '*' : ''}`),
    ]),
  );
const names = (page: { products: { productId: number }[] }) =>
  page.products.map((p) => Object.entries(ids).find(([, id]) => id === p.productId)?.[0]).sort();

describe('facets of a category', () => {
  it('count every maker, option value and specification value in products, not variants', async () => {
    const page = await listing('');
    expect(names(page)).toEqual(['a55', 'galaxy', 'iphone']);
    expect(shown(page.facets)).toEqual({
      b: ['Apple 1', 'Samsung 2'],
      Storage: ['128 GB 2', '256 GB 2', '512 GB 1'],
      Colour: ['Black 2', 'Blue 2'],
      'Screen size': ['6.1 inch 2', '6.7 inch 1'],
    });
    expect(page.facets?.inStock).toEqual({ count: 2, selected: false });
    expect(page.facets?.price).toEqual({ min: 1500, max: 4000 });
    const blue = page.facets?.groups.find((g) => g.name === 'Colour')?.values[1];
    expect(blue).toMatchObject({ key: 'o-colour:blue', swatch: '#1e3a8a' });
  });

  it('widen within a group and narrow across groups, each group counted without its own choice', async () => {
    const page = await listing('&facet=o-storage:256-gb&facet=o-storage:512-gb');
    expect(names(page)).toEqual(['galaxy', 'iphone']);
    expect(page.pagging.rawCount).toBe(2);
    const facets = shown(page.facets);
    // Storage ignores its own choice; the others count within it.
    expect(facets.Storage).toEqual(['128 GB 2', '256 GB 2*', '512 GB 1*']);
    expect(facets.Colour).toEqual(['Black 2', 'Blue 1']);
    expect(facets.b).toEqual(['Apple 1', 'Samsung 1']);

    const narrowed = await listing('&facet=o-storage:256-gb&facet=o-storage:512-gb&facet=o-colour:blue');
    expect(names(narrowed)).toEqual(['iphone']);
    expect(shown(narrowed.facets).Storage).toEqual(['128 GB 2', '256 GB 1*', '512 GB 0*']);
  });

  it('narrow by maker, by a specification value, and to products in stock', async () => {
    expect(names(await listing(`&facet=b:${samsung}`))).toEqual(['a55', 'galaxy']);
    expect(names(await listing(`&facet=s${screen}:6.7`))).toEqual(['galaxy']);
    const inStock = await listing('&inStock=true');
    expect(names(inStock)).toEqual(['a55', 'iphone']);
    expect(inStock.facets?.inStock).toEqual({ count: 2, selected: true });
    expect(shown(inStock.facets).Storage).toEqual(['128 GB 2', '256 GB 1']);
    // A value chosen that no product of the result has stays shown, with 0, so it can be cleared.
    const none = await listing(`&facet=b:${apple}&facet=s${screen}:6.7`);
    expect(none.products).toEqual([]);
    expect(shown(none.facets)['Screen size']).toEqual(['6.1 inch 1', '6.7 inch 0*']);
  });

  it('narrow by a price range too, whose bounds are those of every other choice', async () => {
    const page = await listing('&startprice=1000&finishprice=4200&facet=o-colour:black');
    // The A55 costs 1,500 but is blue; the Galaxy S24 from 3,800 and the iPhone from 4,000 are black.
    expect(names(page)).toEqual(['galaxy', 'iphone']);
    expect(shown(page.facets).Colour).toEqual(['Black 2*', 'Blue 2']);
    expect(page.facets?.price).toEqual({ min: 3800, max: 4000 });
  });

  it('name groups and values in Arabic', async () => {
    const page = await listing(`&facet=s${screen}:6.1`, 'ar');
    expect(shown(page.facets)).toEqual({
      b: ['أبل 1', 'سامسونج 1'],
      السعة: ['128 جيجابايت 2', '256 جيجابايت 1'],
      اللون: ['أزرق 2', 'أسود 1'],
      'حجم الشاشة': ['6.1 بوصة 2*', '6.7 بوصة 1'],
    });
  });

  it('leave the maker group out on a maker’s own listing, and answer no facets unless asked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.productsPaged.build({ pageSize: 8, page: 1 })}?lang=en&companyId=${samsung}&withFacets=true`,
    });
    const page = pagedProductsSchema.parse(res.json());
    expect(page.facets?.groups.map((g) => g.group)).toEqual(['o-storage', 'o-colour', `s${screen}`]);
    const plain = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.productsPaged.build({ pageSize: 8, page: 1 })}?lang=en&categoryId=${phones}&facet=o-colour:blue`,
    });
    expect(plain.json()).not.toHaveProperty('facets');
    expect(pagedProductsSchema.parse(plain.json()).pagging.rawCount).toBe(2);
  });

  it('follow a renamed value: its new name is shown, and its key (the English slug) is kept only while the name is', async () => {
    await t.app.db
      .update(productOptionValues)
      .set({ nameAr: 'أزرق سماوي' })
      .where(eq(productOptionValues.nameEn, 'Blue'));
    // As every writer of products does after its commit (the back office's options form too).
    await t.app.changes.publish({ topic: 'catalog', productIds: [ids.iphone, ids.a55] });
    const page = await listing('', 'ar');
    expect(shown(page.facets).اللون).toContain('أزرق سماوي 2');
  });

  it('refuse a malformed facet with 400 in the shopper’s language', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${apiPaths.productsPaged.build({ pageSize: 8, page: 1 })}?lang=${lang}&facet=${encodeURIComponent('no colon')}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'FACET_INVALID',
        message: lang === 'ar' ? 'عامل التصفية غير صحيح' : 'The filter is not valid',
      });
    }
  });
});

describe('facets of a search', () => {
  it('count the matches and narrow them, keeping the ranking', async () => {
    const search = async (query: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${apiPaths.productSearch.build({ pageSize: 8, page: 1 })}?lang=en&withFacets=true${query}`,
        payload: { productName: 'galaxy' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return pagedProductsSchema.parse(res.json());
    };
    const all = await search('');
    expect(names(all)).toEqual(['a55', 'galaxy']);
    expect(shown(all.facets).Storage).toEqual(['128 GB 1', '256 GB 1', '512 GB 1']);
    const narrowed = await search('&facet=o-storage:512-gb&inStock=false');
    expect(names(narrowed)).toEqual(['galaxy']);
    expect(narrowed.pagging.rawCount).toBe(1);
    expect(shown(narrowed.facets).Colour).toEqual(['Black 1']);
  });
});

describe('facets of a search over several categories', () => {
  it('tell apart two specifications of one name by their category', async () => {
    const db = t.app.db;
    const tablets = (await createCategory(db, { nameAr: 'أجهزة لوحية', nameEn: 'Tablets' })).id;
    const added = await t.app.inject({
      method: 'POST',
      url: `${adminCatalogPaths.categorySpecs.build({ id: tablets })}?lang=en`,
      headers: staff.headers,
      payload: {
        nameAr: 'حجم الشاشة',
        nameEn: 'Screen size',
        unitAr: 'بوصة',
        unitEn: 'inch',
        kind: 'number',
      },
    });
    const tabletScreen = adminSpecAttributeListSchema.parse(added.json()).items[0]!.id;
    const pixel = async (categoryId: number, nameEn: string, attribute: number, size: number) => {
      const { product } = await createProductWithVariants(
        db,
        [storage(['128'])],
        [{ sku: `${nameEn}-128`, values: ['128 GB'], priceHalalas: 200_000, stock: 1 }],
        { categoryId, companyId: apple, nameEn, nameAr: nameEn },
      );
      const res = await t.app.inject({
        method: 'PUT',
        url: `${adminCatalogPaths.productSpecs.build({ id: product.id })}?lang=en`,
        headers: staff.headers,
        payload: { version: product.version, values: { [attribute]: size } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await pixel(phones, 'Pixel 8', screen, 6.2);
    await pixel(tablets, 'Pixel Tablet', tabletScreen, 11);
    for (const [lang, groups] of [
      ['en', { 'Screen size (Phones)': ['6.2 inch 1'], 'Screen size (Tablets)': ['11 inch 1'] }],
      ['ar', { 'حجم الشاشة (جوالات)': ['6.2 بوصة 1'], 'حجم الشاشة (أجهزة لوحية)': ['11 بوصة 1'] }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${apiPaths.productSearch.build({ pageSize: 8, page: 1 })}?lang=${lang}&withFacets=true`,
        payload: { productName: 'pixel' },
      });
      expect(shown(pagedProductsSchema.parse(res.json()).facets)).toMatchObject(groups);
    }
  });
});

describe('the migration to facets', { timeout: MIGRATION_TEST_TIMEOUT }, () => {
  it('gives existing products their option and specification facet keys, and their labels', async () => {
    // The migrations up to the one before facets, on a database of their own.
    const { client, upgrade, close } = await databaseBefore('0018_facets');
    try {
      await client.exec(`
        insert into categories (slug, name_ar, name_en, image) values ('phones', 'هواتف', 'Phones', '/c.webp');
        insert into companies (slug, name_ar, name_en, image) values ('acme', 'أكمي', 'Acme', '/b.webp');
        insert into products (sku, name_ar, name_en, price_halalas, stock, category_id, company_id, image)
          values ('P-1', 'هاتف', 'Phone', 10000, 4, 1, 1, '/p.webp');
        insert into product_options (product_id, position, name_ar, name_en, kind)
          values (1, 1, 'السعة', 'Storage', 'text'), (1, 2, 'اللون', 'Colour', 'colour');
        insert into product_option_values (option_id, position, name_ar, name_en, swatch)
          values (1, 1, '256 جيجابايت', '256 GB', null), (2, 1, 'أزرق', 'Sky Blue', '#1e3a8a');
        insert into spec_attributes (category_id, name_ar, name_en, kind) values (1, 'الشاشة', 'Screen', 'number'),
          (1, 'المعالج', 'Processor', 'text');
        insert into product_specs (product_id, attribute_id, number_value) values (1, 1, 6.1);
        insert into product_specs (product_id, attribute_id, text_ar, text_en) values (1, 2, 'سريع', 'Fast');
      `);

      // Now the facets migration, as a shop upgrading would run it.
      await upgrade();
      const product = await client.query<{ facet_keys: string[] }>('select facet_keys from products');
      expect([...product.rows[0]!.facet_keys].sort()).toEqual([
        'o-colour:sky-blue',
        'o-storage:256-gb',
        's1:6.1',
      ]);
      const labels = await client.query(
        'select key, value_ar, value_en, swatch from option_facet_labels order by key',
      );
      expect(labels.rows).toEqual([
        { key: 'o-colour:sky-blue', value_ar: 'أزرق', value_en: 'Sky Blue', swatch: '#1e3a8a' },
        { key: 'o-storage:256-gb', value_ar: '256 جيجابايت', value_en: '256 GB', swatch: null },
      ]);
    } finally {
      await close();
    }
  });
});
