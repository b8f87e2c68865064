import type {
  Category,
  Comparison,
  Company,
  Lang,
  PagedProducts,
  Product,
  ProductDetails,
} from '@shop/contract';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.ts';
import { AdmissionGate } from '../lib/admission.ts';
import { ClientGoneError } from '../lib/errors.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import type { FacetFilter } from '../modules/catalog/facets.ts';
import type { ListingIndex, Shelves } from '../modules/catalog/listing-index.ts';
import { searchProducts } from '../modules/catalog/search.ts';
import {
  compareProducts,
  featuredProducts,
  listCategories,
  listCompanies,
  listProducts,
  newestProducts,
  offerProducts,
  productDetails,
  relatedProducts,
  type Page,
  type PriceRange,
  type ProductFilters,
} from '../modules/catalog/service.ts';
import type { PromotionBoard } from '../modules/discounts/promotion-board.ts';
import type { Promotion } from '../modules/discounts/promotions.ts';
import { promoteDetails, promoteProducts } from './promotions.ts';
import { readRatings, withRatings } from './ratings.ts';

/**
 * The catalog as every visitor sees it, for the API's routes and the storefront's pages alike:
 * one read per question, kept in the shop's read cache until the change bus says the products
 * it shows changed, so a busy hour of the same listing, product or search costs one query.
 *
 * Reads that miss the cache and cost the most — search and paged listings — pass an admission
 * gate each, so a burst of one kind is answered 503 quickly (the pages show "busy, try again")
 * and leaves the event loop to the rest of the shop. A read whose every waiting client went away
 * leaves the queue. Both are answered from the shelves in memory (decision 203) and send no
 * statement, but for a category or maker the shelves do not know.
 *
 * Answers are cached at shelf prices and priced with the automatic promotions running at the
 * moment of each request on their way out (decision 228): a promotion starting or ending never
 * empties the cache, and the API's prices change on the second.
 */
export interface PublicCatalog {
  /** The gates that bound searches and listings running at once (their figures are metrics). */
  readonly gates: readonly AdmissionGate[];
  categories(lang: Lang): Promise<Category[]>;
  companies(lang: Lang): Promise<Company[]>;
  featured(lang: Lang): Promise<Product[]>;
  newest(lang: Lang): Promise<Product[]>;
  offers(lang: Lang): Promise<Product[]>;
  /** A visible product; null for a hidden or missing one. */
  product(id: number, lang: Lang): Promise<ProductDetails | null>;
  /** A product hidden or not, read as it is now (signed-in staff preview a hidden product's page). */
  preview(id: number, lang: Lang): Promise<ProductDetails | null>;
  /** Products of one category side by side (at most four, in the order asked). */
  compare(ids: number[], lang: Lang): Promise<Comparison>;
  /** Null when there is no such product. */
  related(id: number, lang: Lang): Promise<Product[] | null>;
  /** Null when the category or company asked for does not exist. */
  listing(
    lang: Lang,
    page: Page,
    filters: ProductFilters,
    signal?: AbortSignal,
  ): Promise<PagedProducts | null>;
  search(
    lang: Lang,
    page: Page,
    text: string,
    range: PriceRange & SearchFacets,
    signal?: AbortSignal,
  ): Promise<PagedProducts>;
}

/** Facet choices of a search, and whether its answer carries its facets. */
export type SearchFacets = FacetFilter & { withFacets?: boolean | undefined };

/** The facet part of a read's cache key: the same choices in any order are one answer. */
const facetCacheKey = (f: SearchFacets) => [
  [...(f.facet ?? [])].sort(),
  f.inStock === true,
  f.withFacets === true,
];

/** Requests waiting at one gate at most, whatever their pace. */
const LINE_AT_MOST = 1_000;

