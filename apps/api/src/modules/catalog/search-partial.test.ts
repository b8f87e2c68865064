import { apiPaths, pagedProductsSchema } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCompany, createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { singulars, splits, stems } from './search-words.ts';

/*
 * What shoppers type that the catalog does not write the same way: a word the shop does not use
 * (partial matches), another word for the same thing (synonyms), a prefix or a plural (stems), a
 * compound joined or split, and two typos at once. The synonyms are the ones the migration seeds.
 */

async function searchWith(t: TestContext, productName: string, lang: 'ar' | 'en' = 'ar') {
  const res = await t.app.inject({
    method: 'POST',
    url: apiPaths.productSearch.build({ pageSize: 8, page: 1 }) + (lang === 'en' ? '?lang=en' : ''),
    payload: { productName },
  });
  expect(res.statusCode, res.body).toBe(200);
  return pagedProductsSchema.parse(res.json());
}

describe('search in a shop that sells phones, televisions, laptops and audio', () => {
  let t: TestContext;
  const p: Record<string, number> = {};
  const search = (q: string, lang: 'ar' | 'en' = 'ar') => searchWith(t, q, lang);
  const ids = async (q: string) => (await search(q)).products.map((x) => x.productId);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const cat = async (nameAr: string, nameEn: string) => (await createCategory(db, { nameAr, nameEn })).id;
    const maker = async (nameAr: string, nameEn: string) => (await createCompany(db, { nameAr, nameEn })).id;
    const phones = await cat('جوالات', 'Phones');
    const home = await cat('إلكترونيات منزلية', 'Home electronics');
    const computers = await cat('حواسيب', 'Computers');
    const audio = await cat('صوتيات', 'Audio');
    const accessories = await cat('ملحقات', 'Accessories');
    const games = await cat('ألعاب', 'Gaming');
    const huawei = await maker('هواوي', 'Huawei');
    const samsung = await maker('سامسونج', 'Samsung');
    const hp = await maker('اتش بي', 'HP');
    const apple = await maker('أبل', 'Apple');
    const sony = await maker('سوني', 'Sony');
    const anker = await maker('انكر', 'Anker');
    const xiaomi = await maker('شاومي', 'Xiaomi');
    const make = async (
      key: string,
      nameAr: string,
      nameEn: string,
      companyId: number,
      categoryId: number,
    ) => {
      p[key] = (await createProduct(db, { nameAr, nameEn, companyId, categoryId })).id;
    };
    await make('nova', 'هواوي نوفا ١١', 'Huawei Nova 11', huawei, phones);
    await make('tv', 'شاشة سامسونج ذكية ٥٥ بوصة', 'Samsung 55 inch Smart TV', samsung, home);
    await make('galaxy', 'جالكسي S24', 'Galaxy S24', samsung, phones);
    await make('laptop', 'لابتوب اتش بي بافيليون', 'HP Pavilion Laptop', hp, computers);
    await make('macbook', 'ماك بوك اير', 'MacBook Air', apple, computers);
    await make('buds', 'سماعة أذن جالكسي بودز', 'Galaxy Buds 3', samsung, audio);
    await make('headphones', 'سماعة رأس سوني لاسلكية', 'Sony Wireless Headphones', sony, audio);
    await make('charger', 'شاحن انكر سريع', 'Anker Fast Charger', anker, accessories);
    await make('cable', 'كابل شحن انكر', 'Anker Black Charging Cable', anker, accessories);
    await make('ps5', 'بلايستيشن ٥', 'PlayStation 5', sony, games);
    await make('redmi', 'ريد مي نوت ١٣', 'Redmi Note 13', xiaomi, phones);
  });
  afterAll(() => t.close());

  describe('partial matches', () => {
    it('answers the products matching the other words when one word is in no spelling of the catalog, and says which words', async () => {
      const ar = await search('هواوي بنفسجي');
      expect(ar.products.map((x) => x.productId)).toEqual([p.nova]);
      expect(ar.partial).toEqual({ matched: ['هواوي'] });
      const en = await search('Huawei purple', 'en');
      expect(en.products.map((x) => x.productId)).toEqual([p.nova]);
      expect(en.partial).toEqual({ matched: ['Huawei'] });
    });

    it('leaves out a stray letter no word of the catalog starts with, and keeps a short word one does', async () => {
      const ar = await search('هواوي نوفا ظ');
      expect(ar.products.map((x) => x.productId)).toEqual([p.nova]);
      expect(ar.partial).toEqual({ matched: ['هواوي', 'نوفا'] });
      const en = await search('huawei q nova', 'en');
      expect(en.products.map((x) => x.productId)).toEqual([p.nova]);
      expect(en.partial).toEqual({ matched: ['huawei', 'nova'] });
      // "tv" is in no word list (too short) but starts a word of the TV's text: it stays.
      const tv = await search('samsung tv ظظظظ', 'en');
      expect(tv.products.map((x) => x.productId)).toEqual([p.tv]);
      expect(tv.partial).toEqual({ matched: ['samsung', 'tv'] });
    });

    it('of three words the catalog holds but no product together, answers the products holding two', async () => {
      const ar = await search('سماعة سوني كابل');
      expect(ar.products.map((x) => x.productId)).toEqual([p.headphones]);
      expect(ar.partial).toEqual({ matched: ['سماعة', 'سوني'] });
      const en = await search('sony headphones black', 'en');
      expect(en.products.map((x) => x.productId)).toEqual([p.headphones]);
      expect(en.partial).toEqual({ matched: ['sony', 'headphones'] });
    });

    it('says nothing of partial matches when every word matched, and answers nothing for nothing', async () => {
      expect((await search('هواوي نوفا')).partial).toBeUndefined();
      expect(await search('zzqqxx bbvvkk')).toEqual({ products: [], pagging: { pageCount: 0, rawCount: 0 } });
      // Two words the catalog holds, never together: either may be the one meant.
      expect(await ids('huawei charger')).toEqual([]);
      // A number or a stray letter alone names nothing to show.
      expect(await ids('11 zzqqxx')).toEqual([]);
      expect(await ids('نوفا ١١ ظظظظ')).toEqual([p.nova]);
    });

    it('keeps the words as typed, with their marks', async () => {
      const body = await search('هُواوِي بنفسجي');
      expect(body.partial).toEqual({ matched: ['هُواوِي'] });
    });
  });

  describe('synonyms', () => {
    it.each([
      ['موبايل هواوي', 'nova'],
      ['mobile huawei', 'nova'],
      ['هاتف هواوي', 'nova'],
      ['تلفزيون سامسونج', 'tv'],
      ['television samsung', 'tv'],
      ['حاسوب محمول', 'laptop'],
      ['notebook hp', 'laptop'],
      ['earbuds samsung', 'buds'],
      ['headphones sony', 'headphones'],
    ])('finds the product by another word for it: %s', async (query, key) => {
      const body = await search(query);
      expect(body.products.map((x) => x.productId)).toEqual([p[key]]);
      expect(body.partial).toBeUndefined();
    });

    it('matches a synonym only at the start of a word ("phone" is not in "headphones")', async () => {
      expect(await ids('mobile')).toEqual(expect.arrayContaining([p.nova, p.galaxy, p.redmi]));
      expect(await ids('mobile')).not.toContain(p.headphones);
    });
  });

  describe('prefixes and plurals', () => {
    it.each([
      ['والشاحن', 'charger'],
      ['بالشاحن انكر', 'charger'],
      ['للابتوب', 'laptop'],
      ['شواحن انكر', 'charger'],
      ['سماعات سوني', 'headphones'],
      ['chargers anker', 'charger'],
      ['laptops', 'laptop'],
    ])('finds %s', async (query, key) => {
      const body = await search(query);
      expect(body.products[0]?.productId).toBe(p[key]);
      expect(body.partial).toBeUndefined();
    });

    it('strips nothing from a word the catalog holds as it is', () => {
      // بلايستيشن starts with ب; the catalog holds it whole, so ب is not taken for a prefix.
      return expect(ids('بلايستيشن')).resolves.toEqual([p.ps5]);
    });

    it('derives stems by a few rules', () => {
      expect(stems('والسماعات')).toEqual(expect.arrayContaining(['سماعات', 'سماعه']));
      expect(singulars('شواحن')).toContain('شاحن');
      expect(singulars('اجهزه')).toContain('جهاز');
      expect(singulars('batteries')).toContain('battery');
      expect(splits('ريدمي')).toEqual([
        ['ري', 'دمي'],
        ['ريد', 'مي'],
      ]);
    });
  });

  describe('compounds', () => {
    it.each([
      ['ماكبوك', 'macbook'],
      ['ماك بوك', 'macbook'],
      ['mac book air', 'macbook'],
      ['بلاي ستيشن', 'ps5'],
      ['play station', 'ps5'],
      ['ريدمي نوت', 'redmi'],
      ['ريد مي', 'redmi'],
      ['red mi note', 'redmi'],
    ])('finds a compound written joined or split: %s', async (query, key) => {
      const body = await search(query);
      expect(body.products.map((x) => x.productId)).toEqual([p[key]]);
      expect(body.partial).toBeUndefined();
    });
  });

  describe('typos', () => {
    it.each([
      ['سامسونق جلاكسي', 'galaxy'],
      ['samsnug galxy', 'galaxy'],
      ['هوااوي نفوا', 'nova'],
      ['huawai novva', 'nova'],
      ['بلايستيشين سونى', 'ps5'],
      ['playstaiton sonny', 'ps5'],
      // A stray letter in one of three words.
      ['هواوي نوفاظ ١١', 'nova'],
      ['huawei novaz 11', 'nova'],
    ])('finds the product with two typos or a stray letter: %s', async (query, key) => {
      const body = await search(query);
      expect(body.products.map((x) => x.productId)[0]).toBe(p[key]);
      expect(body.partial).toBeUndefined();
    });
  });
});

