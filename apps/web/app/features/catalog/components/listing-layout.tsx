import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';

/**
 * A listing's heading, results count (pagging.rawCount), filters, then the grid and pager; with
 * an `aside` (the filter panel), that goes beside them from 1024 px and above them below.
 */
export function ListingLayout({
  title,
  count,
  filters,
  aside,
  children,
}: {
  title: string;
  count?: number;
  filters?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const { lang } = useLang();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          {count !== undefined && (
            <p className="mt-1 text-sm text-muted" role="status">
              {t('products.results', { count, formatted: formatNumber(count, lang) })}
            </p>
          )}
        </div>
        {filters && <div className="flex flex-wrap items-center gap-2">{filters}</div>}
      </div>
      {aside ? (
        <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
          <aside aria-label={t('facets.title')}>{aside}</aside>
          <div className="min-w-0">{children}</div>
        </div>
      ) : (
        children
      )}
    </div>
  );
}