export function publicCatalog(
  database: Database,
  cache: ReadCache,
  shelves: ListingIndex,
  poolSize: number,
  promotions: PromotionBoard,
): PublicCatalog {
  const db = database.db;
  /** A read's answer priced with the promotions running now. */
  const promoted = async <T>(
    read: Promise<T>,
    apply: (list: readonly Promotion[], answer: T, lang: Lang, now: Date) => T,
    lang: Lang,
  ): Promise<T> => {
    const [answer, list] = await Promise.all([read, promotions.current()]);
    return apply(list, answer, lang, new Date());
  };
  const products = (list: readonly Promotion[], answer: Product[], lang: Lang, now: Date) =>
    promoteProducts(list, answer, lang, now);
  const paged = <P extends PagedProducts | null>(
    list: readonly Promotion[],
    answer: P,
    lang: Lang,
    now: Date,
  ): P => (answer && { ...answer, products: promoteProducts(list, answer.products, lang, now) }) as P;
  const details = (list: readonly Promotion[], answer: ProductDetails | null, lang: Lang, now: Date) =>
    answer && promoteDetails(list, answer, lang, now);
  // The embedded database runs one statement at a time, so more than a few at once only queue.
  const connections = database.kind === 'postgres' ? poolSize : 4;
  // The lines may be long: a request is refused when the line ahead of it would take longer
  // than maxWaitMs at the pace of the last requests, not at a count (admission.ts); the count
  // only bounds the memory of a flood.
  const searchGate = new AdmissionGate({
    name: 'search',
    // A search is worked out in memory, its page's cards too, as a listing is (decision 203):
    // neither holds a connection, so the gates bound only the work waiting at once.
    concurrency: Math.max(1, connections - 1),
    queue: LINE_AT_MOST,
    maxWaitMs: 2000,
  });
  const listingGate = new AdmissionGate({
    name: 'listing',
    concurrency: Math.max(1, connections - 1),
    queue: LINE_AT_MOST,
    maxWaitMs: 2000,
  });
  const list = (name: string, lang: Lang, read: () => Promise<Product[]>) =>
    promoted(
      cache.get('catalog', `${name}:${lang}`, async () => readRatings(db, await read()), {
        showsProducts: true,
      }),
      products,
      lang,
    );

  return {
    gates: [searchGate, listingGate],
    categories: (lang) => cache.get('catalog', `categories:${lang}`, () => listCategories(db, lang)),
    companies: (lang) => cache.get('catalog', `companies:${lang}`, () => listCompanies(db, lang)),
    featured: (lang) => list('featured', lang, () => featuredProducts(db, lang)),
    newest: (lang) => list('newest', lang, () => newestProducts(db, lang)),
    offers: (lang) => list('offers', lang, () => offerProducts(db, lang)),
    product: (id, lang) =>
      promoted(
        cache.get('catalog', `product:${id}:${lang}`, () => productDetails(db, id, lang), {
          showsProducts: true,
          productIds: [id],
        }),
        details,
        lang,
      ),
    preview: (id, lang) => promoted(productDetails(db, id, lang, { includeHidden: true }), details, lang),
    compare: (ids, lang) =>
      cache.get('catalog', `compare:${ids.join(',')}:${lang}`, () => compareProducts(db, ids, lang), {
        showsProducts: true,
        productIds: ids,
      }),
    related: (id, lang) =>
      promoted(
        cache.get(
          'catalog',
          `related:${id}:${lang}`,
          async () => {
            const related = await relatedProducts(db, id, lang);
            return related && readRatings(db, related);
          },
          { showsProducts: true },
        ),
        (l, answer, lng, now) => answer && promoteProducts(l, answer, lng, now),
        lang,
      ),
    listing: (lang, paging, filters, signal) => promoted(listing(lang, paging, filters, signal), paged, lang),
    search: (lang, paging, text, range, signal) =>
      promoted(search(lang, paging, text, range, signal), paged, lang),
  };

  function listing(lang: Lang, page: Page, filters: ProductFilters, signal?: AbortSignal) {
    return cache.get(
      'catalog',
      `listing:${lang}:${JSON.stringify([page.pageSize, page.page, filters.categoryId, filters.companyId, filters.startprice, filters.finishprice, filters.sort ?? 'catalog', ...facetCacheKey(filters)])}`,
      (cancel) =>
        listingGate.run(async () => {
          const current = await shelves.ready();
          // The page and its cards come from the shelves (decision 203): no connection is held
          // for it; the database is asked only about a category or maker they do not know.
          const answer = await listProducts(db, current, lang, page, filters);
          return answer && rated(answer, current);
        }, cancel),
      { showsProducts: true, signal },
    );
  }

  function search(
    lang: Lang,
    page: Page,
    text: string,
    range: PriceRange & SearchFacets,
    signal?: AbortSignal,
  ) {
    return cache.get(
      'catalog',
      `search:${lang}:${JSON.stringify([page.pageSize, page.page, range.startprice, range.finishprice, text.trim(), ...facetCacheKey(range)])}`,
      (cancel) =>
        searchGate.run(async () => {
          const current = await shelves.ready();
          // Worked out in memory, as a listing is (decision 203).
          const answer = await searchProducts(db, current, lang, page, text, range, {
            facet: range.facet,
            inStock: range.inStock,
            withFacets: range.withFacets,
          });
          return rated(answer, current);
        }, cancel),
      { showsProducts: true, signal },
    );
  }
}

/** A page of cards with their ratings, from the shelves in memory they were chosen from. */
function rated<P extends PagedProducts>(answer: P, current: Shelves): P {
  return { ...answer, products: withRatings(answer.products, (id) => current.ratingOf(id)) };
}

/** Aborts when the client goes away before its answer is sent. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new ClientGoneError());
  });
  return controller.signal;
}
