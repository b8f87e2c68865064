import { rm } from 'node:fs/promises';
import path from 'node:path';
import { adminContentPaths as paths, type ImportJob } from '@shop/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { products } from './schema.ts';
import { catalogImportJobs } from '../imports/schema.ts';
import type { TestContext } from '../../test/harness.ts';
import { importShop, type ImportShop } from '../../test/import-shop.ts';
import { STALE_HEARTBEAT_SECONDS } from '../imports/service.ts';
import { IMPORT_BATCH } from '../../use-cases/catalog-import/jobs.ts';

describe('back office: imports beside other processes, and a failed import run again', () => {
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

  const upload = async (file: unknown) =>
    (
      await shop.upload(JSON.stringify(file), 'catalog.json', { lang: 'en', contentType: 'application/json' })
    ).json().job as ImportJob;
  const job = (id: string, lang: 'ar' | 'en' = 'en') => shop.job(id, lang);
  const post = (url: string) => t.app.inject({ method: 'POST', url, headers: staff });
  const waitUntilOver = (id: string) => shop.waitUntilOver(id, 'en');
  const product = (n: number, price = 100 + (n % 50)) => ({
    sku: `rec-${n}`,
    name: { ar: `منتج ${n}`, en: `Product ${n}` },
    category,
    company,
    price,
    stock: n % 9,
    image,
  });
  /** A second shop process on the same database, as another server of the shop would be. */
  const anotherProcess = async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    return other;
  };

  it("a process that starts leaves another live process's import running", async () => {
    const file = { products: Array.from({ length: 20 * IMPORT_BATCH }, (_, i) => product(i + 1)) };
    const checked = await upload(file);
    expect((await post(paths.importStart.build({ id: checked.id }))).statusCode).toBe(200);
    const other = await anotherProcess();
    try {
      expect((await job(checked.id)).status).toBe('running');
      const over = await waitUntilOver(checked.id);
      expect(over).toMatchObject({ status: 'done', failure: null, productsWritten: file.products.length });
    } finally {
      await other.close();
    }
  }, 300_000);

  it('a process that starts marks failed a running job whose heartbeat stopped', async () => {
    const [left] = await t.app.db
      .insert(catalogImportJobs)
      .values({
        status: 'running',
        format: 'json',
        fileName: 'left.json',
        storedFile: 'left.json',
        actor: 'a@shop.test',
        startedAt: new Date(),
        heartbeatAt: sql`now() - ${sql.raw(`interval '${STALE_HEARTBEAT_SECONDS + 5} seconds'`)}`,
      })
      .returning();
    const other = await anotherProcess();
    await other.close();
    expect(await job(left!.id)).toMatchObject({
      status: 'failed',
      failure: 'The import stopped because the shop restarted during it; start it again',
    });
  });

  it('a failed import says how far it got, and running its file again completes it', async () => {
    const file = { products: Array.from({ length: 4 * IMPORT_BATCH }, (_, i) => product(10_000 + i, 300)) };
    // The database refuses one product of the third batch, as a full disk or a lost connection
    // would stop a batch: the first two batches are written, the rest are not.
    const refused = file.products[2 * IMPORT_BATCH + 10]!.sku;
    await t.app.db.execute(
      sql.raw(`create function refuse_one_product() returns trigger language plpgsql as $$
        begin
          if new.sku = '${refused}' then raise exception 'the disk is full'; end if;
          return new;
        end $$`),
    );
    await t.app.db.execute(
      sql.raw(
        'create trigger refuse_one_product before insert on products for each row execute function refuse_one_product()',
      ),
    );
    const checked = await upload(file);
    await post(paths.importStart.build({ id: checked.id }));
    const failed = await waitUntilOver(checked.id);
    expect(failed).toMatchObject({
      status: 'failed',
      productsWritten: 2 * IMPORT_BATCH,
      productsTotal: file.products.length,
      failure: 'The import failed; what was written before the error remains',
    });
    expect((await job(checked.id, 'ar')).failure).toBe('فشل الاستيراد، وبقي ما كُتب قبل الخطأ');
    const skus = file.products.map((p) => p.sku);
    const written = async () =>
      (await t.app.db.select().from(products).orderBy(asc(products.sku))).filter((r) => skus.includes(r.sku));
    expect(await written()).toHaveLength(2 * IMPORT_BATCH);

    // Only a failed job runs again.
    const notFailed = await post(paths.importRetry.build({ id: (await upload({ products: [] })).id }));
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().code).toBe('IMPORT_RETRY_NOT_FAILED');

    // The cause is gone; the same file runs again, as a new job, and completes.
    await t.app.db.execute(sql.raw('drop trigger refuse_one_product on products'));
    const again = await post(paths.importRetry.build({ id: checked.id }));
    expect(again.statusCode).toBe(200);
    const rerun = again.json().job as ImportJob;
    expect(rerun.id).not.toBe(checked.id);
    expect(rerun).toMatchObject({ status: 'running', fileName: 'catalog.json' });
    expect(rerun.summary?.products).toEqual({ created: 2 * IMPORT_BATCH, updated: 2 * IMPORT_BATCH });
    const over = await waitUntilOver(rerun.id);
    expect(over).toMatchObject({
      status: 'done',
      productsWritten: file.products.length,
      productsTotal: file.products.length,
    });
    // The shop now holds exactly the file: every product once, as the file says.
    const rows = await written();
    expect(rows.map((r) => [r.sku, r.nameEn, r.priceHalalas, r.stock, r.image])).toEqual(
      [...file.products]
        .sort((a, b) => (a.sku < b.sku ? -1 : 1))
        .map((p) => [p.sku, p.name.en, p.price * 100, p.stock, p.image]),
    );
    expect((await job(checked.id)).status).toBe('failed');
    // A failed job whose kept file is gone says so instead of failing again.
    await rm(path.join(t.config.dataDir, 'imports', `${checked.id}.json`));
    const gone = await t.app.inject({
      method: 'POST',
      url: paths.importRetry.build({ id: checked.id }),
      headers: { ...staff, 'accept-language': 'en' },
    });
    expect([gone.statusCode, gone.json().message]).toEqual([
      409,
      "This import's file is no longer kept; upload it again",
    ]);
    const [again2] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.sku, refused));
    expect(again2!.n).toBe(1);
  }, 300_000);
});
