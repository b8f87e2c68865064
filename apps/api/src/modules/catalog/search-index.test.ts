import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { generateScaleCatalog } from '../../test/scale-catalog.ts';
import { ListingIndex } from './listing-index.ts';
import { memorySearch } from './search.ts';
import { arNorm, holdsWhole, similarity, type SearchIndex } from './search-index.ts';

/*
 * The search index in memory ranks with pg_trgm's arithmetic done in JavaScript, on texts the
 * database normalized with ar_norm(). Its figures must be the database's, to the last bit, or
 * the order of results would drift from the SQL search the quality tests were written for. So
 * these compare them, on both databases, for the words shoppers type against a generated
 * catalog's names: whole words, parts of words, one-letter typos, swapped letters, words of
 * the other script and whole queries.
 */

let t: TestContext;
let index: SearchIndex;

beforeAll(async () => {
  t = await createTestApp();
  await generateScaleCatalog(t.app.db, 120);
  const shelves = await new ListingIndex(t.app.db).ready();
  index = await shelves.searchIndex();
}, 120_000);
afterAll(() => t.close());

/** Words a shopper might type about these names: as they are, cut, with a typo, and joined. */
function queriesFor(names: string[]): string[] {
  const out = new Set<string>();
  names.forEach((name, i) => {
    const words = name.split(' ').filter(Boolean);
    const w = words[i % words.length]!;
    out.add(w);
    if ([...w].length > 3) {
      const c = [...w];
      out.add(c.slice(0, -1).join(''));
      out.add([c[1], c[0], ...c.slice(2)].join(''));
      out.add([...c.slice(0, 2), 'ق', ...c.slice(3)].join(''));
    }
    out.add(words.slice(0, 2).join(' '));
    out.add(words.slice(-3).join(' '));
  });
  return [...out];
}

const pairs = <A, B>(a: A[], b: B[]) => a.flatMap((x) => b.map((y) => [x, y] as const));

