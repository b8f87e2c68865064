import path from 'node:path';
import { adminContentPaths as paths, apiPaths, type ImportJob, type ImportJobList } from '@shop/contract';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { productImages, products, productVariants } from './schema.ts';
import { catalogImportJobs } from '../imports/schema.ts';
import type { TestContext } from '../../test/harness.ts';
import { importShop, type ImportShop } from '../../test/import-shop.ts';
import { signedInUser } from '../../test/users.ts';
import { failInterruptedJobs } from '../imports/service.ts';
import { IMPORT_BATCH } from '../../use-cases/catalog-import/jobs.ts';

describe('back office: catalog import and export', () => {
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

  const upload = (text: string, fileName: string, lang: 'ar' | 'en' = 'ar') =>
    shop.upload(text, fileName, { lang });
  const job = (id: string, lang: 'ar' | 'en' = 'ar') => shop.job(id, lang);
  const start = (id: string) => shop.start(id);
  const waitUntilOver = (id: string, each?: (job: ImportJob) => Promise<void>) =>
    shop.waitUntilOver(id, 'ar', each);

  const product = (n: number) => ({
    sku: `gen-${n}`,
    name: { ar: `منتج مولّد ${n}`, en: `Generated product ${n}` },
    description: { ar: `وصف ${n}`, en: `Description ${n}` },
    category,
    company,
    price: 100 + (n % 900) + (n % 100) / 100,
    offerPrice: n % 7 === 0 ? 50 : null,
    stock: n % 40,
    featured: n % 97 === 0,
    image,
    ...(n % 5 === 0 && { images: [image] }),
  });

  it('answers a dry run with each bad row and field, in Arabic and in English, and writes nothing', async () => {
    const file = {
      products: [
        product(1),
        { ...product(2), price: -5 },
        { ...product(3), category: 'no-such-category' },
        { ...product(4), image: '/uploads/catalog/missing.webp' },
      ],
    };
    const res = await upload(
      JSON.stringify({ products: [file.products[0], file.products[1]] }),
      'catalog.json',
    );
    expect(res.statusCode).toBe(200);
    const invalid = res.json().job as ImportJob;
    expect(invalid.status).toBe('invalid');
    expect(invalid.errors).toEqual([
      { section: 'products', row: 2, field: 'price', message: 'يجب أن يكون مبلغاً أكبر من صفر' },
    ]);
    expect((await job(invalid.id, 'en')).errors[0]?.message).toBe('must be a positive amount');

    const refs = (
      await upload(JSON.stringify({ products: [file.products[2], file.products[3]] }), 'x.json', 'en')
    ).json().job as ImportJob;
    expect(refs.errors).toEqual([
      { section: 'products', row: 1, field: 'category', message: 'unknown category "no-such-category"' },
      {
        section: 'products',
        row: 2,
        field: 'image',
        message: 'must be the path of an image already in the shop (/uploads/…)',
      },
    ]);
    expect((await job(refs.id, 'ar')).errors[0]?.message).toBe('تصنيف غير موجود "no-such-category"');
    expect((await start(refs.id)).json()).toMatchObject({ code: 'IMPORT_NOT_READY' });
    expect(await t.app.db.select().from(products)).toHaveLength(0);
  });

  it("checks an offer's dates: with an offset, the end after the start, only with an offer price", async () => {
    const file = {
      products: [
        { ...product(1), offerPrice: 50, offerStartsAt: '2026-03-01T00:00:00' },
        {
          ...product(2),
          offerPrice: 50,
          offerStartsAt: '2026-03-10T00:00:00+03:00',
          offerEndsAt: '2026-03-01T00:00:00+03:00',
        },
        { ...product(3), offerPrice: null, offerEndsAt: '2026-03-01T00:00:00Z' },
        { ...product(4), offerPrice: 500, offerStartsAt: '2026-03-01T00:00:00Z' },
      ],
    };
    const checked = (await upload(JSON.stringify(file), 'offers.json', 'en')).json().job as ImportJob;
    expect(checked.status).toBe('invalid');
    expect(checked.errors).toEqual([
      {
        section: 'products',
        row: 1,
        field: 'offerStartsAt',
        message: 'must be a date and time with its offset, like 2026-03-01T00:00:00+03:00',
      },
      { section: 'products', row: 2, field: 'offerEndsAt', message: "must be after the offer's start" },
      { section: 'products', row: 3, field: 'offerStartsAt', message: 'must go with an offer price' },
      { section: 'products', row: 4, field: 'offerPrice', message: 'must be below the price' },
    ]);
    expect((await job(checked.id, 'ar')).errors.map((e) => e.message)).toEqual([
      'يجب أن يكون تاريخاً ووقتاً مع فرق التوقيت، مثل 2026-03-01T00:00:00+03:00',
      'يجب أن يكون بعد بداية العرض',
      'يجب أن يرافقه سعر عرض',
      'يجب أن يكون أقل من السعر',
    ]);
  });

  it('reports a CSV problem on its line of the file', async () => {
    const csv =
      'sku,name_ar,name_en,category,company,price,stock,image\r\n' +
      `ok-1,منتج,Product,${category},${company},10,1,${image}\r\n` +
      `bad-2,منتج,Product,${category},${company},10,lots,${image}\r\n`;
    const res = (await upload(csv, 'products.csv', 'en')).json().job as ImportJob;
    expect(res).toMatchObject({ status: 'invalid', format: 'csv' });
    expect(res.errors).toEqual([{ section: '', row: 3, field: 'stock', message: 'must be a whole number' }]);
    const unreadable = await upload('{"products": [', 'catalog.json', 'en');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().code).toBe('IMPORT_FILE_UNREADABLE');
  });

  it('imports a generated 10,000-product file in the background while shoppers keep browsing', async () => {
    const count = 10_000;
    const file = { products: Array.from({ length: count }, (_, i) => product(i + 1)) };
    const checked = (await upload(JSON.stringify(file), 'big.json')).json().job as ImportJob;
    expect(checked).toMatchObject({ status: 'checked', total: count });
    expect(checked.summary?.products).toEqual({ created: count, updated: 0 });

    const started = await start(checked.id);
    expect(started.statusCode).toBe(200);
    expect((await start(checked.id)).json().code).toBe('IMPORT_RUNNING');

    const seen = new Set<number>();
    let browsed = 0;
    const done = await waitUntilOver(checked.id, async (current) => {
      seen.add(current.done);
      // A shopper's pages while the import runs: every one answers.
      const answers = await Promise.all([
        t.app.inject({ url: apiPaths.productsPaged.build({ pageSize: 8, page: 1 }) }),
        t.app.inject({ url: apiPaths.categories.pattern }),
        t.app.inject({ url: apiPaths.productById.build({ id: 1 }) }),
      ]);
      for (const a of answers) expect([200, 404]).toContain(a.statusCode);
      expect(answers[0]!.statusCode).toBe(200);
      browsed++;
    });
    expect(done).toMatchObject({ status: 'done', done: count, percent: 100, failure: null });
    expect(done.summary?.products).toEqual({ created: count, updated: 0 });
    // Progress moved on in steps the page could show, not from 0 straight to the end.
    expect([...seen].filter((d) => d > 0 && d < count).length).toBeGreaterThan(1);
    expect(browsed).toBeGreaterThan(count / IMPORT_BATCH / 4);

    // The shop holds exactly what the file says.
    const rows = await t.app.db.select().from(products).orderBy(asc(products.id));
    expect(rows).toHaveLength(count);
    const bySku = new Map(rows.map((r) => [r.sku, r]));
    for (const p of file.products) {
      const row = bySku.get(p.sku)!;
      expect([
        row.nameAr,
        row.nameEn,
        row.priceHalalas,
        row.offerPriceHalalas,
        row.stock,
        row.featured,
      ]).toEqual([
        p.name.ar,
        p.name.en,
        Math.round(p.price * 100),
        p.offerPrice === null ? null : p.offerPrice * 100,
        p.stock,
        p.featured,
      ]);
    }
    expect(await t.app.db.select().from(productImages)).toHaveLength(count / 5);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.import'));
    expect(entry?.entityId).toBe(checked.id);
    const listed = await t.app.inject({ url: apiPaths.productsPaged.build({ pageSize: 8, page: 1 }) });
    expect(listed.json().pagging.rawCount).toBe(count);
  }, 300_000);

  it('exports the whole catalog in the import format: importing it again changes nothing', async () => {
    // A product the shop stopped selling goes out hidden, and comes back hidden.
    const [stopped] = await t.app.db.select().from(products).orderBy(asc(products.id)).limit(1);
    await t.app.db.update(products).set({ hidden: true }).where(eq(products.id, stopped!.id));
    // Offers planned in the product editor go out with their dates and come back as plans: one
    // that starts next week (not live yet), one running now (live until tomorrow).
    const [soon, now] = await t.app.db.select().from(products).orderBy(asc(products.id)).offset(1).limit(2);
    const day = 24 * 60 * 60 * 1000;
    const base = Math.floor(Date.now() / 1000) * 1000;
    const at = (days: number) => new Date(base + days * day);
    // The dates are the product's; the planned and live offer prices its one variant's.
    await t.app.db
      .update(products)
      .set({ offerStartsAt: at(7), offerEndsAt: at(14) })
      .where(eq(products.id, soon!.id));
    await t.app.db
      .update(productVariants)
      .set({ offerPlannedHalalas: 4000, offerPriceHalalas: null })
      .where(eq(productVariants.productId, soon!.id));
    await t.app.db
      .update(products)
      .set({ offerStartsAt: at(-1), offerEndsAt: at(1) })
      .where(eq(products.id, now!.id));
    await t.app.db
      .update(productVariants)
      .set({ offerPlannedHalalas: 3000, offerPriceHalalas: 3000 })
      .where(eq(productVariants.productId, now!.id));
    const before = await t.app.db.select().from(products).orderBy(asc(products.id));
    const exported = await t.app.inject({
      url: `${paths.catalogExport.pattern}?format=json`,
      headers: staff,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="catalog-.*\.json"/);
    const file = JSON.parse(exported.body) as { products: unknown[]; categories: unknown[] };
    expect(file.products).toHaveLength(before.length);
    const hiddenSkus = (file.products as { sku: string; hidden?: boolean }[])
      .filter((p) => p.hidden)
      .map((p) => p.sku);
    expect(hiddenSkus).toEqual([stopped!.sku]);
    const offers = (file.products as { sku: string }[]).filter((p) => [soon!.sku, now!.sku].includes(p.sku));
    expect(offers).toMatchObject([
      {
        sku: soon!.sku,
        offerPrice: 40,
        offerStartsAt: at(7).toISOString(),
        offerEndsAt: at(14).toISOString(),
      },
      {
        sku: now!.sku,
        offerPrice: 30,
        offerStartsAt: at(-1).toISOString(),
        offerEndsAt: at(1).toISOString(),
      },
    ]);

    const checked = (await upload(exported.body, 'export.json')).json().job as ImportJob;
    expect(checked.status).toBe('checked');
    expect(checked.summary?.products).toEqual({ created: 0, updated: before.length });
    await start(checked.id);
    expect((await waitUntilOver(checked.id)).status).toBe('done');
    const after = await t.app.db.select().from(products).orderBy(asc(products.id));
    // The version is the editors' concurrency token, not catalog data: an import is a write, so
    // an edit opened before it is refused on saving.
    const comparable = (r: (typeof before)[number]) => {
      const { updatedAt: _u, createdAt: _c, searchDoc: _s, version: _v, ...rest } = r;
      return rest;
    };
    // Every column compared, the offers' plans among them.
    expect(after.map(comparable)).toEqual(before.map(comparable));
    expect(after.filter((r) => r.offerPlannedHalalas !== null).map((r) => r.sku)).toEqual([
      soon!.sku,
      now!.sku,
    ]);
    expect(after.map((r) => r.version)).toEqual(before.map((r) => r.version + 1));
  }, 300_000);

  it('exports the products as CSV, which imports back to the same products', async () => {
    const exported = await t.app.inject({ url: `${paths.catalogExport.pattern}?format=csv`, headers: staff });
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    // A byte-order mark first, so spreadsheet programs read the Arabic as UTF-8.
    expect(exported.body.startsWith('\uFEFF')).toBe(true);
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'sku,name_ar,name_en,description_ar,description_en,category,company,price,offer_price,offer_starts_at,offer_ends_at,stock,featured,hidden,image,images,' +
        [1, 2, 3]
          .map((n) =>
            ['name_ar', 'name_en', 'kind', 'value_ar', 'value_en', 'swatch']
              .map((c) => `option${n}_${c}`)
              .join(','),
          )
          .join(',') +
        ',variant_sku,barcode,variant_image,variant_hidden',
    );
    const planned = await t.app.db
      .select()
      .from(products)
      .where(isNotNull(products.offerPlannedHalalas))
      .orderBy(asc(products.id));
    expect(planned).toHaveLength(2);
    const line = lines.find((l) => l.startsWith(`${planned[0]!.sku},`))!;
    expect(line).toContain(
      `,40,${planned[0]!.offerStartsAt!.toISOString()},${planned[0]!.offerEndsAt!.toISOString()},`,
    );

    // Planned offers lost on the way back would show here: the plans come back as they went.
    await t.app.db
      .update(products)
      .set({ offerStartsAt: null, offerEndsAt: null })
      .where(isNotNull(products.offerPlannedHalalas));
    await t.app.db
      .update(productVariants)
      .set({ offerPlannedHalalas: null })
      .where(isNotNull(productVariants.offerPlannedHalalas));
    const checked = (await upload(exported.body, 'products.csv')).json().job as ImportJob;
    expect(checked).toMatchObject({ status: 'checked', format: 'csv', total: lines.length - 1 });
    expect(checked.summary?.products.created).toBe(0);
    await start(checked.id);
    expect((await waitUntilOver(checked.id)).status).toBe('done');
    const after = await t.app.db
      .select()
      .from(products)
      .where(isNotNull(products.offerPlannedHalalas))
      .orderBy(asc(products.id));
    const plan = (r: (typeof planned)[number]) => [
      r.sku,
      r.offerPlannedHalalas,
      r.offerStartsAt,
      r.offerEndsAt,
      r.offerPriceHalalas,
    ];
    expect(after.map(plan)).toEqual(planned.map(plan));
  }, 300_000);

  it('marks a job that was running when the shop stopped as failed, with a message in both languages', async () => {
    const [row] = await t.app.db
      .insert(catalogImportJobs)
      .values({
        status: 'running',
        format: 'json',
        fileName: 'x.json',
        storedFile: 'x.json',
        actor: 'a@shop.test',
      })
      .returning();
    expect(await failInterruptedJobs(t.app.db)).toBe(1);
    expect((await job(row!.id, 'en')).failure).toBe(
      'The import stopped because the shop restarted during it; start it again',
    );
    expect((await job(row!.id, 'ar')).status).toBe('failed');
  });

  it('lists the history, newest first, a page at a time and by status, and opens nothing to shoppers', async () => {
    const list = async (query: string) => {
      const res = await t.app.inject({ url: `${paths.importJobs.pattern}${query}`, headers: staff });
      expect(res.statusCode).toBe(200);
      return res.json() as ImportJobList;
    };
    const all = await list('');
    expect(all.items[0]!.fileName).toBe('x.json');
    expect(all).toMatchObject({ page: 1, pageSize: 25 });
    expect(all.total).toBeGreaterThanOrEqual(3);
    // Two pages of one: the second holds the next older job, and the total stays.
    const first = await list('?pageSize=1');
    const second = await list('?pageSize=1&page=2');
    expect(first.items.map((j) => j.id)).toEqual([all.items[0]!.id]);
    expect(second.items.map((j) => j.id)).toEqual([all.items[1]!.id]);
    expect(second.total).toBe(all.total);
    const failed = await list('?status=failed');
    expect(failed.items.length).toBeGreaterThan(0);
    expect(failed.items.every((j) => j.status === 'failed')).toBe(true);
    expect(failed.total).toBe(all.items.filter((j) => j.status === 'failed').length);
    const bad = await t.app.inject({ url: `${paths.importJobs.pattern}?status=lost`, headers: staff });
    expect(bad.statusCode).toBe(400);
    const shopper = await signedInUser(t.app.db);
    for (const url of [paths.importJobs.pattern, `${paths.catalogExport.pattern}?format=json`])
      expect((await t.app.inject({ url, headers: shopper.cookie })).statusCode).toBe(401);
    expect(path.isAbsolute(t.config.dataDir)).toBe(true);
  });
});
