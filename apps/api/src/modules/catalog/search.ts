import type { Lang, PagedProducts } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { facetsOf, hasFacetChoice, type FacetFilter } from './facets.ts';
import type { Shelves } from './listing-index.ts';
import {
  anyIn,
  arNorm,
  hasPosition,
  holdsWhole,
  type SearchEntry,
  type SearchIndex,
} from './search-index.ts';
import { indexLookups, wordVariants, type WordLookups } from './search-words.ts';
import { emptyPage, listProducts, priceBounds, cardsOf, type Page, type PriceRange } from './service.ts';

/*
 * Product search (docs/decisions/010-product-search-matching.md, 081-index-backed-search.md,
 * 200-search-in-memory.md, 231-staff-search-in-memory.md). The rules below run on a search index
 * kept in memory (search-index.ts: the catalog's words, their products, and pg_trgm's arithmetic
 * in JavaScript): the storefront's holds the visible products (listing-index.ts), the back
 * office's every product, hidden ones too (staff-search.ts). Texts go through ar_norm() of
 * migration 0000 (and its copy, `arNorm`), so Arabic and English are normalized by one function.
 * A product is found by its `search_doc`: its own, its maker's and its category's names in both
 * languages (kept by the triggers of migration 0003 and written by the importer), and its
 * specification values with their units (`spec_search`, migration 0017, decision 195).
 *
 * 1. The query's words are looked up in the index's vocabulary (every word of the products'
 *    texts): a word that no catalog word contains is taken for a typo and replaced by the
 *    catalog words one or two letters away from it (a wrong, missing, extra or swapped letter).
 * 2. Candidates: products whose search_doc holds every word (as LIKE '%word%' would, or a near
 *    match, as `word <% search_doc` would); a word of one or two letters must start a word. At
 *    most MAX_CANDIDATES are taken, in catalog order.
 * 3. Only those candidates are ranked: a word found in the product's own name counts most, then
 *    its maker's, then its category's; a word found as it is ranks above any near match.
 *
 * A query word is also matched by its other spellings (decision 198, `wordVariants`): the other
 * words of its synonym group (`search_synonyms`, edited in the back office), its stem when the
 * catalog holds the stem and not the word (attached Arabic prefixes, plurals), and a compound
 * written joined or split (ماكبوك / ماك بوك). When no product holds every word, the storefront
 * answers partial matches and says which words it used (`partialMatch`): first without the words
 * the catalog holds in no spelling, then, for three words or more, without one of them.
 */

/** Longer queries are cut: nobody types more. */
export const MAX_QUERY_WORDS = 8;
/** The ranked set is bounded: search answers at most this many products (31 pages of 8). */
export const MAX_CANDIDATES = 250;
const MAX_NEAR_TERMS = 30;
/**
 * The most one spelling adds to a product's score: a word similarity of 1 (names before makers
 * and categories, which count 0.9 and 0.8) and 1 for being in the name as it is.
 */
const TOP_SCORE = 2;
/**
 * The trigram similarity (pg_trgm's `similarity`, `term % word`) at which a catalog word is
 * considered as a misspelt query word's: low, because one swapped letter in a short word already
 * breaks most of its trigrams; the edit distance decides.
 */
const NEAR_TERM_SIMILARITY = 0.2;
/**
 * The word similarity (pg_trgm's `word_similarity`, `word <% text`) at which a query word nearly
 * matches within a product's text.
 */
const NEAR_MATCH_SIMILARITY = 0.5;

/** Search as the catalog sees it, so that another engine can stand in for the shop's own. */
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
}

export interface QueryWord {
  w: string;
  /** The word as the shopper typed it (before normalization), for saying which words were used. */
  typed: string;
  /** true when some catalog word contains it as it is. */
  known: boolean;
  /** For an unknown word: catalog words that look like it. */
  near: string[];
  /** Synonyms, stems and compounds (`wordVariants`). */
  more: Spelling[];
  /** Whether the catalog holds it in some spelling: partial matches leave out the others. */
  held: boolean;
}

/** One way a query word may appear in a product's search text. */
export interface Spelling {
  text: string;
  /** It must begin a word there (short words and synonyms: "tv" is not in "tvs", "phone" not in "iphone"). */
  start: boolean;
}

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

/** A query word as the catalog first sees it, before its near words are checked and its other spellings found. */
type FoundWord = Omit<QueryWord, 'more' | 'held'> & { starts: boolean };

