import { listingSorts } from '@shop/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { listingSearch, type ListingParams } from '../listing-params.ts';

/**
 * The listing's order as two links (the catalog's, the best rated first), keeping the filters
 * and starting again at page 1: works without JavaScript and is shareable.
 */
export function ListingSortLinks({ params }: { params: ListingParams }) {
  const { t } = useTranslation('catalog');
  return (
    <nav aria-label={t('listing.sortBy')} className="flex flex-wrap items-center gap-2">
      {listingSorts.map((sort) => {
        const current = (params.sort ?? 'default') === sort;
        return (
          <Link
            key={sort}
            to={listingSearch({ ...params, page: 1, sort: sort === 'rating' ? 'rating' : undefined }) || '?'}
            aria-current={current ? 'true' : undefined}
            className={`inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold ${current ? 'border-primary bg-primary text-primary-ink' : 'border-line bg-white hover:bg-surface'}`}
          >
            {t(`listing.sorts.${sort}`)}
          </Link>
        );
      })}
    </nav>
  );
}
