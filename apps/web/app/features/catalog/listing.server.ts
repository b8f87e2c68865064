import { idParam, pageSizes } from '@shop/contract';
import { data, type AppLoadContext } from 'react-router';
import { serverT } from '../../lib/i18n.server.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { listingSearch, parseListingParams, type ListingParams } from './listing-params.ts';
import type { Facet } from './components/facet-label.tsx';

/** A path id as the API's paths read one (digits, within what the database holds), else the page does not exist. */
export function parseId(value: string | undefined): number {
  const parsed = idParam.safeParse(value);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/** The category (`categoryId`) or company (`companyId`) screen, 8 products a page. */
export async function loadFacetListing(
  kind: 'category' | 'company',
  rawId: string | undefined,
  request: Request,
  context: AppLoadContext,
) {
  const id = parseId(rawId);
  const lang = requestLang(request);
  const store = context.storeData(lang);
  const params = parseListingParams(new URL(request.url).searchParams);
  const filter = kind === 'category' ? { categoryId: id } : { companyId: id };
  const [t, facetList, page] = await Promise.all([
    serverT(lang),
    kind === 'category'
      ? store.categories().then((list) =>
          list.map<Facet>((c) => ({
            id: c.categoryId,
            name: c.categoryName,
            image: c.categoryImage,
            to: `/products/category/${c.categoryId}`,
          })),
        )
      : store.companies().then((list) =>
          list.map<Facet>((c) => ({
            id: c.companyId,
            name: c.companyName,
            image: c.companyImage,
            to: `/products/company/${c.companyId}`,
          })),
        ),
    store.productsPage({
      pageSize: kind === 'category' ? pageSizes.category : pageSizes.company,
      page: params.page,
      ...filter,
      startprice: params.startprice,
      finishprice: params.finishprice,
      facet: params.facet,
      inStock: params.inStock,
      sort: params.sort,
    }),
  ]);
  const current = facetList.find((facet) => facet.id === id);
  if (!current || !page) throw data(null, { status: 404 });
  const title =
    kind === 'category'
      ? t('catalog:listing.categoryTitle', { name: current.name })
      : t('catalog:listing.companyTitle', { name: current.name });
  const description =
    kind === 'category'
      ? t('catalog:listing.categoryDescription', { name: current.name })
      : t('catalog:listing.companyDescription', { name: current.name });
  return {
    seo: {
      title,
      description,
      path: `${current.to}${listingSearch({ page: params.page })}`,
      image: current.image,
      // A narrowed shelf is one of endless variations of the same products.
      noindex: isNarrowed(params),
    },
    kind,
    id,
    title,
    facets: facetList,
    params,
    products: page.products,
    paging: page.pagging,
    filters: page.facets ?? null,
  };
}

/** Whether the shopper narrowed the listing by price, a facet or stock. */
export const isNarrowed = (params: ListingParams) =>
  params.startprice !== undefined ||
  params.finishprice !== undefined ||
  params.facet.length > 0 ||
  params.inStock;