/** The query's distinct normalized words in the order typed, each marked known or not, with near catalog words. */
function indexWords(index: SearchIndex, term: string): FoundWord[] {
  const words = new Map<string, string>();
  for (const typed of term.split(/[ \t\n\r\f\v]+/)) {
    const w = arNorm(typed);
    if (w !== '' && !words.has(w)) words.set(w, typed);
    if (words.size === MAX_QUERY_WORDS) break;
  }
  return [...words].map(([w, typed]) => {
    const short = isShort(w);
    const known = short || index.holds(w);
    return {
      w,
      typed,
      known,
      starts: short && index.begins(w),
      near: known ? [] : index.near(w, NEAR_TERM_SIMILARITY, MAX_NEAR_TERMS),
    };
  });
}

/** The found words with their near words checked by edit distance and their other spellings added. */
function queryWords(found: FoundWord[], lookups: WordLookups): Promise<QueryWord[]> {
  const words = found.map(({ starts, ...r }) => {
    const near = r.near.filter((t) => editDistance(t, r.w, allowedEdits(r.w)) <= allowedEdits(r.w));
    // A word of one or two letters (too short for search_terms) is held when a word of some
    // product's text starts with it, as it must to match.
    const held = isShort(r.w) ? starts : r.known || near.length > 0;
    return { ...r, near, more: [], held };
  });
  return wordVariants(lookups, words);
}

const isShort = (w: string) => [...w].length < 3;

/**
 * The spellings a word is matched by: itself (a short word must start a word), for a typo the
 * catalog words it stands for, and its synonyms, stem and compounds.
 */
const spellings = (word: QueryWord): Spelling[] => [
  // A short word is always known (queryWords), so only a known word can be short.
  { text: word.w, start: isShort(word.w) },
  ...(word.known ? [] : word.near.map((text) => ({ text, start: false }))),
  ...word.more,
];

/**
 * The storefront's search engine: the words resolved and the products matched and ranked in
 * memory (search-index.ts), the database asked only for the page's rows.
 */
export function memorySearch(database: Db, shelves: Shelves): SearchEngine {
  return { search: (query) => searchIn(database, shelves, query) };
}

async function searchIn(db: Db, shelves: Shelves, query: SearchQuery): Promise<PagedProducts> {
  const { lang, page, text, range, facets: filter = {} } = query;
  const term = text.trim();
  // A price range alone names no category or company, so the listing is never null.
  if (term === '') return (await listProducts(db, shelves, lang, page, { ...range, ...filter })) ?? emptyPage;
  const index = await shelves.searchIndex();
  // Ranked once per query and price range, as far as its pages need; its further pages and
  // facet choices reuse the ranking.
  const { matches, partial } = await index.remember(
    JSON.stringify([term, range.startprice, range.finishprice]),
    async () =>
      rankedMatches(index, await queryWords(indexWords(index, term), indexLookups(index)), term, range),
  );
  // The matches are within the price range already (the ranking applies it). The facets count
  // every match, in any order; choices narrow them in rank order.
  const chosen = hasFacetChoice(filter);
  const narrowed =
    chosen || filter.withFacets
      ? shelves.narrow(shelves.products(chosen ? matches.all() : matches.members), {
          facet: filter.facet ?? [],
          inStock: filter.inStock === true,
          ...priceBounds(range),
          makers: true,
          counts: filter.withFacets === true,
          offset: 0,
          limit: Infinity,
        })
      : undefined;
  const start = (page.page - 1) * page.pageSize;
  const end = start + page.pageSize;
  const [ids, count] =
    narrowed && chosen
      ? [narrowed.ids.slice(start, end), narrowed.ids.length]
      : [matches.first(end).slice(start), matches.count];
  const facets = narrowed && filter.withFacets ? facetsOf(shelves.names, lang, narrowed, filter) : undefined;
  return {
    products: cardsOf(shelves, lang, ids),
    pagging: { pageCount: Math.ceil(count / page.pageSize), rawCount: count },
    ...(partial && { partial }),
    ...(facets && { facets }),
  };
}

/** A candidate, with which of the query's words it matches. */
interface Ranked {
  id: number;
  matches: boolean[];
}

/** `key`'s place in `places`, given the next one when it has none. */
function placeOf(places: Map<number, number>, key: number): number {
  let at = places.get(key);
  if (at === undefined) places.set(key, (at = places.size));
  return at;
}

/**
 * A query's candidates in the search index, the first MAX_CANDIDATES that match one of
 * `alternatives` in catalog order, and their ranking: per word, the best of its spellings'
 * word_similarity with the product's own name, its maker's (× 0.9) and its category's (× 0.8),
 * plus 1 when the name holds it as it is; ties by the whole query's similarity to the name,
 * then id. The ranking is worked out whole (`ranked`), or only its first places (`top`).
 */
