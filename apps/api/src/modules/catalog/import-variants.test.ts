import { adminContentPaths as paths, apiPaths, productDetailsSchema, type ImportJob } from '@shop/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines } from '../orders/schema.ts';
import { productOptions, productOptionValues, products, productVariants } from './schema.ts';
import { refreshSpecSearch } from './specs.ts';
import type { TestContext } from '../../test/harness.ts';
import { importShop, type ImportShop } from '../../test/import-shop.ts';
import { createShopper, placeOrderOk, putInCart } from '../../test/shoppers.ts';

describe('back office: products with options and variants in catalog files', () => {
  let shop: ImportShop;
  let t: TestContext;
  let staff: Record<string, string>;
  let image: string;
  let category: string;
  let company: string;
  beforeAll(async () => {
    shop = await importShop();
    ({ t, staff, image, category, company } = shop);
  });
  afterAll(() => t.close());

  const day = 24 * 60 * 60 * 1000;
  const base = Math.floor(Date.now() / 1000) * 1000;
  const at = (days: number) => new Date(base + days * day).toISOString();

  /** A phone in storage × colour, on offer from yesterday until next week, as the export writes it. */
  const phone = () => ({
    sku: 'phone-15',
    name: { ar: 'جوال 15', en: 'Phone 15' },
    category,
    company,
    offerStartsAt: at(-1),
    offerEndsAt: at(7),
    featured: false,
    image,
    options: [
      {
        name: { ar: 'السعة', en: 'Storage' },
        values: [
          { ar: '128 جيجابايت', en: '128 GB' },
          { ar: '256 جيجابايت', en: '256 GB' },
        ],
      },
      {
        name: { ar: 'اللون', en: 'Colour' },
        kind: 'colour',
        values: [
          { ar: 'أسود', en: 'Black', swatch: '#111111' },
          { ar: 'أزرق', en: 'Blue', swatch: '#1e40af' },
          { ar: 'أبيض', en: 'White', swatch: '#f5f5f5' },
        ],
      },
    ],
    variants: [
      {
        sku: 'phone-15-128-black',
        options: { Storage: '128 GB', Colour: 'Black' },
        price: 3399,
        offerPrice: 3199,
        stock: 5,
      },
      { sku: 'phone-15-128-blue', options: { Storage: '128 GB', Colour: 'Blue' }, price: 3399, stock: 0 },
      {
        sku: 'phone-15-256-black',
        options: { Storage: '256 GB', Colour: 'Black' },
        price: 3899,
        offerPrice: 3699.5,
        stock: 2,
        barcode: '0194253401234',
      },
      {
        sku: 'phone-15-256-blue',
        options: { Storage: '256 GB', Colour: 'Blue' },
        price: 3899,
        stock: 7,
        image,
      },
      {
        sku: 'phone-15-256-white',
        options: { Storage: '256 GB', Colour: 'White' },
        price: 3899,
        stock: 1,
        hidden: true,
      },
    ],
  });
  const cable = () => ({
    sku: 'cable-usbc',
    name: { ar: 'كيبل USB-C', en: 'USB-C cable' },
    category,
    company,
    price: 49,
    offerPrice: null,
    stock: 100,
    featured: false,
    image,
  });

  const runFile = async (text: string, fileName: string) => {
    const checked = (await shop.upload(text, fileName, { lang: 'en' })).json().job as ImportJob;
    expect(checked.errors).toEqual([]);
    expect(checked.status).toBe('checked');
    expect((await shop.start(checked.id)).statusCode).toBe(200);
    expect((await shop.waitUntilOver(checked.id, 'en')).status).toBe('done');
    return checked;
  };
  const exportAs = async (format: 'json' | 'csv') => {
    const res = await t.app.inject({
      url: `${paths.catalogExport.pattern}?format=${format}`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const productId = async (sku: string) =>
    (await t.app.db.select({ id: products.id }).from(products).where(eq(products.sku, sku)))[0]!.id;
  const variantsOf = async (sku: string) =>
    t.app.db
      .select({ id: productVariants.id, sku: productVariants.sku, hidden: productVariants.hidden })
      .from(productVariants)
      .where(eq(productVariants.productId, await productId(sku)))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
  const details = async (sku: string) =>
    productDetailsSchema.parse(
      (
        await t.app.inject({ url: `${apiPaths.productById.build({ id: await productId(sku) })}?lang=en` })
      ).json(),
    );

  it('imports a product with options and variants beside one without, and exports both as they came', async () => {
    await runFile(JSON.stringify({ products: [phone(), cable()] }), 'catalog.json');

    expect((await variantsOf('phone-15')).map((v) => [v.sku, v.hidden])).toEqual([
      ['phone-15-128-black', false],
      ['phone-15-128-blue', false],
      ['phone-15-256-black', false],
      ['phone-15-256-blue', false],
      ['phone-15-256-white', true],
    ]);
    // The shopper sees the default (first) variant's prices, its offer live while its dates hold,
    // and the stock of the visible variants.
    expect(await details('phone-15')).toMatchObject({
      productPrice: 3399,
      productPriceAfterOffer: 3199,
      productStock: 14,
    });
    expect(await details('cable-usbc')).toMatchObject({ productPrice: 49, productStock: 100 });
    const [row] = await t.app.db.select().from(products).where(eq(products.sku, 'phone-15'));
    expect(row).toMatchObject({ variantCount: 4, fromPriceHalalas: 319900 });
    expect(row!.swatches.map((s) => s.swatch)).toEqual(['#111111', '#1e40af', '#f5f5f5']);

    const first = await exportAs('json');
    const file = JSON.parse(first) as { products: Record<string, unknown>[] };
    expect(file.products).toEqual([phone(), cable()]);

    // Export, import, export: the same file, and the same variants (kept by their SKU).
    const before = await variantsOf('phone-15');
    await runFile(first, 'export.json');
    expect(await exportAs('json')).toBe(first);
    expect(await variantsOf('phone-15')).toEqual(before);
  });

  it('exports one CSV row per variant, which imports back to the same catalog', async () => {
    const jsonBefore = await exportAs('json');
    const csv = await exportAs('csv');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + 5 + 1);
    expect(lines[0]).toContain(
      ',option1_name_ar,option1_name_en,option1_kind,option1_value_ar,option1_value_en,option1_swatch,',
    );
    expect(lines[0]!.endsWith(',variant_sku,barcode,variant_image,variant_hidden')).toBe(true);
    expect(lines[3]).toContain(
      `,السعة,Storage,,256 جيجابايت,256 GB,,اللون,Colour,colour,أسود,Black,#111111,,,,,,,phone-15-256-black,0194253401234,,false`,
    );
    expect(lines[3]).toContain(`,3899,3699.5,${at(-1)},${at(7)},2,`);

    await runFile(csv, 'products.csv');
    expect(await exportAs('csv')).toBe(csv);
    expect(await exportAs('json')).toBe(jsonBefore);
  });

  it('turns a product with variants into one without and back: an ordered variant is hidden, not deleted', async () => {
    const shopper = await createShopper(t.app.db);
    const blue = (await variantsOf('phone-15')).find((v) => v.sku === 'phone-15-256-blue')!;
    await putInCart(t.app.db, shopper.id, await productId('phone-15'), 1, blue.id);
    const order = await placeOrderOk(t, shopper);
    expect(order).toBeTruthy();

    const { options: _o, variants: _v, offerStartsAt: _s, offerEndsAt: _e, ...plain } = phone();
    await runFile(
      JSON.stringify({ products: [{ ...plain, price: 2999, offerPrice: null, stock: 3 }, cable()] }),
      'plain.json',
    );
    expect((await variantsOf('phone-15')).map((v) => [v.sku, v.hidden])).toEqual([
      ['phone-15', false],
      ['phone-15-256-blue', true],
    ]);
    expect(await details('phone-15')).toMatchObject({ productPrice: 2999, productStock: 3 });
    const exported = JSON.parse(await exportAs('json')) as { products: Record<string, unknown>[] };
    expect(exported.products[0]).toEqual({ ...plain, price: 2999, offerPrice: null, stock: 3 });

    await runFile(JSON.stringify({ products: [phone(), cable()] }), 'again.json');
    const back = await variantsOf('phone-15');
    expect(back.map((v) => [v.sku, v.hidden])).toEqual([
      ['phone-15-128-black', false],
      ['phone-15-128-blue', false],
      ['phone-15-256-black', false],
      ['phone-15-256-blue', false],
      ['phone-15-256-white', true],
    ]);
    // The ordered variant is the same row, and its order line still names it.
    expect(back.find((v) => v.sku === 'phone-15-256-blue')!.id).toBe(blue.id);
    const lines = await t.app.db.select().from(orderLines).where(eq(orderLines.variantId, blue.id));
    expect(lines).toHaveLength(1);
    const values = await t.app.db
      .select({ en: productOptionValues.nameEn })
      .from(productOptionValues)
      .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
      .where(eq(productOptions.productId, await productId('phone-15')))
      .orderBy(asc(productOptions.position), asc(productOptionValues.position));
    expect(values.map((v) => v.en)).toEqual(['128 GB', '256 GB', 'Black', 'Blue', 'White']);
    expect(JSON.parse(await exportAs('json')).products[0]).toEqual(phone());
  });

  describe('a file with bad options or variants', () => {
    const checkFile = async (file: unknown, fileName = 'bad.json', lang: 'ar' | 'en' = 'en') => {
      const text = typeof file === 'string' ? file : JSON.stringify(file);
      const job = (await shop.upload(text, fileName, { lang })).json().job as ImportJob;
      expect(job.status).toBe('invalid');
      return job;
    };
    type Variant = {
      sku: string;
      options: Record<string, string>;
      price: number;
      stock: number;
      offerPrice?: number;
    };
    const variant = (
      sku: string,
      options: Record<string, string>,
      extra: Partial<Variant> = {},
    ): Variant => ({
      sku,
      options,
      price: 100,
      stock: 1,
      ...extra,
    });
    const product = (sku: string, variants: Variant[], changes: Record<string, unknown> = {}) => {
      const { variants: _v, offerStartsAt: _s, offerEndsAt: _e, ...p } = phone();
      return { ...p, sku, name: { ar: `منتج ${sku}`, en: `Product ${sku}` }, variants, ...changes };
    };
    const colours = (values: Record<string, unknown>[]) => [
      phone().options[0]!,
      { name: { ar: 'اللون', en: 'Colour' }, kind: 'colour', values },
    ];

    it('names each bad product, field and problem, in English and in Arabic, and writes nothing', async () => {
      const variantsBefore = await t.app.db.select().from(productVariants);
      const job = await checkFile({
        products: [
          product('a', [
            variant('a-1', { Storage: '128 GB', Colour: 'Black' }),
            variant('a-2', { Colour: 'Black', Storage: '128 GB' }),
          ]),
          product('b', [variant('b-1', { Storage: '128 GB', Colour: 'Black', Size: 'XL' })]),
          product('c', [variant('c-1', { Storage: '128 GB', Colour: 'Red' })]),
          product('d', [variant('d-1', { Storage: '128 GB' })]),
          product('e', [variant('e-1', { Storage: '128 GB', Colour: 'Black', A: '1', B: '2' })], {
            options: [
              ...phone().options,
              { name: { ar: 'أ', en: 'A' }, values: [{ ar: '1', en: '1' }] },
              { name: { ar: 'ب', en: 'B' }, values: [{ ar: '2', en: '2' }] },
            ],
          }),
          product('f', [variant('f-1', { Storage: '128 GB', Colour: 'Black' })], {
            options: colours([
              { ar: 'أسود', en: 'Black' },
              { ar: 'فحمي', en: 'Black' },
            ]),
          }),
          product('g', [variant('g-1', { Storage: '128 GB', Colour: 'Black' }, { offerPrice: 100 })]),
          product('h', [variant('h-1', { Storage: '128 GB', Colour: 'Black' })], {
            options: colours([{ ar: 'أسود', en: 'Black', swatch: 'black' }]),
          }),
          product('i', [variant('i-1', { Storage: '128 GB', Colour: 'Black' })], { price: 100 }),
        ],
      });
      expect(job.errors).toEqual([
        {
          section: 'products',
          row: 1,
          field: 'variants[1].options',
          message: 'the same options as variant "a-1"',
        },
        { section: 'products', row: 2, field: 'variants[0].options', message: 'unknown option "Size"' },
        {
          section: 'products',
          row: 3,
          field: 'variants[0].options.Colour',
          message: 'unknown value "Red" of option "Colour"',
        },
        {
          section: 'products',
          row: 4,
          field: 'variants[0].options',
          message: 'no value for option "Colour"',
        },
        { section: 'products', row: 5, field: 'options', message: 'must hold at most 3 options' },
        {
          section: 'products',
          row: 6,
          field: 'options[1].values[1].en',
          message: 'used twice (also by values[0])',
        },
        { section: 'products', row: 7, field: 'variants[0].offerPrice', message: 'must be below the price' },
        {
          section: 'products',
          row: 8,
          field: 'options[1].values[0].swatch',
          message: 'must be a colour as #rrggbb',
        },
        {
          section: 'products',
          row: 9,
          field: 'price',
          message: 'must be left out: each variant has its own',
        },
      ]);
      expect((await shop.job(job.id, 'ar')).errors.map((e) => e.message)).toEqual([
        'قيم الخيارات نفسها للمتغير "a-1"',
        'خيار لم يُعرَّف في المنتج "Size"',
        'القيمة "Red" لم تُعرَّف في الخيار "Colour"',
        'لا توجد قيمة للخيار "Colour"',
        'يجب ألا يزيد على 3 خيارات',
        'مكرر (مستخدم أيضاً في values[0])',
        'يجب أن يكون أقل من السعر',
        'يجب أن يكون لوناً بالصيغة #rrggbb',
        'يجب حذفه: لكل متغير قيمته الخاصة',
      ]);
      expect(await t.app.db.select().from(productVariants)).toEqual(variantsBefore);
    });

    it('refuses a variant SKU used twice in the file or by another product in the shop', async () => {
      const twice = await checkFile({
        products: [
          product('p-1', [variant('same-sku', { Storage: '128 GB', Colour: 'Black' })]),
          product('p-2', [variant('same-sku', { Storage: '128 GB', Colour: 'Black' })]),
          { ...cable(), sku: 'p-3', price: 10, stock: 1, variants: undefined },
          product('p-4', [variant('p-3', { Storage: '128 GB', Colour: 'Black' })]),
        ],
      });
      expect(twice.errors).toEqual([
        {
          section: 'products',
          row: 2,
          field: 'variants[0].sku',
          message: 'used twice (also by product "p-1")',
        },
        {
          section: 'products',
          row: 4,
          field: 'variants[0].sku',
          message: 'used twice (also by product "p-3")',
        },
      ]);
      const taken = await checkFile(
        {
          products: [
            product('p-5', [
              variant('phone-15-128-black', { Storage: '128 GB', Colour: 'Black' }),
              variant('cable-usbc', { Storage: '128 GB', Colour: 'Blue' }),
            ]),
          ],
        },
        'taken.json',
        'ar',
      );
      expect(taken.errors).toEqual([
        {
          section: 'products',
          row: 1,
          field: 'variants[0].sku',
          message: 'مستخدم في المتجر للمنتج "phone-15"',
        },
        {
          section: 'products',
          row: 1,
          field: 'variants[1].sku',
          message: 'مستخدم في المتجر للمنتج "cable-usbc"',
        },
      ]);
    });

    it("reports a CSV file's rows that disagree about their product, and a variant's problem on its own row", async () => {
      const csv = await exportAs('csv');
      const [header, ...rows] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const phoneRows = rows.filter((r) => r.startsWith('phone-15,'));
      // The second variant's row names the product differently; the third's offer is not below its price.
      const bad = [
        phoneRows[0],
        phoneRows[1]!.replace(',Phone 15,', ',Phone Fifteen,'),
        phoneRows[2]!.replace(',3899,3699.5,', ',3899,3999,'),
        // A row of the product without its variant's SKU.
        phoneRows[3]!.replace(',phone-15-256-blue,', ',,'),
      ];
      const job = await checkFile(`${header}\r\n${bad.join('\r\n')}\r\n`, 'products.csv');
      expect(job.errors).toEqual([
        {
          section: '',
          row: 3,
          field: 'name_en',
          message: 'must be the same as on line 2: the rows of one product agree on it',
        },
        { section: '', row: 4, field: 'offer_price', message: 'must be below the price' },
        {
          section: '',
          row: 5,
          field: 'variant_sku',
          message: 'must be 1–100 letters, digits, dots, dashes or underscores',
        },
      ]);
      expect((await shop.job(job.id, 'ar')).errors[0]!.message).toBe(
        'يجب أن يطابق السطر 2: أسطر المنتج الواحد تتفق عليه',
      );
      // A product without variants on two rows is a product used twice, named by its line.
      const cableRow = rows.find((r) => r.startsWith('cable-usbc,'))!;
      const twice = await checkFile(
        `${header}\r\n${phoneRows.join('\r\n')}\r\n${cableRow}\r\n${cableRow}\r\n`,
        'twice.csv',
      );
      expect(twice.errors).toEqual([
        { section: '', row: 8, field: 'sku', message: `used twice (also by row 7)` },
      ]);
    });
  });

  it('gives a combination the product has a new SKU as a rename of its variant, and drops values no one names', async () => {
    const before = await variantsOf('phone-15');
    const file = phone();
    file.variants[0]!.sku = 'phone-15-128-black-v2';
    // White goes from the file, with the hidden variant that was its only one.
    file.options[1]!.values.pop();
    file.variants.pop();
    await runFile(JSON.stringify({ products: [file, cable()] }), 'renamed.json');
    const after = await variantsOf('phone-15');
    expect(after.map((v) => [v.id, v.sku])).toEqual([
      [before[0]!.id, 'phone-15-128-black-v2'],
      ...before.slice(1, 4).map((v) => [v.id, v.sku]),
    ]);
    expect(JSON.parse(await exportAs('json')).products[0]).toEqual(file);
    const [row] = await t.app.db.select().from(products).where(eq(products.sku, 'phone-15'));
    expect(row!.swatches.map((s) => s.en)).toEqual(['Black', 'Blue']);
  });

  it('swaps the values of two variants that keep their SKUs', async () => {
    const file = JSON.parse(await exportAs('json')) as {
      products: { sku: string; variants?: { sku: string; options: Record<string, string> }[] }[];
    };
    const before = await variantsOf('phone-15');
    const [black, blue] = file.products[0]!.variants!;
    [black!.options, blue!.options] = [blue!.options, black!.options];
    await runFile(JSON.stringify(file), 'swapped.json');
    expect(await variantsOf('phone-15')).toEqual(before);
    const again = JSON.parse(await exportAs('json')) as typeof file;
    expect(again.products[0]!.variants!.slice(0, 2)).toMatchObject([
      { sku: black!.sku, options: { Storage: '128 GB', Colour: 'Blue' } },
      { sku: blue!.sku, options: { Storage: '128 GB', Colour: 'Black' } },
    ]);
    expect(again).toEqual(file);
  });

  it('writes each product row as the rollups of its variants, options and specifications would', async () => {
    // The importer derives these columns beside each product's one write (decision 201); the
    // rollups the rest of the shop uses, run again now, find nothing to change.
    const derived = async () =>
      (
        (await t.app.db.execute(sql`
          select sku, price_halalas, offer_price_halalas, offer_planned_halalas, stock,
            from_price_halalas, variant_count, option_text, swatches, option_facets, spec_search,
            spec_facets, search_doc, version
          from products order by sku`)) as unknown as { rows: unknown[] }
      ).rows;
    const labels = async () =>
      (
        (await t.app.db.execute(sql`select * from option_facet_labels order by key`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    await runFile(JSON.stringify({ products: [phone(), cable()] }), 'rollups.json');
    const [rows, named] = [await derived(), await labels()];
    expect(rows).toHaveLength(2);
    const ids = [await productId('phone-15'), await productId('cable-usbc')];
    await t.app.db.transaction(async (tx) => {
      await tx.execute(
        sql`select products_variant_rollup(${sql.param(ids)}::integer[]), products_option_rollup(${sql.param(ids)}::integer[])`,
      );
      await refreshSpecSearch(tx, ids);
      await tx.execute(
        sql`update products set name_ar = name_ar where id = any(${sql.param(ids)}::integer[])`,
      );
    });
    expect(await derived()).toEqual(rows);
    expect(await labels()).toEqual(named);
  });
});
