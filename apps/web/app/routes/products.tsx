import { pageSizes } from '@shop/contract/constants';
import { useTranslation } from '../lib/use-translation.ts';
import { useLocation } from 'react-router';
import type { Route } from './+types/products';
import { Pager } from '../components/ui/pager.tsx';
import { ListingLayout } from '../features/catalog/components/listing-layout.tsx';
import { ChosenFilters, FilterPanel } from '../features/catalog/components/filter-panel.tsx';
import { PartialSearchNote } from '../features/catalog/components/partial-search-note.tsx';
import { PriceFilter } from '../features/catalog/components/price-filter.tsx';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';
import { listingSearch, parseListingParams } from '../features/catalog/listing-params.ts';
import { ListingSortLinks } from '../features/catalog/components/listing-sort.tsx';
import { isNarrowed } from '../features/catalog/listing.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { sameForEveryShopper } from '../lib/shared-page.ts';

/** All products with a pager, and the search results when `?q=` is set. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const store = context.storeData(lang);
  const params = parseListingParams(new URL(request.url).searchParams);
  const filters = {
    startprice: params.startprice,
    finishprice: params.finishprice,
    facet: params.facet,
    inStock: params.inStock,
  };
  const [t, page] = await Promise.all([
    serverT(lang),
    params.q
      ? store.searchProducts({ pageSize: pageSizes.search, page: params.page, text: params.q, ...filters })
      : store.productsPage({ pageSize: pageSizes.search, page: params.page, ...filters, sort: params.sort }),
  ]);
  // Without a category or company filter there is always a page (maybe empty).
  if (!page) throw new Error('The product listing answered nothing.');
  const title = params.q ? t('catalog:products.searchTitle', { q: params.q }) : t('catalog:products.title');
  return {
    seo: {
      title,
      description: t('catalog:products.description'),
      path: `/products${listingSearch({ page: params.q ? undefined : params.page })}`,
      // Search result pages are endless variations: keep them out of the index.
      noindex: Boolean(params.q) || isNarrowed(params),
    },
    title,
    params,
    products: page.products,
    paging: page.pagging,
    facets: page.facets ?? null,
    // No product matched every word: which words the results match.
    partial: page.partial ?? null,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** The same page for every shopper but its header's corners. */
export const handle = sameForEveryShopper;

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const { pathname, search } = useLocation();
  const { params, products, paging, facets, partial } = loaderData;
  return (
    <ListingLayout
      title={loaderData.title}
      count={paging.rawCount}
      filters={
        <>
          {!params.q && <ListingSortLinks params={params} />}
          <PriceFilter key={`${pathname}${search}`} products={products} applied={params} />
        </>
      }
      aside={facets && <FilterPanel facets={facets} params={params} />}
    >
      {facets && <ChosenFilters facets={facets} params={params} />}
      {partial && <PartialSearchNote matched={partial.matched} />}
      <ProductGrid products={products} headingLevel={2} />
      <Pager page={params.page} pageCount={paging.pageCount} />
      <p className="sr-only">{t('products.description')}</p>
    </ListingLayout>
  );
}