class IndexRanking {
  readonly #index: SearchIndex;
  readonly #term: string;
  readonly #words: QueryWord[];
  /**
   * Per candidate, which of the words it matches; null with one alternative of every word, when
   * every candidate matches them all. (A ranking is kept with its query: it keeps no word's set.)
   */
  readonly #matched: boolean[][] | null;
  /** The candidates' positions in the index, and their entries. */
  readonly #found: number[] = [];
  readonly #entries: SearchEntry[];
  /** Each candidate's maker and category as their places in `#makerNames` and `#shelfNames`. */
  readonly #makerAt: Int32Array;
  readonly #shelfAt: Int32Array;
  readonly #makerNames: Int32Array[];
  readonly #shelfNames: Int32Array[];
  readonly #scores: Float64Array;

  constructor(
    index: SearchIndex,
    term: string,
    words: QueryWord[],
    alternatives: QueryWord[][],
    range: PriceRange,
  ) {
    this.#index = index;
    this.#term = term;
    this.#words = words;
    const sets = index.matches(
      words.map((word) => ({ spellings: spellings(word), nearWord: isShort(word.w) ? undefined : word.w })),
      NEAR_MATCH_SIMILARITY,
    );
    const needed = alternatives.map((a) => a.map((w) => sets[words.indexOf(w)]!));
    const blocks = index.blocks;
    const { minPrice = -Infinity, maxPrice = Infinity } = priceBounds(range);
    // Without bounds no entry is read to find the candidates: at 100,000 products the entries
    // are scattered objects, and most queries name no price.
    const anyPrice = minPrice === -Infinity && maxPrice === Infinity;
    const found = this.#found;
    // Index loops, not iterators: this runs N/32 times per query.
    for (let k = 0; k < blocks && found.length < MAX_CANDIDATES; k++) {
      let any = 0;
      for (let a = 0; a < needed.length; a++) {
        const alternative = needed[a]!;
        let all = -1;
        for (let j = 0; j < alternative.length && all !== 0; j++) all &= anyIn(alternative[j]!, k);
        any |= all;
      }
      while (any !== 0 && found.length < MAX_CANDIDATES) {
        const lowest = any & -any;
        any ^= lowest;
        const p = k * 32 + 31 - Math.clz32(lowest);
        if (anyPrice) found.push(p);
        else {
          const price = index.entries[p]!.price;
          if (price >= minPrice && price <= maxPrice) found.push(p);
        }
      }
    }
    this.#matched =
      needed.length === 1 && needed[0]!.length === words.length
        ? null
        : found.map((p) => sets.map((word) => word.some((set) => hasPosition(set, p))));
    const entries = found.map((p) => index.entries[p]!);
    this.#entries = entries;
    const makers = new Map<number, number>();
    const shelves = new Map<number, number>();
    this.#makerAt = new Int32Array(entries.length);
    this.#shelfAt = new Int32Array(entries.length);
    entries.forEach((e, i) => {
      this.#makerAt[i] = placeOf(makers, e.company);
      this.#shelfAt[i] = placeOf(shelves, e.category);
    });
    // Every trigram array before any similarity: making them may grow the index's scratch arrays.
    this.#makerNames = [...makers.keys()].map((id) => index.companyTrigrams(id));
    this.#shelfNames = [...shelves.keys()].map((id) => index.categoryTrigrams(id));
    this.#scores = new Float64Array(found.length);
  }

  get count(): number {
    return this.#found.length;
  }

  /** The ids of the candidates, in catalog order. */
  ids(): number[] {
    return this.#entries.map((e) => e.id);
  }

