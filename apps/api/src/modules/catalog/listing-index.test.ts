import { adminCatalogPaths, apiPaths, pagedProductsSchema } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { generateScaleCatalog } from '../../test/scale-catalog.ts';
import { signedInMember } from '../../test/staff.ts';
import { ListingIndex, type Narrowing } from './listing-index.ts';
import { categories, products } from './schema.ts';

/*
 * The shelves kept in memory answer what the database would: a generated catalog of 400
 * products with storage, colour and a specification, some hidden, narrowed 300 random ways and
 * checked against the definition computed plainly from the rows; and the copy follows the
 * catalog's changes.
 */

let t: TestContext;

interface Row {
  id: number;
  category: number;
  company: number;
  price: number;
  stock: number;
  hidden: boolean;
  keys: string[];
}

const storages = ['128-gb', '256-gb', '512-gb'];
const colours = ['blue', 'black', 'white', 'red'];

beforeAll(async () => {
  t = await createTestApp();
  await generateScaleCatalog(t.app.db, 400);
  // Facet keys as the option triggers and specifications would write them; every seventh
  // product has none, every eleventh is hidden.
  await t.app.db.execute(sql`
    update products set
      option_facets = case when id % 7 = 0 then '{}'::text[] else array[
        'o-storage:' || (${sql.param(storages)}::text[])[1 + id % 3],
        'o-colour:' || (${sql.param(colours)}::text[])[1 + (id / 3) % 4]] end,
      spec_facets = case when id % 7 = 0 then '{}'::text[] else array['s1:' || (id % 5)] end,
      hidden = id % 11 = 0`);
}, 120_000);
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

async function rows(): Promise<Row[]> {
  return t.app.db
    .select({
      id: products.id,
      category: products.categoryId,
      company: products.companyId,
      price: sql<number>`${products.effectivePriceHalalas}`,
      stock: products.stock,
      hidden: products.hidden,
      keys: products.facetKeys,
    })
    .from(products)
    .orderBy(products.id);
}

const group = (key: string) => key.slice(0, key.indexOf(':'));

/** What a narrowing means, computed plainly: the definition the shelves must meet. */
function expected(all: Row[], shelf: (r: Row) => boolean, n: Narrowing) {
  const visible = all.filter((r) => !r.hidden && shelf(r));
  const keysOf = (r: Row) => [...r.keys, ...(n.makers ? [`b:${r.company}`] : [])];
  const chosen = new Map<string, string[]>();
  for (const key of n.facet) chosen.set(group(key), [...(chosen.get(group(key)) ?? []), key]);
  const has = (r: Row, key: string) => r.keys.includes(key) || key === `b:${r.company}`;
  const meets = (r: Row, skip: string) =>
    [...chosen].every(([g, keys]) => g === skip || keys.some((k) => has(r, k)));
  const inRange = (r: Row) =>
    (n.minPrice === undefined || r.price >= n.minPrice) &&
    (n.maxPrice === undefined || r.price <= n.maxPrice);
  const stocked = (r: Row) => !n.inStock || r.stock > 0;
  const left = visible.filter((r) => meets(r, '') && inRange(r) && stocked(r));
  const counts = new Map<string, number>();
  if (n.counts)
    for (const r of visible)
      for (const key of new Set(keysOf(r)))
        if (meets(r, group(key)) && inRange(r) && stocked(r)) counts.set(key, (counts.get(key) ?? 0) + 1);
  const priced = visible.filter((r) => meets(r, '') && stocked(r)).map((r) => r.price);
  return {
    total: left.length,
    ids: left.slice(n.offset, n.offset + n.limit).map((r) => r.id),
    counts,
    inStock: visible.filter((r) => r.stock > 0 && meets(r, '') && inRange(r)).length,
    price: priced.length ? { min: Math.min(...priced), max: Math.max(...priced) } : null,
  };
}

