import {
  adminCatalogPaths,
  adminPaths,
  adminProductSpecsSchema,
  adminSpecAttributeListSchema,
  apiErrorSchema,
  apiPaths,
  comparisonSchema,
  pagedProductsSchema,
  productDetailsSchema,
  type AdminSpecAttribute,
} from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCompany, createProduct, type ProductRow } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { signedInMember } from '../../test/staff.ts';
import { products } from './schema.ts';

/*
 * Specifications through the real app: staff declare a category's attributes and fill a
 * product's values; shoppers read them on the product, find the product by them in both
 * languages, and compare products of one category.
 */

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let owner: Awaited<ReturnType<typeof signedInMember>>;
let phones: number;
let laptops: number;
let iphone: ProductRow;
let galaxy: ProductRow;
let laptop: ProductRow;
let attrs: AdminSpecAttribute[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  staff = await signedInMember(db, { role: 'staff' });
  owner = await signedInMember(db, { role: 'owner' });
  phones = (await createCategory(db, { nameAr: 'جوالات', nameEn: 'Phones' })).id;
  laptops = (await createCategory(db, { nameAr: 'حواسيب', nameEn: 'Laptops' })).id;
  const apple = (await createCompany(db, { nameAr: 'أبل', nameEn: 'Apple' })).id;
  const samsung = (await createCompany(db, { nameAr: 'سامسونج', nameEn: 'Samsung' })).id;
  iphone = await createProduct(db, {
    nameAr: 'آيفون ١٥',
    nameEn: 'iPhone 15',
    categoryId: phones,
    companyId: apple,
    priceHalalas: 400_000,
  });
  galaxy = await createProduct(db, {
    nameAr: 'جالكسي S24',
    nameEn: 'Galaxy S24',
    categoryId: phones,
    companyId: samsung,
    priceHalalas: 350_000,
  });
  laptop = await createProduct(db, {
    nameAr: 'ماك بوك',
    nameEn: 'MacBook Air',
    categoryId: laptops,
    companyId: apple,
    priceHalalas: 500_000,
  });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url: `${url}?lang=${lang}`,
    headers: staff.headers,
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });

async function addAttribute(body: Record<string, unknown>, category = phones) {
  const res = await call('POST', adminCatalogPaths.categorySpecs.build({ id: category }), body);
  expect(res.statusCode, res.body).toBe(200);
  return adminSpecAttributeListSchema.parse(res.json()).items;
}

const version = async (id: number) =>
  (await t.app.db.select({ v: products.version }).from(products).where(eq(products.id, id)))[0]!.v;

async function setSpecs(id: number, values: Record<string, unknown>, lang = 'en') {
  return call(
    'PUT',
    adminCatalogPaths.productSpecs.build({ id }),
    { version: await version(id), values },
    lang,
  );
}

const details = async (id: number, lang: 'ar' | 'en') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${apiPaths.productById.build({ id })}?lang=${lang}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return productDetailsSchema.parse(res.json());
};

const found = async (productName: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.productSearch.build({ pageSize: 8, page: 1 }),
    payload: { productName },
  });
  expect(res.statusCode, res.body).toBe(200);
  return pagedProductsSchema.parse(res.json()).products.map((p) => p.productId);
};

const byName = (name: string) => attrs.find((a) => a.nameEn === name)!;

