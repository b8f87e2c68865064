import { adminContentPaths as paths, apiPaths, productDetailsSchema, type ImportJob } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.ts';
import { importShop, type ImportShop } from '../../test/import-shop.ts';

/*
 * Specifications in the catalog file (docs/catalog-import.md): a category declares its
 * attributes, a product carries its values by the attribute's English name, in JSON and in
 * CSV; an export imports back to the same values.
 */

describe('specifications in catalog files', () => {
  let shop: ImportShop;
  let t: TestContext;
  let staff: Record<string, string>;

  beforeAll(async () => {
    shop = await importShop();
    ({ t, staff } = shop);
  });
  afterAll(() => t.close());

  const phones = () => ({
    key: 'phones',
    name: { ar: 'جوالات', en: 'Phones' },
    image: shop.image,
    specs: [
      { name: { ar: 'حجم الشاشة', en: 'Screen size' }, unit: { ar: 'بوصة', en: 'inch' }, kind: 'number' },
      { name: { ar: 'المعالج', en: 'Processor' }, kind: 'text' },
      { name: { ar: 'البطارية', en: 'Battery' }, unit: 'mAh', kind: 'number' },
      {
        name: { ar: 'نظام التشغيل', en: 'Operating system' },
        kind: 'choice',
        choices: [
          { ar: 'آي أو إس', en: 'iOS' },
          { ar: 'أندرويد', en: 'Android' },
        ],
      },
    ],
  });
  const phone = (sku: string, specs: Record<string, unknown>) => ({
    sku,
    name: { ar: `جوال ${sku}`, en: `Phone ${sku}` },
    category: 'phones',
    company: shop.company,
    price: 1000,
    stock: 3,
    image: shop.image,
    specs,
  });

  // A job reads "done" a moment before the caches hear of the import: reads after one poll.
  async function importFile(text: string, fileName: string, lang: 'ar' | 'en' = 'en'): Promise<ImportJob> {
    const checked = (await shop.upload(text, fileName, { lang })).json().job as ImportJob;
    if (checked.status !== 'checked') return checked;
    await shop.start(checked.id);
    return shop.waitUntilOver(checked.id, lang);
  }

  const specsOf = async (sku: string, lang: 'ar' | 'en') => {
    const search = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.productSearch.build({ pageSize: 8, page: 1 })}?lang=${lang}`,
      payload: { productName: `Phone ${sku}` },
    });
    const id = search.json<{ products: { productId: number }[] }>().products[0]!.productId;
    const res = await t.app.inject({ url: `${apiPaths.productById.build({ id })}?lang=${lang}` });
    return productDetailsSchema
      .parse(res.json())
      .productSpecs.map((s) => `${s.specName}: ${s.specValue} ${s.specUnit}`.trim());
  };

  it('a JSON file declares a category’s attributes and fills its products’ values', async () => {
    const done = await importFile(
      JSON.stringify({
        categories: [phones()],
        products: [
          phone('p1', { 'Screen size': 6.1, Processor: 'A17 Pro', Battery: 3274, 'Operating system': 'iOS' }),
          phone('p2', {
            'screen size': '6,7',
            Processor: { ar: 'سنابدراغون 8', en: 'Snapdragon 8' },
            'Operating system': 'أندرويد',
          }),
        ],
      }),
      'catalog.json',
    );
    expect(done.status, JSON.stringify(done.errors)).toBe('done');
    await expect
      .poll(() => specsOf('p1', 'en'))
      .toEqual(['Screen size: 6.1 inch', 'Processor: A17 Pro', 'Battery: 3274 mAh', 'Operating system: iOS']);
    await expect
      .poll(() => specsOf('p2', 'ar'))
      .toEqual(['حجم الشاشة: 6.7 بوصة', 'المعالج: سنابدراغون 8', 'نظام التشغيل: أندرويد']);
  });

  it('an unknown attribute or a value that does not fit is a per-row error, in Arabic and English', async () => {
    const text = JSON.stringify({
      products: [
        phone('p3', { 'Screen size': 6.1 }),
        phone('p4', { Weight: 180 }),
        phone('p5', { Battery: 'large', 'Operating system': 'Symbian' }),
      ],
    });
    const ar = (await shop.upload(text, 'bad.json', { lang: 'ar' })).json().job as ImportJob;
    expect(ar.status).toBe('invalid');
    expect(ar.errors).toEqual([
      {
        section: 'products',
        row: 2,
        field: 'specs.Weight',
        message: 'لا توجد في التصنيف "phones" مواصفة باسم "Weight"',
      },
      { section: 'products', row: 3, field: 'specs.Battery', message: 'يجب أن يكون رقماً' },
      {
        section: 'products',
        row: 3,
        field: 'specs.Operating system',
        message: 'يجب أن يكون إحدى قيم المواصفة',
      },
    ]);
    const en = await shop.job(ar.id, 'en');
    expect(en.errors.map((e) => e.message)).toEqual([
      'category "phones" has no specification "Weight"',
      'must be a number',
      'must be one of the specification’s values',
    ]);
  });

  it('the JSON export carries attributes and values, and imports back to the same', async () => {
    const exported = await t.app.inject({
      url: `${paths.catalogExport.pattern}?format=json`,
      headers: staff,
    });
    const file = JSON.parse(exported.body) as {
      categories: { key: string; specs?: unknown[] }[];
      products: { sku: string; specs?: Record<string, unknown> }[];
    };
    expect(file.categories.find((c) => c.key === 'phones')?.specs).toEqual(phones().specs);
    expect(file.products.find((p) => p.sku === 'p2')?.specs).toEqual({
      'Screen size': 6.7,
      Processor: { ar: 'سنابدراغون 8', en: 'Snapdragon 8' },
      'Operating system': 'Android',
    });
    const before = [await specsOf('p1', 'ar'), await specsOf('p2', 'en')];
    expect((await importFile(exported.body, 'export.json')).status).toBe('done');
    await expect.poll(async () => [await specsOf('p1', 'ar'), await specsOf('p2', 'en')]).toEqual(before);
  });

  it('the CSV carries values in spec: columns (spec_ar: for Arabic text), and imports back to the same', async () => {
    const exported = await t.app.inject({ url: `${paths.catalogExport.pattern}?format=csv`, headers: staff });
    const [header, ...lines] = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toMatch(
      /,variant_hidden,spec:Screen size,spec:Processor,spec_ar:Processor,spec:Battery,spec:Operating system$/,
    );
    expect(lines.find((l) => l.startsWith('p2,'))).toMatch(/,6\.7,Snapdragon 8,سنابدراغون 8,,Android$/);
    const before = [await specsOf('p1', 'en'), await specsOf('p2', 'ar')];

    // A row's filled cells are its values: one emptied cell clears that value.
    const edited = exported.body.replace(/,6\.7,Snapdragon 8,/, ',6.9,Snapdragon 8,');
    expect((await importFile(edited, 'products.csv')).status).toBe('done');
    await expect.poll(() => specsOf('p1', 'en')).toEqual(before[0]);
    await expect.poll(() => specsOf('p2', 'ar')).toEqual(before[1]!.map((s) => s.replace('6.7', '6.9')));

    const unknown = `${header},spec:Weight\r\n${lines.find((l) => l.startsWith('p1,'))},180\r\n`;
    const job = (await shop.upload(unknown, 'weight.csv', { lang: 'en' })).json().job as ImportJob;
    // A CSV's errors name the file's line (the header is line 1), as its other errors do.
    expect(job.errors).toEqual([
      {
        section: '',
        row: 2,
        field: 'specs.Weight',
        message: 'category "phones" has no specification "Weight"',
      },
    ]);
  });

  it('a category whose file lists fewer attributes loses the others, with their values', async () => {
    const fewer = { ...phones(), specs: phones().specs.filter((s) => s.name.en !== 'Battery') };
    expect((await importFile(JSON.stringify({ categories: [fewer] }), 'fewer.json')).status).toBe('done');
    await expect
      .poll(() => specsOf('p1', 'en'))
      .toEqual(['Screen size: 6.1 inch', 'Processor: A17 Pro', 'Operating system: iOS']);
  });
});