  /** The spellings of `word` that a name may hold whole, and its typo (scored last), if any. */
  #spellingsOf(word: QueryWord): { known: Spelling[]; typo: Spelling[] } {
    const typo = word.known ? [] : spellings(word).slice(0, 1);
    return { known: spellings(word).slice(typo.length), typo };
  }

  /** The scores of the candidates `which` (places in `found`), into `#scores`. */
  #score(which: readonly number[]): void {
    const index = this.#index;
    const entries = this.#entries;
    const scores = this.#scores;
    for (const i of which) scores[i] = 0;
    const best = new Float64Array(entries.length);
    for (const word of this.#words) {
      for (const i of which) best[i] = -Infinity;
      // A name holding a spelling as whole words scores TOP_SCORE for the word, the most any
      // spelling can: only the other candidates are worked out, and only while some are below
      // it. A typo, which no catalog word contains, comes last: its corrections usually settle
      // every candidate first.
      const { known, typo } = this.#spellingsOf(word);
      for (const s of [...known, ...typo]) {
        const open: number[] = [];
        for (const i of which) {
          if (best[i] === TOP_SCORE) continue;
          if (s !== typo[0] && holdsWhole(entries[i]!.name, s.text)) best[i] = TOP_SCORE;
          else open.push(i);
        }
        if (open.length === 0) continue;
        const own = index.nameSimilarities(
          s.text,
          open.map((i) => this.#found[i]!),
        );
        const maker = index.similarities(s.text, this.#makerNames);
        const shelf = index.similarities(s.text, this.#shelfNames);
        open.forEach((i, k) => {
          const v =
            Math.max(own[k]!, 0.9 * maker[this.#makerAt[i]!]!, 0.8 * shelf[this.#shelfAt[i]!]!) +
            (entries[i]!.name.includes(s.text) ? 1 : 0);
          if (v > best[i]!) best[i] = v;
        });
      }
      for (const i of which) scores[i] = scores[i]! + best[i]!;
    }
  }

  /**
   * Candidates of one score (places in `found`) in the order their ties are broken: by the whole
   * query's similarity to the name, then id, as in SQL. A name holding the whole query as whole
   * words has the highest similarity, without counting.
   */
  #breakTies(tied: number[]): number[] {
    const whole = arNorm(this.#term);
    const tie = new Map<number, number>();
    const open = tied.filter((i) => {
      if (!holdsWhole(this.#entries[i]!.name, whole)) return true;
      tie.set(i, 1);
      return false;
    });
    const worked = this.#index.nameSimilarities(
      whole,
      open.map((i) => this.#found[i]!),
    );
    open.forEach((i, k) => tie.set(i, worked[k]!));
    const id = (i: number) => this.#entries[i]!.id;
    return tied.sort((a, b) => tie.get(b)! - tie.get(a)! || id(a) - id(b));
  }

  /** Every candidate, best first, each with which of the query's words it matches. */
  ranked(): Ranked[] {
    const all = this.#found.map((_, i) => i);
    this.#score(all);
    const scores = this.#scores;
    const id = (i: number) => this.#entries[i]!.id;
    all.sort((a, b) => scores[b]! - scores[a]! || id(a) - id(b));
    // Ties are worked out only where scores are equal: the whole query's trigrams against a name
    // cost more than a word's.
    const order: number[] = [];
    for (let from = 0; from < all.length;) {
      let to = from + 1;
      while (to < all.length && scores[all[to]!] === scores[all[from]!]) to++;
      order.push(...(to - from > 1 ? this.#breakTies(all.slice(from, to)) : [all[from]!]));
      from = to;
    }
    return order.map((i) => ({ id: id(i), matches: this.#matched?.[i] ?? this.#words.map(() => true) }));
  }

  /**
   * The first places of the ranking, found without scoring every candidate: the candidates
   * with the highest score a query can give (TOP_SCORE for each word), in order. A name holding
   * a spelling of every word whole has it. So may one that holds a spelling of every word, not
   * whole: those are scored. Any other has some word none of whose spellings its name holds,
   * which then scores at most 1, so it ranks after all of these. Null when no candidate has
   * that score.
   */
  top(): number[] | null {
    const entries = this.#entries;
    const most = TOP_SCORE * this.#words.length;
    const byWord = this.#words.map((word) => this.#spellingsOf(word));
    const top: number[] = [];
    const maybe: number[] = [];
    for (let i = 0; i < entries.length; i++) {
      const name = entries[i]!.name;
      if (byWord.every(({ known }) => known.some((s) => holdsWhole(name, s.text)))) top.push(i);
      else if (byWord.every(({ known, typo }) => [...known, ...typo].some((s) => name.includes(s.text))))
        maybe.push(i);
    }
    this.#score(maybe);
    for (const i of maybe) if (this.#scores[i] === most) top.push(i);
    if (top.length === 0) return null;
    return this.#breakTies(top).map((i) => entries[i]!.id);
  }
}

/**
 * A query's matches, ranked as far as the pages asked for need: the ranking's first places
 * (`IndexRanking.top`) answer the first pages, and the whole order is worked out when a page
 * beyond them, or facet choices that narrow the matches in rank order, first need it.
 */
class Matches {
  /** The matches' ids, in any order: enough for their count and facets. */
  readonly members: readonly number[];
  #top: number[] | null | undefined;
  #all: number[] | undefined;
  /** The ranking's work, let go once the whole order is known. */
  #ranking: IndexRanking | undefined;

  constructor(ranking: IndexRanking);
  constructor(ranked: number[]);
  constructor(from: IndexRanking | number[]) {
    if (Array.isArray(from)) {
      this.members = from;
      this.#all = from;
    } else {
      this.#ranking = from;
      this.members = from.ids();
    }
  }

  get count(): number {
    return this.members.length;
  }

  /** The first `n` ids, best first. */
  first(n: number): number[] {
    const wanted = Math.min(n, this.count);
    if (!this.#all && this.#ranking) {
      if (this.#top === undefined) this.#top = this.#ranking.top();
      if (this.#top && wanted <= this.#top.length) return this.#top.slice(0, wanted);
    }
    return this.all().slice(0, wanted);
  }

  /** Every id, best first. */
  all(): number[] {
    if (!this.#all) {
      this.#all = this.#ranking!.ranked().map((r) => r.id);
      this.#ranking = undefined;
      this.#top = undefined;
    }
    return this.#all;
  }
}

/**
 * The ids of the products of `index` matching every word of `term`, best first (at most
 * MAX_CANDIDATES), without partial matches: the back office's search (staff-search.ts).
 */
export async function rankedIn(index: SearchIndex, term: string): Promise<number[]> {
  const words = await queryWords(indexWords(index, term), indexLookups(index));
  // A query of diacritics or punctuation alone matches nothing rather than everything.
  if (words.length === 0) return [];
  return new IndexRanking(index, term, words, [words], {}).ranked().map((r) => r.id);
}

/** Which words of the shopper's query a partial answer used, as typed. */
export interface PartialMatch {
  matched: string[];
}

/**
 * The storefront's search: the products matching every word, best first; when none does, the
 * best partial matches (`partialMatch`) and the words they match.
 */
async function rankedMatches(
  index: SearchIndex,
  words: QueryWord[],
  term: string,
  range: PriceRange,
): Promise<{ matches: Matches; partial?: PartialMatch }> {
  if (words.length === 0) return { matches: new Matches([]) };
  const ranking = new IndexRanking(index, term, words, [words], range);
  if (ranking.count > 0) return { matches: new Matches(ranking) };
  const partial = partialMatch(index, term, words, range);
  return partial
    ? { matches: new Matches(partial.ids), partial: partial.partial }
    : { matches: new Matches([]) };
}

/**
 * Whether these words alone name something to show: a word of three letters or more that is not
 * a number. A number or a stray letter ("1 UNION SELECT …" keeping only "1") names nothing.
 */
const namesSomething = (words: QueryWord[]) => words.some((x) => !isShort(x.w) && !/^[0-9]+$/.test(x.w));

/**
 * When no product holds every word: first the words the catalog holds in some spelling, all of
 * them (a word it holds nowhere, "موبايل" in a shop that writes جوال with no synonym, is left
 * out); then, for three words or more, all but one, the best product deciding which one is left
 * out and only products matching the same words kept, so the answer says which words it used.
 * Two words the catalog holds that no product holds together ("samsung headset") answer nothing:
 * either could be the one the shopper meant; so do kept words that name nothing.
 */
function partialMatch(
  index: SearchIndex,
  term: string,
  words: QueryWord[],
  range: PriceRange,
): { ids: number[]; partial: PartialMatch } | null {
  const held = words.filter((x) => x.held);
  const ranked = (alternatives: QueryWord[][]) =>
    new IndexRanking(index, term, held, alternatives, range).ranked();
  if (!namesSomething(held)) return null;
  const answer = (ids: number[], used: QueryWord[]) =>
    namesSomething(used) ? { ids, partial: { matched: used.map((x) => x.typed) } } : null;
  if (held.length < words.length) {
    const found = ranked([held]);
    if (found.length > 0)
      return answer(
        found.map((r) => r.id),
        held,
      );
  }
  if (held.length < 3) return null;
  const found = ranked(held.map((_, i) => held.filter((_x, j) => j !== i)));
  const best = found[0];
  if (!best) return null;
  const same = (m: boolean[]) => m.every((v, i) => v === best.matches[i]);
  return answer(
    found.filter((r) => same(r.matches)).map((r) => r.id),
    held.filter((_, i) => best.matches[i]),
  );
}

/** Products matching every word of `productName`, best matches first. */
export function searchProducts(
  db: Db,
  shelves: Shelves,
  lang: Lang,
  page: Page,
  productName: string,
  range: PriceRange,
  facets?: SearchQuery['facets'],
): Promise<PagedProducts> {
  return memorySearch(db, shelves).search({ lang, page, text: productName, range, facets });
}
