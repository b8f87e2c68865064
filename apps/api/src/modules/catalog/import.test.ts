import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiPaths,
  categoryListSchema,
  companyListSchema,
  pagedProductsSchema,
  productDetailsSchema,
  settingsSchema,
  sliderListSchema,
} from '@shop/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import { openDatabase } from '../../db/client.ts';
import { countRows, createTestApp, type TestContext } from '../../test/harness.ts';
import { importSettings } from '../../use-cases/catalog-import/settings.ts';
import { CatalogImportError, type CatalogFile } from '../../lib/catalog-file/format.ts';
import { importCatalogFile, type ImportOptions } from '../../use-cases/catalog-import/import.ts';
import { arrayLiteral } from './import-writes.ts';
import { products, productVariants } from './schema.ts';

const svg = (colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="${colour}"/></svg>`;

const goodCatalog = (): CatalogFile => ({
  categories: [
    { key: 'phones', name: { ar: 'الجوالات', en: 'Phones' }, image: 'img/phones.svg' },
    { key: 'audio', name: { ar: 'الصوتيات', en: 'Audio' }, image: 'img/audio.png' },
  ],
  companies: [{ key: 'apple', name: { ar: 'أبل', en: 'Apple' }, image: 'img/apple.svg' }],
  products: [
    {
      sku: 'iph-15-128',
      name: { ar: 'آيفون 15', en: 'iPhone 15' },
      description: { ar: 'جوال', en: 'A phone' },
      category: 'phones',
      company: 'apple',
      price: 3399.99,
      offerPrice: 3199.5,
      stock: 12,
      featured: true,
      image: 'img/iphone.svg',
      images: ['img/iphone-back.svg', 'img/iphone-side.svg'],
    },
    {
      sku: 'airpods-4',
      name: { ar: 'آيربودز 4', en: 'AirPods 4' },
      category: 'audio',
      company: 'apple',
      price: 599,
      stock: 0,
      image: 'img/airpods.svg',
    },
  ],
  agents: [
    {
      key: 'riyadh',
      name: { ar: 'عبدالله', en: 'Abdullah' },
      company: { ar: 'الأفق', en: 'Al-Ofuq' },
      phone: '+966501234567',
      image: 'img/apple.svg',
    },
  ],
  sliders: [{ image: 'img/iphone.svg' }, { image: 'img/airpods.svg' }],
  infoPages: { about: { ar: 'من نحن', en: 'About us' } },
  settings: { shippingFee: 25.5, showAddressDetails: true, taxNumber: '310123456700003' },
});

async function writeCatalog(dir: string, catalog: unknown): Promise<string> {
  await mkdir(path.join(dir, 'img'), { recursive: true });
  const colours = ['#c00', '#0c0', '#00c', '#cc0', '#0cc', '#c0c'];
  const names = ['phones', 'apple', 'iphone', 'iphone-back', 'iphone-side', 'airpods'];
  await Promise.all(names.map((n, i) => writeFile(path.join(dir, 'img', `${n}.svg`), svg(colours[i]!))));
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  await writeFile(path.join(dir, 'img', 'audio.png'), png);
  const file = path.join(dir, 'catalog.json');
  await writeFile(file, JSON.stringify(catalog));
  return file;
}

describe('catalog importer', () => {
  let t: TestContext;
  let dir: string;
  let options: ImportOptions;

  beforeAll(async () => {
    t = await createTestApp();
    // The running shop's change bus, as the command-line importer reaches it: its caches drop
    // what the import changed.
    options = { uploadsDir: t.config.uploadsDir, settings: importSettings, changes: t.app.changes };
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-import-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const storedFiles = async () => readdir(path.join(t.config.uploadsDir, 'catalog')).catch(() => []);

  describe('a good file', () => {
    it('loads every section, with images served from /uploads', async () => {
      const progress: number[] = [];
      const summary = await importCatalogFile(t.app.db, await writeCatalog(dir, goodCatalog()), {
        ...options,
        onProgress: ({ done, total }) => progress.push(done / total),
      });
      expect(summary).toMatchObject({
        categories: { created: 2, updated: 0 },
        companies: { created: 1, updated: 0 },
        products: { created: 2, updated: 0 },
        agents: { created: 1, updated: 0 },
        sliders: 2,
        infoPages: 1,
        settings: 3,
        // Each distinct file is stored once, however many records name it.
        images: 7,
      });
      expect(progress.at(-1)).toBe(1);

      const categories = categoryListSchema.parse(await get(`${apiPaths.categories.pattern}?lang=en`));
      expect(categories.map((c) => c.categoryName)).toEqual(['Phones', 'Audio']);
      expect(companyListSchema.parse(await get(apiPaths.companies.pattern))[0]?.companyName).toBe('أبل');

      const list = pagedProductsSchema.parse(
        await get(apiPaths.productsPaged.build({ pageSize: 10, page: 1 })),
      );
      const iphone = list.products.find((p) => p.productName === 'آيفون 15')!;
      const details = productDetailsSchema.parse(
        await get(apiPaths.productById.build({ id: iphone.productId })),
      );
      expect(details).toMatchObject({
        productPrice: 3399.99,
        productPriceAfterOffer: 3199.5,
        productStock: 12,
        categoryName: 'الجوالات',
        companyName: 'أبل',
        productDescripition: 'جوال',
      });
      expect(details.productImage).toMatch(/^\/uploads\/catalog\/[0-9a-f-]{36}\.webp$/);
      expect(details.productImages).toHaveLength(2);
      const airpods = list.products.find((p) => p.productName === 'آيربودز 4')!;
      expect(airpods.productStock).toBe(0);
      expect('productPriceAfterOffer' in airpods).toBe(false);
      const featured = await get(apiPaths.featuredProducts.pattern);
      expect(featured.map((p: { productId: number }) => p.productId)).toEqual([iphone.productId]);

      const image = await t.app.inject({ method: 'GET', url: details.productImage });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toContain('immutable');
      expect(image.headers['cache-control']).toContain('max-age=31536000');
      expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');

      const slides = sliderListSchema.parse(await get(apiPaths.sliders.pattern));
      expect(slides[0]?.sliderImage).toBe(details.productImage);
      expect(await get(`${apiPaths.aboutUs.pattern}?lang=en`)).toEqual({ aboutUsDescripition: 'About us' });
      const settings = settingsSchema.parse(await get(apiPaths.settings.pattern)).data;
      expect(settings).toMatchObject({
        shippingFee: 25.5,
        showAddressDetails: true,
        taxNumber: '310123456700003',
      });
    });

    it('updates records by their key when imported again', async () => {
      const catalog = goodCatalog();
      catalog.products![0] = {
        ...catalog.products![0]!,
        price: 2999,
        offerPrice: null,
        images: [],
        stock: 3,
      };
      catalog.categories![0]!.name.en = 'Mobile phones';
      const before = await countRows(t.database, 'products');
      const summary = await importCatalogFile(t.app.db, await writeCatalog(dir, catalog), options);
      expect(summary.products).toEqual({ created: 0, updated: 2 });
      expect(summary.categories).toEqual({ created: 0, updated: 2 });
      expect(await countRows(t.database, 'products')).toBe(before);

      const list = pagedProductsSchema.parse(
        await get(`${apiPaths.productsPaged.build({ pageSize: 10, page: 1 })}?lang=en`),
      );
      const iphone = list.products.find((p) => p.productName === 'iPhone 15')!;
      expect(iphone).toMatchObject({ productPrice: 2999, productStock: 3, categoryName: 'Mobile phones' });
      expect('productPriceAfterOffer' in iphone).toBe(false);
      const details = productDetailsSchema.parse(
        await get(apiPaths.productById.build({ id: iphone.productId })),
      );
      expect(details.productImages).toEqual([]);
      expect(sliderListSchema.parse(await get(apiPaths.sliders.pattern))).toHaveLength(2);
    });

    it('lets products name categories and companies imported earlier', async () => {
      const file = await writeCatalog(dir, {
        products: [
          {
            sku: 'iphone-13',
            name: { ar: 'آيفون 13', en: 'iPhone 13' },
            category: 'phones',
            company: 'apple',
            price: 2399,
            stock: 4,
            image: 'img/iphone.svg',
          },
        ],
      });
      const summary = await importCatalogFile(t.app.db, file, options);
      expect(summary.products).toEqual({ created: 1, updated: 0 });
    });
    it("imports a product with options and variants, storing each variant's own image", async () => {
      const catalog = goodCatalog();
      const { price: _p, offerPrice: _o, stock: _s, ...iphone } = catalog.products![0]!;
      catalog.products![0] = {
        ...iphone,
        options: [
          {
            name: { ar: 'اللون', en: 'Colour' },
            kind: 'colour',
            values: [
              { ar: 'أسود', en: 'Black', swatch: '#111111' },
              { ar: 'أخضر', en: 'Green', swatch: '#15803D' },
            ],
          },
        ],
        variants: [
          { sku: 'iph-15-128-black', options: { Colour: 'Black' }, price: 3399, stock: 2 },
          {
            sku: 'iph-15-128-green',
            options: { Colour: 'Green' },
            price: 3399,
            offerPrice: 3299,
            stock: 1,
            image: 'img/iphone-side.svg',
          },
        ],
      };
      await importCatalogFile(t.app.db, await writeCatalog(dir, catalog), options);
      const rows = await t.app.db
        .select({ sku: productVariants.sku, image: productVariants.image })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(products.sku, 'iph-15-128'))
        .orderBy(asc(productVariants.position));
      expect(rows.map((r) => r.sku)).toEqual(['iph-15-128-black', 'iph-15-128-green']);
      expect(rows[0]!.image).toBeNull();
      expect(rows[1]!.image).toMatch(/^\/uploads\/catalog\/[0-9a-f-]{36}\.webp$/);
      const list = pagedProductsSchema.parse(
        await get(`${apiPaths.productsPaged.build({ pageSize: 10, page: 1 })}?lang=en`),
      );
      expect(list.products.find((p) => p.productName === 'iPhone 15')).toMatchObject({
        productPrice: 3399,
        productStock: 3,
      });
    });
  });

  describe('a bad file', () => {
    const expectRejected = async (catalog: unknown, message: string | RegExp) => {
      const productsBefore = await countRows(t.database, 'products');
      const categoriesBefore = await countRows(t.database, 'categories');
      const filesBefore = (await storedFiles()).length;
      const error = await importCatalogFile(t.app.db, await writeCatalog(dir, catalog), options).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(CatalogImportError);
      expect((error as Error).message).toMatch(message);
      expect(await countRows(t.database, 'products')).toBe(productsBefore);
      expect(await countRows(t.database, 'categories')).toBe(categoriesBefore);
      expect((await storedFiles()).length).toBe(filesBefore);
    };
    const withProduct = (changes: Record<string, unknown>) => {
      const catalog = goodCatalog();
      catalog.categories!.push({
        key: 'new-category',
        name: { ar: 'جديد', en: 'New' },
        image: 'img/phones.svg',
      });
      catalog.products![1] = { ...catalog.products![1]!, ...changes };
      return catalog;
    };

    it('names the record and field of a bad price, and imports nothing', async () => {
      await expectRejected(
        withProduct({ sku: 'iph-15-128b', price: -5 }),
        'products[1] (sku "iph-15-128b").price: must be a positive amount',
      );
    });

    it.each([
      [{ price: 10.555 }, 'products[1] (sku "airpods-4").price: must have at most 2 decimals'],
      [{ price: '599' }, 'products[1] (sku "airpods-4").price: must be a positive amount'],
      [{ offerPrice: 599 }, 'products[1] (sku "airpods-4").offerPrice: must be below the price'],
      [{ stock: 1.5 }, 'products[1] (sku "airpods-4").stock: must be a whole number'],
      [{ stock: -1 }, 'products[1] (sku "airpods-4").stock: must not be negative'],
      [{ name: { ar: 'x' } }, 'products[1] (sku "airpods-4").name.en: must be English text'],
      [{ prce: 5 }, 'products[1] (sku "airpods-4"): unknown field "prce"'],
      [
        {
          price: undefined,
          stock: undefined,
          options: [{ name: { ar: 'اللون', en: 'Colour' }, values: [{ ar: 'أبيض', en: 'White' }] }],
          variants: [{ sku: 'airpods-4-white', options: { Colour: 'Red' }, price: 599, stock: 1 }],
        },
        'products[1] (sku "airpods-4").variants[0].options.Colour: unknown value "Red" of option "Colour"',
      ],
      [{ sku: 'iph-15-128' }, 'products[1] (sku "iph-15-128").sku: used twice (also by products[0])'],
      [{ category: 'toys' }, 'products[1] (sku "airpods-4").category: unknown category "toys"'],
      [{ image: 'img/missing.svg' }, 'products[1] (sku "airpods-4").image: file not found: img/missing.svg'],
      [
        { image: 'catalog.json' },
        'products[1] (sku "airpods-4").image: not a readable JPEG, PNG, WebP or SVG image',
      ],
    ])('refuses %j', async (changes, message) => {
      await expectRejected(withProduct(changes), message);
    });

    it('refuses a bad setting', async () => {
      const catalog = goodCatalog();
      catalog.settings = { taxNumber: '123' };
      await expectRejected(catalog, 'settings.taxNumber: must be a 15-digit VAT number');
    });

    it('rolls back everything when a failure comes half-way through writing', async () => {
      const catalog = withProduct({});
      const productsBefore = await countRows(t.database, 'products');
      const categoriesBefore = await countRows(t.database, 'categories');
      const file = await writeCatalog(dir, catalog);
      const failure = await importCatalogFile(t.app.db, file, {
        ...options,
        // Categories and companies are written by now; products are next.
        onProgress: ({ stage, done, total }) => {
          if (stage === 'records' && done > total - 8) throw new Error('disk full');
        },
      }).catch((e: Error) => e);
      expect((failure as Error).message).toBe('disk full');
      expect(await countRows(t.database, 'categories')).toBe(categoriesBefore);
      expect(await countRows(t.database, 'products')).toBe(productsBefore);
      const categories = categoryListSchema.parse(await get(apiPaths.categories.pattern));
      expect(categories.map((c) => c.categoryName)).not.toContain('جديد');
    });

    it('reports a file that is not JSON', async () => {
      const file = path.join(dir, 'broken.json');
      await writeFile(file, '{ "products": [ }');
      await expect(importCatalogFile(t.app.db, file, options)).rejects.toThrow(/is not valid JSON/);
    });
  });

  it("writes its statements' lists as array literals that the database reads back as they were", async () => {
    const values = [
      'plain',
      'a "quote"',
      'back\\slash',
      '{braces}',
      'a, comma',
      'NULL',
      '',
      ' spaced ',
      'جوال ٦٠',
    ];
    const read = async (literal: string, type: 'text' | 'integer' | 'boolean') =>
      (
        (await t.app.db.execute(sql`select ${sql.param(literal)}::${sql.raw(type)}[] as a`)) as unknown as {
          rows: { a: unknown[] }[];
        }
      ).rows[0]!.a;
    expect(await read(arrayLiteral([...values, null, undefined]), 'text')).toEqual([...values, null, null]);
    expect(await read(arrayLiteral([3, -1, 0, null]), 'integer')).toEqual([3, -1, 0, null]);
    expect(await read(arrayLiteral([true, false]), 'boolean')).toEqual([true, false]);
    expect(await read(arrayLiteral([]), 'text')).toEqual([]);
  });
});

describe('catalog importer: new products and products it replaces', () => {
  /**
   * Names, options and specifications with every kind of letter ar_norm() folds (hamza forms,
   * alef maqsura, teh marbuta, harakat, tatweel, Arabic-Indic digits) and capitals it lowers.
   */
  const folded = (): CatalogFile => {
    const catalog = goodCatalog();
    catalog.categories![0]!.specs = [
      { name: { ar: 'حجم الشاشة', en: 'Screen size' }, unit: { ar: 'بوصة', en: 'Inch' }, kind: 'number' },
      {
        name: { ar: 'الذاكرة', en: 'RAM' },
        kind: 'choice',
        choices: [
          { ar: '٨ جيجابايت', en: '8 GB' },
          { ar: '١٢ جيجابايت', en: '12 GB' },
        ],
      },
    ];
    catalog.companies!.push({ key: 'huawei', name: { ar: 'هُواوِي', en: 'HUAWEI' }, image: 'img/apple.svg' });
    catalog.products!.push({
      sku: 'mate-60',
      name: { ar: 'جوال مـيت ٦٠ إصدار الأمير', en: 'Mate 60 Prince Edition' },
      category: 'phones',
      company: 'huawei',
      image: 'img/iphone.svg',
      options: [
        {
          name: { ar: 'السعة', en: 'Storage' },
          values: [
            { ar: '٢٥٦ جيجابايت', en: '256 GB' },
            { ar: '٥١٢ جيجابايت', en: '512 GB' },
          ],
        },
        {
          name: { ar: 'اللون', en: 'Colour' },
          kind: 'colour',
          values: [{ ar: 'أخضر داكن', en: 'Dark Green' }],
        },
      ],
      variants: [
        { sku: 'mate-60-256', options: { Storage: '256 GB', Colour: 'Dark Green' }, price: 3999, stock: 3 },
        {
          sku: 'mate-60-512',
          options: { Storage: '512 GB', Colour: 'Dark Green' },
          price: 4499,
          offerPrice: 4299,
          stock: 1,
        },
      ],
      specs: { 'Screen size': 6.82, RAM: '12 GB' },
    });
    catalog.products![0]!.specs = { 'Screen size': 6.1, RAM: '8 GB' };
    return catalog;
  };

  it('writes a catalog into an empty shop as its triggers would, and the same over itself', async () => {
    const t = await createTestApp();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-import-'));
    try {
      const options = { uploadsDir: t.config.uploadsDir, settings: importSettings, changes: t.app.changes };
      const rows = async (query: SQL) =>
        ((await t.app.db.execute(query)) as unknown as { rows: unknown[] }).rows;
      const answer = async (method: 'GET' | 'POST', url: string, payload?: object) => {
        const res = await t.app.inject({ method, url, payload });
        expect(res.statusCode, url).toBe(200);
        // Each import stores its images under new names.
        return JSON.parse(res.body.replace(/\/uploads\/catalog\/[^"]+/g, 'image')) as unknown;
      };
      const catalog = async () => ({
        products: await rows(sql`
          select sku, search_doc, search_norm, option_text, swatches, option_facets, spec_search,
            spec_facets, price_halalas, offer_price_halalas, stock, from_price_halalas, variant_count
          from products order by sku`),
        variants: await rows(sql`
          select v.sku, v.price_halalas, v.offer_price_halalas, v.stock, v.hidden,
            array(select o.name_en || '=' || x.name_en from product_option_values x
              join product_options o on o.id = x.option_id
              where x.id in (v.value1_id, v.value2_id, v.value3_id) order by o.position) as named
          from product_variants v order by v.sku`),
        specs: await rows(sql`
          select p.sku, a.name_en, s.number_value, s.choice_id from product_specs s
          join products p on p.id = s.product_id join spec_attributes a on a.id = s.attribute_id
          order by 1, 2`),
        labels: await rows(sql`select * from option_facet_labels order by key`),
        counts: await rows(sql`select * from product_counts order by category_id, company_id`),
        listing: await answer('GET', `${apiPaths.productsPaged.build({ pageSize: 10, page: 1 })}?lang=en`),
        // Searched as shoppers type: without hamza, in other digits, in other cases.
        searches: await Promise.all(
          ['ايفون', 'ميت 60', 'huawei', 'اخضر', '512 gb', 'بوصه'].map((productName) =>
            answer('POST', `${apiPaths.productSearch.build({ pageSize: 8, page: 1 })}?lang=ar`, {
              productName,
            }),
          ),
        ),
      });

      // Into an empty catalog: every product is new, its search text written with its row.
      const file = await writeCatalog(dir, folded());
      expect((await importCatalogFile(t.app.db, file, options)).products).toEqual({ created: 3, updated: 0 });
      const first = await catalog();
      expect((first.searches as { products: unknown[] }[]).map((s) => s.products.length)).toEqual([
        1, 1, 1, 1, 1, 2,
      ]);
      // The row trigger of the search text, run on every product, finds it as written.
      await t.app.db.execute(sql`update products set name_ar = name_ar`);
      expect(await catalog()).toEqual(first);
      // Over itself: every product is replaced, through the clean-up of its options, values,
      // variants, images and specifications, and the catalog is the same.
      expect((await importCatalogFile(t.app.db, file, options)).products).toEqual({ created: 0, updated: 3 });
      expect(await catalog()).toEqual(first);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
  it('writes the products of a later batch, prepared while the batch before it is written, as those of the first', async () => {
    // The importer writes 2,500 products a batch, each prepared while the one before it is in
    // the database: the same products after 2,500 others are written as they are alone.
    const alone = await createTestApp();
    const after = await createTestApp();
    const dirs = [
      await mkdtemp(path.join(os.tmpdir(), 'shop-import-')),
      await mkdtemp(path.join(os.tmpdir(), 'shop-import-')),
    ];
    try {
      const skus = folded().products!.map((p) => p.sku);
      const rows = async (t: TestContext, query: SQL) =>
        ((await t.app.db.execute(query)) as unknown as { rows: unknown[] }).rows;
      const written = async (t: TestContext) => ({
        products: await rows(
          t,
          sql`
          select sku, name_ar, search_doc, search_norm, option_text, swatches, option_facets,
            spec_search, spec_facets, price_halalas, offer_price_halalas, stock, from_price_halalas,
            variant_count, featured, hidden, (select count(*) from product_images i where i.product_id = p.id) as images
          from products p where sku = any(${sql.param(skus)}::text[]) order by sku`,
        ),
        variants: await rows(
          t,
          sql`
          select v.sku, v.position, v.price_halalas, v.offer_price_halalas, v.stock, v.hidden,
            array(select o.name_en || '=' || x.name_en || '@' || x.position from product_option_values x
              join product_options o on o.id = x.option_id
              where x.id in (v.value1_id, v.value2_id, v.value3_id) order by o.position) as named
          from product_variants v join products p on p.id = v.product_id
          where p.sku = any(${sql.param(skus)}::text[]) order by v.sku`,
        ),
        specs: await rows(
          t,
          sql`
          select p.sku, a.name_en, s.number_value, s.text_en, c.value_en from product_specs s
          join products p on p.id = s.product_id join spec_attributes a on a.id = s.attribute_id
          left join spec_choices c on c.id = s.choice_id
          where p.sku = any(${sql.param(skus)}::text[]) order by 1, 2`,
        ),
        labels: await rows(t, sql`select * from option_facet_labels order by key`),
      });
      const optionsOf = (t: TestContext) => ({ uploadsDir: t.config.uploadsDir, settings: importSettings });

      await importCatalogFile(alone.app.db, await writeCatalog(dirs[0]!, folded()), optionsOf(alone));
      const many = folded();
      many.products = [
        ...Array.from({ length: 2_500 }, (_, i) => ({
          sku: `filler-${i}`,
          name: { ar: `منتج ${i}`, en: `Product ${i}` },
          category: 'audio',
          company: 'apple',
          price: 10 + i,
          stock: i % 3,
          image: 'img/airpods.svg',
        })),
        ...many.products!,
      ];
      const file = await writeCatalog(dirs[1]!, many);
      expect((await importCatalogFile(after.app.db, file, optionsOf(after))).products).toEqual({
        created: 2_503,
        updated: 0,
      });
      const first = await written(alone);
      expect(await written(after)).toEqual(first);
      // Over itself: every product of both batches is replaced.
      expect((await importCatalogFile(after.app.db, file, optionsOf(after))).products).toEqual({
        created: 0,
        updated: 2_503,
      });
      expect(await written(after)).toEqual(first);
    } finally {
      await alone.close();
      await after.close();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    }
  }, 120_000);
});

describe('npm run catalog:import', () => {
  const apiDir = fileURLToPath(new URL('../../..', import.meta.url));
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-import-cli-'));
    // Start the CLI's embedded database from the suite's migrated template when there is one:
    // initdb in a child process would cost many seconds.
    const template = process.env.SHOP_TEST_PG_TEMPLATE;
    if (template) {
      const database = await openDatabase({
        dataDir: path.join(dir, 'data'),
        template: new Blob([await readFile(template)]),
      });
      await database.close();
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const run = (file: string | string[], dataDir = 'data') => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: dataDir,
      INIT_CWD: dir,
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/catalog-import.ts', ...[file].flat()], {
      cwd: apiDir,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
  };

  it('imports a file named relative to where the command was typed, then refuses a bad one', async () => {
    await writeCatalog(dir, goodCatalog());
    const ok = run('catalog.json');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('products: 2 new, 0 updated');
    expect((await readdir(path.join(dir, 'data', 'uploads', 'catalog'))).length).toBe(7);

    const bad = goodCatalog();
    bad.products![0]!.price = 0;
    await writeFile(path.join(dir, 'bad.json'), JSON.stringify(bad));
    const refused = run('bad.json');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('products[0] (sku "iph-15-128").price: must be a positive amount');
  }, 120_000);

  it('imports several files in one run, each in its own transaction, and stops at a bad one', async () => {
    await writeCatalog(dir, goodCatalog());
    const more = goodCatalog();
    more.products = more.products!.map((p) => ({ ...p, sku: `${p.sku}-more` }));
    await writeFile(path.join(dir, 'more.json'), JSON.stringify(more));
    const both = run(['catalog.json', 'more.json']);
    expect(both.stderr).toBe('');
    expect(both.status).toBe(0);
    expect(both.stdout).toContain('Imported catalog.json');
    expect(both.stdout).toContain('Imported more.json');
    expect(both.stdout).toContain('products: 2 new, 0 updated');

    const bad = goodCatalog();
    bad.products![0]!.price = 0;
    await writeFile(path.join(dir, 'bad.json'), JSON.stringify(bad));
    const stopped = run(['more.json', 'bad.json', 'catalog.json']);
    expect(stopped.status).toBe(1);
    // The file before the bad one is imported (again: all updates); the one after it is not.
    expect(stopped.stdout).toContain('Imported more.json');
    expect(stopped.stdout).toContain('products: 0 new, 2 updated');
    expect(stopped.stdout).not.toContain('Imported catalog.json');
    expect(stopped.stderr).toContain('bad.json not imported (the files before it are):');
    expect(stopped.stderr).toContain('products[0] (sku "iph-15-128").price: must be a positive amount');
  }, 120_000);

  it('refuses an embedded database that a running shop holds, and changes nothing', async () => {
    await writeCatalog(dir, goodCatalog());
    const lock = await lockDataDir(path.join(dir, 'data'), 'shop');
    try {
      const refused = run('catalog.json');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('is in use by process');
      expect(refused.stderr).toContain('/dashboard/import');
    } finally {
      await lock.release();
    }
    // Released: the import runs.
    expect(run('catalog.json').status).toBe(0);
  }, 120_000);

  it('gives the data directory back when its database cannot be created', async () => {
    await writeCatalog(dir, goodCatalog());
    const broken = path.join(dir, 'broken');
    await mkdir(broken, { recursive: true });
    // A file where the database's folder would go: creating the database fails.
    await writeFile(path.join(broken, 'pg'), 'not a folder');
    const failed = run('catalog.json', 'broken');
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toContain('creating the database failed');
    await expect(readdir(broken)).resolves.toEqual(['pg']);
  }, 120_000);
});
