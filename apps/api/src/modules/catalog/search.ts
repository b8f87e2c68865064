import type { Lang, PagedProducts } from '@shop/contract';
import { and, asc, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, companies, products } from '../../db/schema.ts';
import { catalogOrder, pagedProducts, priceRangeFilter, type Page, type PriceRange } from './service.ts';

/*
 * Product search (docs/decisions/010-product-search-matching.md). Both sides go through the SQL
 * ar_norm() of migration 0000, so Arabic and English are normalized by one function.
 * Each query word must match the product's name, its maker's name or its category's name,
 * in either language:
 * - a word that appears somewhere in the catalog must appear in the product's names, or be very
 *   close to a word there (pg_trgm word_similarity ≥ KNOWN_WORD_SIMILARITY);
 * - a word that appears nowhere is taken for a typo and matches loosely
 *   (word_similarity ≥ TYPO_WORD_SIMILARITY).
 */
export const KNOWN_WORD_SIMILARITY = 0.5;
export const TYPO_WORD_SIMILARITY = 0.3;
/** Longer queries are cut: nobody types more, and each word costs a pass over the candidates. */
export const MAX_QUERY_WORDS = 8;

const categoryNorm = sql`ar_norm(${categories.nameAr} || ' ' || ${categories.nameEn})`;

interface QueryWord {
  w: string;
  /** true when some product, company or category name contains the word as it is. */
  known: boolean;
}

/** The query's distinct normalized words, each marked known or not. */
async function queryWords(db: Db, term: string): Promise<QueryWord[]> {
  const result = await db.execute(sql`
    select q.w, (
      exists (select 1 from ${products} where strpos(${products.searchNorm}, q.w) > 0)
      or exists (select 1 from ${companies} where strpos(${companies.searchNorm}, q.w) > 0)
      or exists (select 1 from ${categories} where strpos(${categoryNorm}, q.w) > 0)
    ) as known
    from (
      select distinct w from regexp_split_to_table(ar_norm(${term}), '\\s+') as w where w <> ''
      limit ${MAX_QUERY_WORDS}
    ) as q`);
  return (result as unknown as { rows: QueryWord[] }).rows;
}

function similarities(w: string) {
  return {
    product: sql`word_similarity(${w}, ${products.searchNorm})`,
    company: sql`word_similarity(${w}, ${companies.searchNorm})`,
    category: sql`word_similarity(${w}, ${categoryNorm})`,
  };
}

function wordMatches({ w, known }: QueryWord): SQL {
  const s = similarities(w);
  const closeEnough = sql`greatest(${s.product}, ${s.company}, ${s.category}) >= ${known ? KNOWN_WORD_SIMILARITY : TYPO_WORD_SIMILARITY}`;
  if (!known) return closeEnough;
  return or(
    sql`strpos(${products.searchNorm}, ${w}) > 0`,
    sql`strpos(${companies.searchNorm}, ${w}) > 0`,
    sql`strpos(${categoryNorm}, ${w}) > 0`,
    closeEnough,
  )!;
}

/**
 * How well a product matches one word: its own name counts most, then its maker, then its
 * category; a word found as it is in the product's name ranks above any near match.
 */
function wordScore({ w }: QueryWord): SQL {
  const s = similarities(w);
  return sql`(greatest(${s.product}, 0.9 * ${s.company}, 0.8 * ${s.category}) + case when strpos(${products.searchNorm}, ${w}) > 0 then 1 else 0 end)`;
}

/**
 * Products matching every word of `productName`, best matches first. An empty query lists
 * every product in catalog order.
 */
export async function searchProducts(
  db: Db,
  lang: Lang,
  page: Page,
  productName: string,
  range: PriceRange,
): Promise<PagedProducts> {
  const filters = priceRangeFilter(range);
  const term = productName.trim();
  if (term === '') return pagedProducts(db, lang, page, and(...filters), catalogOrder);
  const words = await queryWords(db, term);
  // A query of diacritics or punctuation alone matches nothing rather than everything.
  if (words.length === 0) return { products: [], pagging: { pageCount: 0, rawCount: 0 } };

  const score = sql.join(words.map(wordScore), sql` + `);
  return pagedProducts(db, lang, page, and(...words.map(wordMatches), ...filters), [
    sql`${score} desc`,
    sql`word_similarity(ar_norm(${term}), ${products.searchNorm}) desc`,
    asc(products.id),
  ]);
}
