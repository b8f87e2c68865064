import type { Lang, PagedProducts } from '@shop/contract';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countFacets, facetConditions, hasFacetChoice, type FacetFilter } from './facets.ts';
import { categories, companies, products, searchTerms } from './schema.ts';
import {
  emptyPage,
  listProducts,
  visibleProduct,
  priceRangeFilter,
  productsByIds,
  type Page,
  type PriceRange,
} from './service.ts';

/*
 * Product search (docs/decisions/010-product-search-matching.md, 081-index-backed-search.md).
 * Both sides go through the SQL ar_norm() of migration 0000, so Arabic and English are
 * normalized by one function. A product is found by its `search_doc`: its own, its maker's and
 * its category's names in both languages (kept by the triggers of migration 0003), and its
 * specification values with their units (`spec_search`, migration 0017, decision 195).
 *
 * 1. The query's words are looked up in `search_terms` (every word of the catalog, trigram
 *    indexed): a word that no catalog word contains is taken for a typo and replaced by the
 *    catalog words one or two letters away from it (a wrong, missing, extra or swapped letter).
 * 2. Candidates: products whose search_doc holds every word (LIKE '%word%', or a near match
 *    `word <% search_doc`), both served by the trigram GIN index; a word of one or two letters
 *    must start a word (LIKE '% w%'). At most MAX_CANDIDATES are taken.
 * 3. Only those candidates are ranked: a word found in the product's own name counts most, then
 *    its maker's, then its category's; a word found as it is ranks above any near match.
 */

/*
 * `word <% text` holds when word_similarity(word, text) reaches 0.5, and `term % word`
 * preselects catalog words at trigram similarity 0.2 (db/session-settings.ts): low, because one
 * swapped letter in a short word already breaks most of its trigrams; the edit distance decides.
 */
/** Longer queries are cut: nobody types more. */
export const MAX_QUERY_WORDS = 8;
/** The ranked set is bounded: search answers at most this many products (31 pages of 8). */
export const MAX_CANDIDATES = 250;
const MAX_NEAR_TERMS = 30;

/** Search as the catalog sees it, so that another engine can stand in for the SQL one. */
export interface SearchEngine {
  search(query: SearchQuery): Promise<PagedProducts>;
}

export interface SearchQuery {
  lang: Lang;
  page: Page;
  text: string;
  range: PriceRange;
  /** Facet choices narrow the results; `withFacets` adds the facets of the results. */
  facets?: (FacetFilter & { withFacets?: boolean | undefined }) | undefined;
  /** The back office finds hidden products too; shoppers never do. */
  includeHidden?: boolean;
}

interface QueryWord {
  w: string;
  /** true when some catalog word contains it as it is. */
  known: boolean;
  /** For an unknown word: catalog words that look like it. */
  near: string[];
}