describe('search in a shop that sells neither phones nor televisions', () => {
  let t: TestContext;
  const p: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const audio = await createCategory(db, { nameAr: 'صوتيات', nameEn: 'Audio' });
    const watches = await createCategory(db, { nameAr: 'ساعات', nameEn: 'Watches' });
    const sony = await createCompany(db, { nameAr: 'سوني', nameEn: 'Sony' });
    const huawei = await createCompany(db, { nameAr: 'هواوي', nameEn: 'Huawei' });
    p.headphones = (
      await createProduct(db, {
        nameAr: 'سماعة رأس سوني',
        nameEn: 'Sony Headphones',
        companyId: sony.id,
        categoryId: audio.id,
      })
    ).id;
    p.watch = (
      await createProduct(db, {
        nameAr: 'ساعة هواوي جي تي ٤',
        nameEn: 'Huawei Watch GT 4',
        companyId: huawei.id,
        categoryId: watches.id,
      })
    ).id;
  });
  afterAll(() => t.close());

  it('answers what the shop has of the brand named, and says so', async () => {
    const en = await searchWith(t, 'Sony television', 'en');
    expect(en.products.map((x) => x.productId)).toEqual([p.headphones]);
    expect(en.partial).toEqual({ matched: ['Sony'] });
    const ar = await searchWith(t, 'موبايل هواوي');
    expect(ar.products.map((x) => x.productId)).toEqual([p.watch]);
    expect(ar.partial).toEqual({ matched: ['هواوي'] });
  });
});