describe('a category’s specification attributes', () => {
  it('staff add attributes of each kind, in order, with units in both languages', async () => {
    await addAttribute({
      nameAr: 'حجم الشاشة',
      nameEn: 'Screen size',
      unitAr: 'بوصة',
      unitEn: 'inch',
      kind: 'number',
    });
    await addAttribute({ nameAr: 'المعالج', nameEn: 'Processor', kind: 'text' });
    await addAttribute({
      nameAr: 'البطارية',
      nameEn: 'Battery',
      unitAr: 'mAh',
      unitEn: 'mAh',
      kind: 'number',
    });
    attrs = await addAttribute({
      nameAr: 'اللون',
      nameEn: 'Colour',
      kind: 'choice',
      choices: 'Black | أسود\nBlue | أزرق\n',
    });
    expect(attrs.map((a) => [a.nameEn, a.kind])).toEqual([
      ['Screen size', 'number'],
      ['Processor', 'text'],
      ['Battery', 'number'],
      ['Colour', 'choice'],
    ]);
    expect(byName('Colour').choices.map((c) => [c.valueEn, c.valueAr])).toEqual([
      ['Black', 'أسود'],
      ['Blue', 'أزرق'],
    ]);
  });

  it('bad input is refused with a message in the staff member’s language', async () => {
    const noChoices = { nameAr: 'الذاكرة', nameEn: 'Memory', kind: 'choice', choices: '' };
    const ar = await call('POST', adminCatalogPaths.categorySpecs.build({ id: phones }), noChoices, 'ar');
    expect(ar.statusCode).toBe(400);
    expect(apiErrorSchema.parse(ar.json()).fields?.[0]?.message).toBe(
      'أدخل خياراً واحداً على الأقل، كل خيار في سطر',
    );
    const en = await call('POST', adminCatalogPaths.categorySpecs.build({ id: phones }), noChoices, 'en');
    expect(apiErrorSchema.parse(en.json()).fields?.[0]?.message).toBe(
      'Enter at least one choice, one per line',
    );

    // What the choices box holds matters to a choice only.
    const number = await call(
      'POST',
      adminCatalogPaths.categorySpecs.build({ id: phones }),
      {
        nameAr: 'الوزن',
        nameEn: 'Weight',
        unitAr: 'جم',
        unitEn: 'g',
        kind: 'number',
        choices: 'left | over | here',
      },
      'en',
    );
    expect(number.statusCode, number.body).toBe(200);
    const weight = adminSpecAttributeListSchema
      .parse(number.json())
      .items.find((a) => a.nameEn === 'Weight')!;
    expect(weight.choices).toEqual([]);
    expect((await call('DELETE', adminCatalogPaths.spec.build({ id: weight.id }))).statusCode).toBe(200);

    const badLine = { ...noChoices, choices: 'Eight GB' };
    const line = await call('POST', adminCatalogPaths.categorySpecs.build({ id: phones }), badLine, 'en');
    expect(line.statusCode).toBe(400);
    expect(line.body).toContain('English value | Arabic value');

    const twice = await call(
      'POST',
      adminCatalogPaths.categorySpecs.build({ id: phones }),
      { nameAr: 'شاشة', nameEn: 'screen SIZE', kind: 'number' },
      'ar',
    );
    expect(twice.statusCode).toBe(409);
    expect(apiErrorSchema.parse(twice.json()).message).toBe('في هذا القسم مواصفة أخرى بالاسم الإنجليزي نفسه');
  });
});

