import { apiErrorSchema, apiPaths, pagedProductsSchema } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCompany, createProduct, type ProductRow } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';

describe('product search', () => {
  let t: TestContext;
  const p: Record<string, ProductRow> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const phones = await createCategory(db, { nameAr: 'جوالات', nameEn: 'Phones' });
    const other = await createCategory(db, { nameAr: 'متفرقات', nameEn: 'Misc' });
    const apple = await createCompany(db, { nameAr: 'أبل', nameEn: 'Apple' });
    // Stored with alef maqsura: a search with yeh must still find it.
    const sony = await createCompany(db, { nameAr: 'سونى', nameEn: 'Sony' });
    const xiaomi = await createCompany(db, { nameAr: 'شاومي', nameEn: 'Xiaomi' });
    const samsung = await createCompany(db, { nameAr: 'سامسونج', nameEn: 'Samsung' });
    const canon = await createCompany(db, { nameAr: 'كانون', nameEn: 'Canon' });
    const make = (
      key: string,
      nameAr: string,
      nameEn: string,
      companyId: number,
      priceHalalas: number,
      categoryId = other.id,
    ) =>
      createProduct(db, { nameAr, nameEn, companyId, categoryId, priceHalalas }).then((row) => {
        p[key] = row;
      });
    await make('iphone', 'آيفون ١٥ برو', 'iPhone 15 Pro', apple.id, 500_000, phones.id);
    await make('headset', 'سماعة لاسلكية', 'Wireless Headset', sony.id, 40_000);
    await make('vacuum', 'مكنسة روبوت ذكية', 'Robot Vacuum', xiaomi.id, 120_000);
    await make('tv', 'شاشة سامسونج ٦٥ بوصة', 'Samsung 65 inch TV', samsung.id, 300_000);
    await make('galaxy', 'جالكسي S24', 'Galaxy S24', samsung.id, 350_000, phones.id);
    await make('frame', 'إطار صور رقمي', 'Digital Photo Frame', canon.id, 30_000);
    await make('router', 'راوتر ٥ جي', 'Router X', xiaomi.id, 50_000);
  });
  afterAll(() => t.close());

  const search = async (
    productName: string,
    opts: { pageSize?: number; page?: number; query?: string } = {},
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url:
        apiPaths.productSearch.build({ pageSize: opts.pageSize ?? 8, page: opts.page ?? 1 }) +
        (opts.query ?? ''),
      payload: { productName },
    });
    expect(res.statusCode, res.body).toBe(200);
    return pagedProductsSchema.parse(res.json());
  };
  const ids = async (productName: string) => (await search(productName)).products.map((x) => x.productId);

  it('finds a product by its Arabic and English name, needing no login', async () => {
    expect(await ids('سماعة')).toEqual([p.headset!.id]);
    expect(await ids('headset')).toEqual([p.headset!.id]);
  });

  it('ignores English letter case', async () => {
    expect(await ids('IPHONE')).toEqual([p.iphone!.id]);
    expect(await ids('iPhOnE')).toEqual([p.iphone!.id]);
  });

  it.each([
    ['tashkeel', 'سَمّاعَة'],
    ['tatweel', 'سمـــاعة'],
    ['tashkeel and tatweel together', 'سَمـّـاعَـة'],
  ])('ignores %s', async (_case, query) => {
    expect(await ids(query)).toEqual([p.headset!.id]);
  });

  it.each(['ايفون', 'أيفون', 'إيفون', 'آيفون', 'ٱيفون'])('treats alef forms alike: %s', async (query) => {
    expect(await ids(query)).toEqual([p.iphone!.id]);
  });

  it('finds a name stored with hamza-under from a bare alef', async () => {
    expect(await ids('اطار')).toEqual([p.frame!.id]);
  });

  it('treats alef maqsura and yeh alike, both ways', async () => {
    expect(await ids('شاومى')).toEqual(expect.arrayContaining([p.vacuum!.id, p.router!.id]));
    expect(await ids('سوني')).toEqual([p.headset!.id]);
  });

  it('treats teh marbuta and heh alike', async () => {
    expect(await ids('شاشه')).toEqual([p.tv!.id]);
    expect(await ids('ذكيه')).toEqual([p.vacuum!.id]);
  });

  it('matches Arabic-Indic and Eastern Arabic-Indic digits with ASCII digits', async () => {
    expect(await ids('راوتر 5')).toEqual([p.router!.id]);
    expect(await ids('راوتر ۵')).toEqual([p.router!.id]);
    expect(await ids('سامسونج 65')).toEqual([p.tv!.id]);
    expect(await ids('ايفون ١٥')).toEqual([p.iphone!.id]);
  });

  it('finds products by their maker, in either language', async () => {
    expect(await ids('Canon')).toEqual([p.frame!.id]);
    expect(await ids('كانون')).toEqual([p.frame!.id]);
    expect(await ids('ابل')).toEqual([p.iphone!.id]);
  });

  it.each([
    ['a wrong letter in Arabic', 'سامسونق', 'tv'],
    ['a wrong letter in English', 'samsong', 'tv'],
    ['a missing letter', 'wireles', 'headset'],
    ['an extra letter', 'heaadset', 'headset'],
    ['swapped letters', 'iphnoe', 'iphone'],
  ])('still finds the product with %s (%s)', async (_case, query, key) => {
    expect(await ids(query)).toContain(p[key]!.id);
  });

  it.each([
    ['swapped letters in an English brand', 'Xioami', ['vacuum', 'router']],
    ['swapped letters in an English brand', 'Samsnug', ['tv', 'galaxy']],
    ['swapped letters in an Arabic brand', 'شاموي', ['vacuum', 'router']],
    ['swapped letters in an Arabic model', 'جلاكسي', ['galaxy']],
  ])('puts the products first for %s (%s)', async (_case, query, keys) => {
    const found = await ids(query);
    expect(found.slice(0, keys.length).sort()).toEqual(keys.map((k) => p[k]!.id).sort());
  });

  it('does not take a shorter word that merely looks alike for a typo of another', async () => {
    // شاشة shares its first letters with شاموي, but is two letters away from شاومي's spelling.
    expect(await ids('شاموي')).not.toContain(p.tv!.id);
  });

  it('needs every word to match', async () => {
    expect(await ids('samsung galaxy')).toEqual([p.galaxy!.id]);
    expect(await ids('جالكسي سامسونج')).toEqual([p.galaxy!.id]);
    expect(await ids('samsung headset')).toEqual([]);
  });

  it('ranks a product named after the query above one only made by it', async () => {
    expect(await ids('samsung')).toEqual([p.tv!.id, p.galaxy!.id]);
  });

  it('answers names in the request language', async () => {
    const en = await search('سماعة', { query: '?lang=en' });
    expect(en.products[0]).toMatchObject({ productName: 'Wireless Headset', companyName: 'Sony' });
    const ar = await search('headset');
    expect(ar.products[0]).toMatchObject({ productName: 'سماعة لاسلكية', companyName: 'سونى' });
  });

  it('lists every product, paged, for an empty query', async () => {
    const first = await search('', { pageSize: 3 });
    expect(first.pagging).toEqual({ pageCount: 3, rawCount: 7 });
    expect(first.products.map((x) => x.productId)).toEqual([p.iphone!.id, p.headset!.id, p.vacuum!.id]);
    const last = await search('   ', { pageSize: 3, page: 3 });
    expect(last.products.map((x) => x.productId)).toEqual([p.router!.id]);
  });

  it('pages search results', async () => {
    const first = await search('samsung', { pageSize: 1 });
    expect(first.pagging).toEqual({ pageCount: 2, rawCount: 2 });
    const second = await search('samsung', { pageSize: 1, page: 2 });
    expect(second.products.map((x) => x.productId)).toEqual([p.galaxy!.id]);
  });

  it('filters search results by price', async () => {
    const body = await search('samsung', { query: '?startprice=3200&finishprice=4000' });
    expect(body.products.map((x) => x.productId)).toEqual([p.galaxy!.id]);
  });

  it('answers [] when nothing matches or the query is only marks', async () => {
    expect(await search('zzqqxx')).toEqual({ products: [], pagging: { pageCount: 0, rawCount: 0 } });
    expect(await search('ًٌ ـ')).toEqual({ products: [], pagging: { pageCount: 0, rawCount: 0 } });
  });

  it.each([
    ['a missing productName', {}, 'body.productName'],
    ['a productName that is not text', { productName: 5 }, 'body.productName'],
    ['a productName over 100 characters', { productName: 'x'.repeat(101) }, 'body.productName'],
  ])('answers 400 for %s', async (_case, payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.productSearch.build({ pageSize: 8, page: 1 }),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).fields?.map((f) => f.path)).toContain(field);
  });

  it('answers 400 for a page size over 100', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Product/Select/Product/By/Name/101/1',
      payload: { productName: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });

  describe('database sessions', () => {
    it('cancels the running statement when the client goes away (the server); runs it through (embedded)', async () => {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(new Error('gone')), 200);
      const outcome = await t.database
        .cancellable(controller.signal, (db) => db.execute(sql`select pg_sleep(1.5)`))
        .then(
          () => 'finished',
          (error: unknown) => error,
        );
      if (t.database.kind === 'postgres') {
        // query_canceled (57014), long before the 1.5 s sleep would end.
        const cause = (outcome as { cause?: { code?: string } }).cause;
        expect(cause?.code).toBe('57014');
        expect(Date.now() - started).toBeLessThan(1400);
        // The next statement runs: the cancelled connection is closed, not handed out again.
        await expect(t.app.db.execute(sql`select 1`)).resolves.toBeDefined();
      } else {
        // The embedded database runs in this process and cannot be interrupted.
        expect(outcome).toBe('finished');
      }
    });
  });
});