describe('the search index in memory', () => {
  it("computes pg_trgm's word_similarity of a query word and a product's names as the database does", async () => {
    const positions = index.entries.map((_, p) => p).filter((p) => p % 3 === 0);
    const names = positions.map((p) => index.entries[p]!.name);
    const queries = queriesFor(names).slice(0, 40);
    const expected = await t.app.db.execute(sql`
      select q, n, word_similarity(q, n)::text as s
      from unnest(${sql.param(queries)}::text[]) as q, unnest(${sql.param(names)}::text[]) with ordinality as x(n, i)
      order by q, x.i`);
    const fromDb = new Map(
      (expected as unknown as { rows: { q: string; n: string; s: string }[] }).rows.map((r) => [
        `${r.q}|${r.n}`,
        Math.fround(Number(r.s)),
      ]),
    );
    let compared = 0;
    let positive = 0;
    for (const q of queries) {
      const ours = index.nameSimilarities(q, positions);
      positions.forEach((p, i) => {
        const theirs = fromDb.get(`${q}|${index.entries[p]!.name}`);
        expect(ours[i], `${q} in ${index.entries[p]!.name}`).toBe(theirs);
        compared++;
        if (theirs! > 0) positive++;
      });
    }
    // Enough of them overlap for the comparison to mean something.
    expect(compared).toBeGreaterThan(1000);
    expect(positive).toBeGreaterThan(compared / 10);

    // The ranking gives a name holding the word as whole words the greatest similarity without
    // working it out: the database must agree that it is 1.
    let whole = 0;
    for (const q of queries)
      for (const n of names)
        if (holdsWhole(n, q)) {
          expect(fromDb.get(`${q}|${n}`), `${q} in ${n}`).toBe(1);
          whole++;
        }
    expect(whole).toBeGreaterThan(50);
    expect(holdsWhole('galaxy s24 ultra', 'galaxy s2')).toBe(false);
    expect(holdsWhole('galaxy s24 ultra', 's24 ultra')).toBe(true);
    expect(holdsWhole('ايفون 15 برو', 'فون')).toBe(false);
  });

  it('knows which two-word phrases begin a word of some product text, as reading the texts does', () => {
    const docs = index.entries.map((e) => e.doc);
    const phrases = new Set<string>();
    docs.slice(0, 40).forEach((doc, i) => {
      const words = doc.split(' ').filter(Boolean);
      const w = words[i % (words.length - 1)]!;
      const next = words[(i % (words.length - 1)) + 1]!;
      // As written, the next word cut short, another word after it, and a word split in two.
      phrases.add(`${w} ${next}`);
      phrases.add(`${w} ${[...next].slice(0, 2).join('')}`);
      phrases.add(`${w} ${words[(i + 3) % words.length]}`);
      const c = [...w];
      if (c.length >= 4) phrases.add(`${c.slice(0, 2).join('')} ${c.slice(2).join('')}`);
    });
    let held = 0;
    for (const phrase of phrases) {
      const expected = docs.some((doc) => doc.includes(` ${phrase}`));
      expect(index.phraseHeld(phrase), phrase).toBe(expected);
      if (expected) held++;
    }
    expect(held).toBeGreaterThan(20);
    expect(phrases.size - held).toBeGreaterThan(10);
  });

  it('computes the trigram similarity of catalog words (typo corrections) and ar_norm() as the database does', async () => {
    const words = [...new Set(index.entries.flatMap((e) => e.doc.split(' ')).filter(Boolean))].slice(0, 60);
    const typed = queriesFor(index.entries.slice(0, 30).map((e) => e.name)).filter((q) => !q.includes(' '));
    const result = await t.app.db.execute(sql`
      select a, b, similarity(a, b)::text as s
      from unnest(${sql.param(words)}::text[]) as a, unnest(${sql.param(typed)}::text[]) as b`);
    const rows = (result as unknown as { rows: { a: string; b: string; s: string }[] }).rows;
    expect(rows.length).toBe(pairs(words, typed).length);
    for (const r of rows) expect(similarity(r.a, r.b), `${r.a} ~ ${r.b}`).toBe(Math.fround(Number(r.s)));

    const raw = [
      'أإآٱ ى ة',
      'مُحَمَّد ـــ الجوّال',
      '٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹',
      'iPhone 15 PRO Max',
      'سماعةٌ لاسلكيةٌ',
      'Ünïcödé ß',
    ];
    const normalized = await t.app.db.execute(
      sql`select x, ar_norm(x) as n from unnest(${sql.param(raw)}::text[]) as x`,
    );
    for (const r of (normalized as unknown as { rows: { x: string; n: string }[] }).rows)
      expect(arNorm(r.x), r.x).toBe(r.n);
  });

  it("answers a query's first pages in the whole ranking's order, whichever page is asked first", async () => {
    // A search's first pages come from the candidates of the highest score there is, ranked
    // without scoring the others; a page beyond them, or facet choices, rank every candidate.
    // Two shops' worth of shelves: in one each query's first pages are asked first, in the other
    // a page beyond every answer first, so its first pages come from the whole ranking.
    const firstPagesFirst = memorySearch(t.app.db, await new ListingIndex(t.app.db).ready());
    const wholeFirst = memorySearch(t.app.db, await new ListingIndex(t.app.db).ready());
    // Words of a name out of their order too: names holding each of them whole, but not the
    // whole query, are told apart by the whole query's similarity.
    const names = index.entries.map((e) => e.name);
    const apart = names.map((name, i) => {
      const words = name.split(' ').filter(Boolean);
      return `${words[i % words.length]} ${words[(i + 3) % words.length]}`;
    });
    const queries = [...queriesFor(names).slice(0, 150), ...new Set(apart)];
    const ask = (engine: typeof wholeFirst, text: string, page: number) =>
      engine.search({ lang: 'en', page: { pageSize: 3, page }, text, range: {} });
    let compared = 0;
    for (const text of queries) {
      await ask(wholeFirst, text, 100);
      for (const page of [1, 2]) {
        const lazy = await ask(firstPagesFirst, text, page);
        const whole = await ask(wholeFirst, text, page);
        expect(lazy, `${text}, page ${page}`).toEqual(whole);
        if (lazy.products.length > 0) compared++;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });
});
