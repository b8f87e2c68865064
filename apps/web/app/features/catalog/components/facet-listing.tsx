import type { Facets, Paging, Product } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'react-router';
import { Pager } from '../../../components/ui/pager.tsx';
import type { ListingParams } from '../listing-params.ts';
import { FacetDropdown } from './facet-dropdown.tsx';
import { ChosenFilters, FilterPanel } from './filter-panel.tsx';
import type { Facet } from './facet-label.tsx';
import { ListingLayout } from './listing-layout.tsx';
import { ListingSortLinks } from './listing-sort.tsx';
import { PriceFilter } from './price-filter.tsx';
import { ProductGrid } from './product-grid.tsx';

/** The category and company screens (docs/requirements/screens.md, Product lists). */
export function FacetListing({
  kind,
  id,
  title,
  facets,
  params,
  products,
  paging,
  filters,
}: {
  kind: 'category' | 'company';
  id: number;
  title: string;
  facets: Facet[];
  params: ListingParams;
  products: Product[];
  paging: Paging;
  /** The shelf's facet counts, for the filter panel. */
  filters: Facets | null;
}) {
  const { t } = useTranslation('catalog');
  const { pathname, search } = useLocation();
  return (
    <ListingLayout
      title={title}
      count={paging.rawCount}
      filters={
        <>
          <FacetDropdown
            label={kind === 'category' ? t('filter.category') : t('filter.brand')}
            current={id}
            facets={facets}
          />
          <ListingSortLinks params={params} />
          {/* Keyed by the URL: a new list starts the filter from its own prices. */}
          <PriceFilter key={`${pathname}${search}`} products={products} applied={params} />
        </>
      }
      aside={filters && <FilterPanel facets={filters} params={params} />}
    >
      {filters && <ChosenFilters facets={filters} params={params} />}
      <ProductGrid products={products} headingLevel={2} />
      <Pager page={params.page} pageCount={paging.pageCount} />
    </ListingLayout>
  );
}