const likeEscape = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string, max: number): number {
  const A = [...a];
  const B = [...b];
  if (Math.abs(A.length - B.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: A.length + 1 }, (_, i) => [
    i,
    ...Array<number>(B.length).fill(0),
  ]);
  for (let j = 1; j <= B.length; j++) d[0]![j] = j;
  for (let i = 1; i <= A.length; i++) {
    for (let j = 1; j <= B.length; j++) {
      const cost = A[i - 1] === B[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && A[i - 1] === B[j - 2] && A[i - 2] === B[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[A.length]![B.length]!;
}

/** How many letters a typo of a word this long may get wrong. */
const allowedEdits = (w: string) => ([...w].length >= 7 ? 2 : 1);

/** The query's distinct normalized words, each marked known or not, with near catalog words. */
async function queryWords(db: Db, term: string): Promise<QueryWord[]> {
  const result = await db.execute(sql`
    with q as (
      select distinct w from regexp_split_to_table(ar_norm(${term}), '\\s+') as w where w <> ''
      limit ${MAX_QUERY_WORDS}
    )
    select q.w, k.known,
      case when k.known then '{}'::text[] else array(
        select t.term from ${searchTerms} t where t.term % q.w
        order by similarity(t.term, q.w) desc limit ${MAX_NEAR_TERMS}
      ) end as near
    from q cross join lateral (
      select length(q.w) < 3 or exists (
        select 1 from ${searchTerms} t
        where t.term like '%' || replace(replace(replace(q.w, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
      ) as known
    ) k`);
  const rows = (result as unknown as { rows: QueryWord[] }).rows;
  return rows.map((r) => ({
    ...r,
    near: r.near.filter((t) => editDistance(t, r.w, allowedEdits(r.w)) <= allowedEdits(r.w)),
  }));
}

/** The spellings a word is matched by: itself, and for a typo the catalog words it stands for. */
const spellings = (word: QueryWord) => (word.known ? [word.w] : [word.w, ...word.near]);

function wordMatches(word: QueryWord): SQL {
  if ([...word.w].length < 3) return sql`${products.searchDoc} like ${`% ${likeEscape(word.w)}%`}`;
  const exact = spellings(word).map((s) => sql`${products.searchDoc} like ${`%${likeEscape(s)}%`}`);
  return sql`(${sql.join([...exact, sql`${word.w} <% ${products.searchDoc}`], sql` or `)})`;
}

const categoryNorm = sql`ar_norm(${categories.nameAr} || ' ' || ${categories.nameEn})`;

/**
 * How well a product matches one word: its own name counts most, then its maker, then its
 * category; a word found as it is in the product's name ranks above any near match.
 */
function wordScore(word: QueryWord): SQL {
  const scores = spellings(word).map(
    (s) =>
      sql`(greatest(word_similarity(${s}, ${products.searchNorm}), 0.9 * word_similarity(${s}, ${companies.searchNorm}), 0.8 * word_similarity(${s}, ${categoryNorm})) + case when strpos(${products.searchNorm}, ${s}) > 0 then 1 else 0 end)`,
  );
  return scores.length === 1 ? scores[0]! : sql`greatest(${sql.join(scores, sql`, `)})`;
}

/** The search engine on the shop's own database (PostgreSQL or the embedded one). */
export function sqlSearch(database: Db): SearchEngine {
  return {
    search: (query) =>
      // A word shared by many products makes a sequential scan that stops at MAX_CANDIDATES look
      // cheap to the planner; with a rare word the same plan reads the whole table. The trigram
      // index answers both in bounded time, so the search's own transaction forbids the scan.
      database.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return searchIn(tx as unknown as Db, query);
      }),
  };
}

async function searchIn(db: Db, query: SearchQuery): Promise<PagedProducts> {
  const { lang, page, text, range, facets: filter = {} } = query;
  const term = text.trim();
  // A price range alone names no category or company, so the listing is never null.
  if (term === '') return (await listProducts(db, lang, page, { ...range, ...filter })) ?? emptyPage;
  const ranked = await rankedIds(db, term, query);
  const ids = hasFacetChoice(filter) ? await narrowed(db, ranked, filter) : ranked;
  const start = (page.page - 1) * page.pageSize;
  return {
    products: await productsByIds(db, lang, ids.slice(start, start + page.pageSize)),
    pagging: { pageCount: Math.ceil(ids.length / page.pageSize), rawCount: ids.length },
    ...(filter.withFacets && {
      // Counted on every match (those within the price range: the ranking applies it).
      facets: await countFacets(db, lang, inArray(products.id, ranked.length ? ranked : [0]), filter, {
        price: priceRangeFilter(range),
        makers: true,
      }),
    }),
  };
}

/** The ids of `ranked` whose products hold the shopper's facet choices, in the same order. */
async function narrowed(db: Db, ranked: number[], filter: FacetFilter): Promise<number[]> {
  if (ranked.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ranked), ...facetConditions(filter)));
  const kept = new Set(rows.map((r) => r.id));
  return ranked.filter((id) => kept.has(id));
}

/**
 * The ids of the products matching every word of `term`, best first (at most MAX_CANDIDATES).
 * The back office's list filters and sorts within these.
 */
export async function rankedIds(
  db: Db,
  term: string,
  { range, includeHidden = false }: Pick<SearchQuery, 'range' | 'includeHidden'>,
): Promise<number[]> {
  const words = await queryWords(db, term);
  // A query of diacritics or punctuation alone matches nothing rather than everything.
  if (words.length === 0) return [];

  const candidates = db
    .select({ id: products.id })
    .from(products)
    .where(
      and(...words.map(wordMatches), ...priceRangeFilter(range), includeHidden ? undefined : visibleProduct),
    )
    .limit(MAX_CANDIDATES)
    .as('candidates');
  const score = sql.join(words.map(wordScore), sql` + `);
  const ranked = await db
    .select({ id: products.id })
    .from(candidates)
    .innerJoin(products, sql`${products.id} = ${candidates.id}`)
    .innerJoin(companies, sql`${companies.id} = ${products.companyId}`)
    .innerJoin(categories, sql`${categories.id} = ${products.categoryId}`)
    .orderBy(
      sql`${score} desc`,
      sql`word_similarity(ar_norm(${term}), ${products.searchNorm}) desc`,
      products.id,
    );
  return ranked.map((r) => r.id);
}

/** Products matching every word of `productName`, best matches first. */
export function searchProducts(
  db: Db,
  lang: Lang,
  page: Page,
  productName: string,
  range: PriceRange,
  facets?: SearchQuery['facets'],
): Promise<PagedProducts> {
  return sqlSearch(db).search({ lang, page, text: productName, range, facets });
}