describe('a product’s values', () => {
  it('are saved, shown on the product in both languages in the category’s order, and audited', async () => {
    const res = await setSpecs(iphone.id, {
      [byName('Colour').id]: 'Blue',
      [byName('Screen size').id]: '٦٫١',
      [byName('Processor').id]: { ar: 'A17 برو', en: 'A17 Pro' },
      [byName('Battery').id]: 3349,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminProductSpecsSchema.parse(res.json()).values).toHaveLength(4);

    const en = await details(iphone.id, 'en');
    expect(en.productSpecs.map((s) => [s.specName, s.specValue, s.specUnit])).toEqual([
      ['Screen size', '6.1', 'inch'],
      ['Processor', 'A17 Pro', ''],
      ['Battery', '3349', 'mAh'],
      ['Colour', 'Blue', ''],
    ]);
    const ar = await details(iphone.id, 'ar');
    expect(ar.productSpecs.map((s) => [s.specName, s.specValue, s.specUnit])).toEqual([
      ['حجم الشاشة', '6.1', 'بوصة'],
      ['المعالج', 'A17 برو', ''],
      ['البطارية', '3349', 'mAh'],
      ['اللون', 'أزرق', ''],
    ]);

    const audit = await t.app.inject({
      method: 'GET',
      url: `${adminPaths.auditLog.pattern}?entityType=product&entityId=${iphone.id}`,
      headers: owner.headers,
    });
    const [entry] = audit.json<{ items: { action: string; after: unknown }[] }>().items;
    expect(entry).toMatchObject({
      action: 'product.specs',
      after: { specs: { 'Screen size': '6.1', Colour: 'Blue', Processor: 'A17 Pro | A17 برو' } },
    });
  });

  it('a product without values shows no specifications', async () => {
    expect((await details(galaxy.id, 'en')).productSpecs).toEqual([]);
  });

  it('a value that does not fit its attribute is refused, naming the attribute in the user’s language', async () => {
    const number = await setSpecs(galaxy.id, { [byName('Screen size').id]: 'big' }, 'ar');
    expect(number.statusCode).toBe(400);
    expect(apiErrorSchema.parse(number.json()).message).toBe('أدخل رقماً في حقل «حجم الشاشة»');
    // The field's message names it too, for the form that shows it under the field.
    expect(apiErrorSchema.parse(number.json()).fields?.[0]?.message).toBe('أدخل رقماً في حقل «حجم الشاشة»');
    const choice = await setSpecs(galaxy.id, { [byName('Colour').id]: 'Green' }, 'en');
    expect(apiErrorSchema.parse(choice.json()).message).toBe('Choose one of the listed values in “Colour”');
    const text = await setSpecs(galaxy.id, { [byName('Processor').id]: { ar: '', en: 'Snapdragon' } }, 'en');
    expect(apiErrorSchema.parse(text.json()).message).toBe(
      'Enter “Processor” in Arabic and in English, or leave both empty',
    );
    const other = await setSpecs(laptop.id, { [byName('Colour').id]: 'Blue' }, 'en');
    expect(other.statusCode).toBe(400);
    expect(apiErrorSchema.parse(other.json()).code).toBe('SPEC_NOT_OF_CATEGORY');
    expect((await details(galaxy.id, 'en')).productSpecs).toEqual([]);
  });

  it('a save from an older version is refused', async () => {
    const res = await call('PUT', adminCatalogPaths.productSpecs.build({ id: galaxy.id }), {
      version: (await version(galaxy.id)) - 1 || 99,
      values: { [byName('Battery').id]: '4000' },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('search by specification values', () => {
  beforeAll(async () => {
    const res = await setSpecs(galaxy.id, {
      [byName('Screen size').id]: '6.2',
      [byName('Processor').id]: { ar: 'سنابدراغون 8 الجيل 3', en: 'Snapdragon 8 Gen 3' },
      [byName('Battery').id]: '5000',
      [byName('Colour').id]: 'أسود',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['a number', '6.1', 'iphone'],
    ['a text value', 'A17', 'iphone'],
    ['a number with its unit', '5000 mAh', 'galaxy'],
    ['a number glued to its unit', '5000mah', 'galaxy'],
    ['an Arabic text value', 'سنابدراغون', 'galaxy'],
    ['the Arabic name of a choice', 'أزرق', 'iphone'],
    ['the English name of a choice', 'black', 'galaxy'],
    ['a value with the product’s brand', 'apple a17', 'iphone'],
  ])('finds a product by %s (%s), first', async (_case, query, key) => {
    // A near number ("6.2" for "6.1") may follow, as any near match does.
    expect((await found(query))[0]).toBe(key === 'iphone' ? iphone.id : galaxy.id);
  });

  it('a value that no product has finds nothing', async () => {
    expect(await found('Tensor')).toEqual([]);
  });

  it('words of the values reach the vocabulary, so a misspelt one still finds the product', async () => {
    expect(await found('snapdragno')).toEqual([galaxy.id]);
  });
});

describe('comparing products', () => {
  const compare = async (ids: string, lang = 'en') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.productCompare.pattern}?ids=${ids}&lang=${lang}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return comparisonSchema.parse(res.json());
  };

  it('shows products of the first one’s category side by side, one row per attribute', async () => {
    const c = await compare(`${iphone.id},${galaxy.id},${laptop.id}`);
    expect(c.products.map((p) => p.productId)).toEqual([iphone.id, galaxy.id]);
    expect(c.leftOut).toEqual([laptop.id]);
    expect(c.categoryName).toBe('Phones');
    expect(c.specs.map((s) => [s.specName, s.specUnit, ...s.values])).toEqual([
      ['Screen size', 'inch', '6.1', '6.2'],
      ['Processor', '', 'A17 Pro', 'Snapdragon 8 Gen 3'],
      ['Battery', 'mAh', '3349', '5000'],
      ['Colour', '', 'Blue', 'Black'],
    ]);
    const ar = await compare(`${galaxy.id},${iphone.id}`, 'ar');
    expect(ar.specs.at(-1)?.values).toEqual(['أسود', 'أزرق']);
  });

  it('ignores what is not a product id, and answers an empty comparison for none', async () => {
    const c = await compare('x,,0');
    expect(c).toMatchObject({ products: [], specs: [], categoryId: null });
  });
});

describe('changes that drop values', () => {
  it('moving an attribute reorders the product page', async () => {
    const res = await call('PUT', adminCatalogPaths.specMove.build({ id: byName('Colour').id }), {
      direction: 'up',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await details(iphone.id, 'en')).productSpecs.map((s) => s.specName)).toEqual([
      'Screen size',
      'Processor',
      'Colour',
      'Battery',
    ]);
  });

  it('removing an attribute removes its values from the page and from search', async () => {
    const res = await call('DELETE', adminCatalogPaths.spec.build({ id: byName('Processor').id }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await details(iphone.id, 'en')).productSpecs.map((s) => s.specName)).not.toContain('Processor');
    expect(await found('A17')).toEqual([]);
  });

  it('a product moved to another category loses the old category’s values', async () => {
    await t.app.db.update(products).set({ categoryId: laptops }).where(eq(products.id, galaxy.id));
    // Shown only for its own category's attributes, even before they are dropped.
    expect((await details(galaxy.id, 'en')).productSpecs).toEqual([]);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `${adminCatalogPaths.product.build({ id: iphone.id })}?lang=en`,
      headers: staff.headers,
      payload: {
        nameAr: 'آيفون ١٥',
        nameEn: 'iPhone 15',
        price: '4000',
        stock: '3',
        categoryId: String(laptops),
        brandId: String(iphone.companyId),
        version: String(await version(iphone.id)),
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await details(iphone.id, 'en')).productSpecs).toEqual([]);
    expect(await found('أزرق')).toEqual([]);
    const left = await t.app.db.execute(
      sql`select count(*)::int as n from product_specs where product_id = ${iphone.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