/** A seeded generator, so that a failure can be run again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('the shelves in memory', () => {
  it('answer every narrowing as its definition does: page, count, facet counts, in stock and prices', async () => {
    const all = await rows();
    const shelves = await new ListingIndex(t.app.db).ready();
    const categoryIds = [...new Set(all.map((r) => r.category))];
    const makerIds = [...new Set(all.map((r) => r.company))];
    const next = random(7);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    for (let i = 0; i < 300; i++) {
      const categoryId = next() < 0.5 ? pick(categoryIds) : undefined;
      const companyId = next() < 0.3 ? pick(makerIds) : undefined;
      const facet = [
        ...(next() < 0.5 ? [`o-storage:${pick(storages)}`, `o-storage:${pick(storages)}`] : []),
        ...(next() < 0.5 ? [`o-colour:${pick(colours)}`] : []),
        ...(next() < 0.3 ? [`s1:${Math.floor(next() * 6)}`] : []),
        ...(next() < 0.3 ? [`b:${pick(makerIds)}`] : []),
        ...(next() < 0.05 ? ['o-storage:no-such-value'] : []),
      ];
      const low = next() < 0.4 ? Math.floor(next() * 400_000) : undefined;
      const n: Narrowing = {
        facet: [...new Set(facet)],
        inStock: next() < 0.3,
        minPrice: low,
        maxPrice: next() < 0.4 ? (low ?? 0) + Math.floor(next() * 600_000) : undefined,
        makers: companyId === undefined,
        counts: next() < 0.8,
        offset: Math.floor(next() * 3) * 8,
        limit: 8,
        // No product here has a rating: by rating is then the catalog's order.
        order: next() < 0.2 ? 'rating' : 'catalog',
      };
      const got = shelves.narrow(shelves.shelf(categoryId, companyId), n);
      const want = expected(
        all,
        (r) =>
          (categoryId === undefined || r.category === categoryId) &&
          (companyId === undefined || r.company === companyId),
        n,
      );
      const name = JSON.stringify({ categoryId, companyId, ...n });
      expect({ ...got, counts: Object.fromEntries(got.counts) }, name).toEqual({
        ...want,
        counts: Object.fromEntries(want.counts),
      });
    }
  });

  it('answer a shelf and a price range, with and without a facet choice, as the definition does, through price and stock changes', async () => {
    const index = new ListingIndex(t.app.db);
    const check = async (seed: number) => {
      const all = await rows();
      const shelves = await index.ready();
      const categoryIds = [...new Set(all.map((r) => r.category))];
      const makerIds = [...new Set(all.map((r) => r.company))];
      const next = random(seed);
      const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
      for (let i = 0; i < 200; i++) {
        const categoryId = next() < 0.5 ? pick(categoryIds) : undefined;
        const companyId = next() < 0.4 ? pick(makerIds) : undefined;
        const low = next() < 0.6 ? Math.floor(next() * 400_000) : undefined;
        const n: Narrowing = {
          facet: [],
          inStock: next() < 0.4,
          minPrice: low,
          maxPrice: next() < 0.6 ? (low ?? 0) + Math.floor(next() * 600_000) - 50_000 : undefined,
          makers: companyId === undefined,
          counts: false,
          offset: Math.floor(next() * 6) * 8,
          limit: next() < 0.1 ? Infinity : 8,
        };
        const onShelf = (r: Row) =>
          (categoryId === undefined || r.category === categoryId) &&
          (companyId === undefined || r.company === companyId);
        const { counts, ...got } = shelves.narrow(shelves.shelf(categoryId, companyId), n);
        expect(counts.size).toBe(0);
        expect(got, JSON.stringify({ categoryId, companyId, ...n })).toEqual({
          ...expected(all, onShelf, n),
          counts: undefined,
        });
        // The same shelf with a choice and its counts, which read the shelf's sets of products in
        // stock rather than its sorted prices: they follow the changes too.
        const chosen = { ...n, facet: next() < 0.5 ? [`o-colour:${pick(colours)}`] : [], counts: true };
        const faceted = shelves.narrow(shelves.shelf(categoryId, companyId), chosen);
        const want = expected(all, onShelf, chosen);
        expect(
          { ...faceted, counts: Object.fromEntries(faceted.counts) },
          JSON.stringify({ categoryId, companyId, ...chosen }),
        ).toEqual({ ...want, counts: Object.fromEntries(want.counts) });
      }
    };
    await check(11);
    // Prices up and down, some out of stock and some back, each published by its ids: the sorted
    // prices made by the first check follow.
    const changed = (await rows()).filter((r) => !r.hidden && r.id % 9 === 0).map((r) => r.id);
    await t.app.db.execute(sql`
      update products set
        price_halalas = case when id % 2 = 0 then price_halalas * 3 else price_halalas / 4 end,
        offer_price_halalas = null,
        stock = case when stock > 0 then 0 else 4 end
      where id = any(${sql.param(changed)}::integer[])`);
    index.changed({ topic: 'catalog', productIds: changed });
    await check(12);
  });

  it('narrow a search’s matches in their rank order, leaving out hidden and unknown ids', async () => {
    const all = await rows();
    const shelves = await new ListingIndex(t.app.db).ready();
    const hidden = all.find((r) => r.hidden)!.id;
    const blue = all.filter((r) => !r.hidden && r.keys.includes('o-colour:blue')).map((r) => r.id);
    const matches = [
      blue[5]!,
      hidden,
      999_999,
      blue[1]!,
      all.find((r) => r.keys.includes('o-colour:red'))!.id,
      blue[3]!,
    ];
    const got = shelves.narrow(shelves.products(matches), {
      facet: ['o-colour:blue'],
      inStock: false,
      makers: true,
      counts: true,
      offset: 0,
      limit: Infinity,
    });
    expect(got.ids).toEqual([blue[5], blue[1], blue[3]]);
    expect(got.counts.get('o-colour:red')).toBe(1);
  });

  it('follow the changes published: stock, hidden, a new product, and a change to any product', async () => {
    const index = new ListingIndex(t.app.db);
    const [phones] = await t.app.db.select().from(categories).where(eq(categories.slug, 'phones'));
    const shelf = async () => {
      const shelves = await index.ready();
      return shelves.narrow(shelves.shelf(phones!.id, undefined), {
        facet: [],
        inStock: true,
        makers: true,
        counts: false,
        offset: 0,
        limit: 1000,
      });
    };
    const before = await shelf();
    const [first, second] = before.ids;
    const [{ maker } = { maker: 0 }] = await t.app.db
      .select({ maker: products.companyId })
      .from(products)
      .limit(1);

    await t.app.db.update(products).set({ stock: 0 }).where(eq(products.id, first!));
    expect((await shelf()).ids, 'nothing was published yet').toContain(first);
    index.changed({ topic: 'catalog', productIds: [first!] });
    expect((await shelf()).ids).not.toContain(first);
    expect((await shelf()).total).toBe(before.total - 1);

    await t.app.db.update(products).set({ hidden: true }).where(eq(products.id, second!));
    index.changed({ topic: 'catalog', productIds: [second!] });
    expect((await shelf()).ids).not.toContain(second);
    await t.app.db.update(products).set({ hidden: false, stock: 5 }).where(eq(products.id, second!));
    await t.app.db.update(products).set({ stock: 5 }).where(eq(products.id, first!));
    index.changed({ topic: 'catalog', productIds: [first!, second!] });
    // Back in their places: the shelf is in id order.
    expect((await shelf()).ids).toEqual(before.ids);

    const added = await createProduct(t.app.db, { categoryId: phones!.id, companyId: maker, stock: 2 });
    index.changed({ topic: 'catalog', productIds: [added.id] });
    expect((await shelf()).ids).toEqual([...before.ids, added.id]);

    await t.app.db.execute(sql`update products set stock = 0 where category_id = ${phones!.id}`);
    index.changed({ topic: 'catalog' });
    expect((await shelf()).total).toBe(0);
    await t.app.db.execute(sql`update products set stock = 1 + id % 50 where category_id = ${phones!.id}`);
    index.changed({ topic: 'catalog' });
  });

  it('read themselves again when old, for a writer that forgot to publish, answering meanwhile', async () => {
    const index = new ListingIndex(t.app.db);
    const total = async () => {
      const shelves = await index.ready();
      return shelves.narrow(shelves.shelf(undefined, undefined), {
        facet: ['o-colour:red'],
        inStock: false,
        makers: true,
        counts: false,
        offset: 0,
        limit: 0,
      }).total;
    };
    const before = await total();
    const [red] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(sql`'o-colour:red' = any(${products.facetKeys}) and not ${products.hidden}`)
      .limit(1);
    await t.app.db
      .update(products)
      .set({ optionFacets: ['o-colour:blue'] })
      .where(eq(products.id, red!.id));
    expect(await total(), 'unpublished, and young').toBe(before);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    // The old copy answers while the new one is read.
    expect(await total()).toBe(before);
    await vi.waitFor(async () => expect(await total()).toBe(before - 1));
  });
});

describe('listings through the app', () => {
  it('show a change made in the back office at once', async () => {
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    const [laptops] = await t.app.db.select().from(categories).where(eq(categories.slug, 'laptops'));
    const listing = async () => {
      const res = await t.app.inject({
        url: `${apiPaths.productsPaged.build({ pageSize: 8, page: 1 })}?categoryId=${laptops!.id}&inStock=true&withFacets=true`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return pagedProductsSchema.parse(res.json());
    };
    const before = await listing();
    const first = before.products[0]!.productId;
    const bulk = await t.app.inject({
      method: 'POST',
      url: adminCatalogPaths.productsBulk.pattern,
      headers: staff.headers,
      payload: { action: 'set_stock', ids: [first], stock: '0' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const after = await listing();
    expect(after.products.map((p) => p.productId)).not.toContain(first);
    expect(after.pagging.rawCount).toBe(before.pagging.rawCount - 1);
    expect(after.facets!.inStock.count).toBe(before.facets!.inStock.count - 1);
  });
});
