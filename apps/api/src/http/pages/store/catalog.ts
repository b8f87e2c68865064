import { pagingParams, productSearchBody, type PagedProducts, type StoreCatalog } from '@shop/contract';
import { AppError, queryCancelled } from '../../../lib/errors.ts';
import type { StorePageContext } from '../store-data.ts';

/**
 * A read the shop is too busy for (its admission gate is full, or the database gave up on it)
 * becomes the page's own 503 with Retry-After: a Response thrown from a loader is React
 * Router's way to answer with a status, and the page shows "busy, try again" in its language.
 */
async function unlessBusy<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    const retryAfter =
      error instanceof AppError && error.status === 503
        ? (error.headers?.['retry-after'] ?? '1')
        : queryCancelled(error)
          ? '1'
          : undefined;
    if (retryAfter === undefined) throw error;
    throw new Response(null, { status: 503, headers: { 'Retry-After': retryAfter } });
  }
}

/** The page and size as the API's routes check them (a size over the maximum is refused). */
const paging = (pageSize: number, page: number) =>
  pagingParams.parse({ pageSize: String(pageSize), page: String(page) });

const noResults: PagedProducts = { products: [], pagging: { pageCount: 0, rawCount: 0 } };

/** The catalog pages: the public catalog's reads (the API's catalog routes answer the same). */
export function catalogPages({ app, lang, signal, isStaff }: StorePageContext): StoreCatalog {
  return {
    categories: () => app.catalog.categories(lang),
    companies: () => app.catalog.companies(lang),
    featuredProducts: () => app.catalog.featured(lang),
    newProducts: () => app.catalog.newest(lang),
    offerProducts: () => app.catalog.offers(lang),
    // A hidden product's page is a 404 to shoppers; signed-in staff see it, to preview it.
    product: async (id) =>
      (await isStaff()) ? app.catalog.preview(id, lang) : app.catalog.product(id, lang),
    relatedProducts: async (id) => (await app.catalog.related(id, lang)) ?? [],
    compare: (ids) => app.catalog.compare(ids, lang),
    productsPage: ({ pageSize, page, ...filters }) =>
      unlessBusy(app.catalog.listing(lang, paging(pageSize, page), { ...filters, withFacets: true }, signal)),
    searchProducts: ({ pageSize, page, text, ...filters }) => {
      // The API refuses a query it cannot read with a 400; a page shows no results instead.
      const body = productSearchBody.safeParse({ productName: text });
      if (!body.success) return Promise.resolve(noResults);
      return unlessBusy(
        app.catalog.search(
          lang,
          paging(pageSize, page),
          body.data.productName,
          { ...filters, withFacets: true },
          signal,
        ),
      );
    },
  };
}
