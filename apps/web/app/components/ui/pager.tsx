import { Link, useLocation } from 'react-router';
import type { Namespace } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { Icon } from './icon.tsx';
import { pagerItems } from './pager-items.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const cell =
  'inline-flex size-10 items-center justify-center rounded-full text-sm font-semibold transition-colors';

/**
 * Page links that keep the rest of the URL (filters, search), so pages are shareable. `ns` is
 * the namespace holding the `pager.*` words (the back office has its own).
 */
export function Pager({
  page,
  pageCount,
  ns = 'common',
  className = 'mt-8 flex justify-center',
}: {
  page: number;
  pageCount: number;
  ns?: Namespace;
  className?: string;
}) {
  const { t } = useTranslation(ns);
  const { lang } = useLang();
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(search);
    if (n > 1) params.set('page', String(n));
    else params.delete('page');
    const text = params.toString();
    return text ? `?${text}` : '?';
  };
  const step = (n: number, label: string, icon: 'chevronStart' | 'chevronEnd', enabled: boolean) =>
    enabled ? (
      <Link to={hrefFor(n)} aria-label={label} className={`${cell} border border-line hover:border-primary`}>
        <Icon name={icon} className="size-5 rtl:-scale-x-100" />
      </Link>
    ) : (
      <span aria-hidden="true" className={`${cell} border border-line opacity-40`}>
        <Icon name={icon} className="size-5 rtl:-scale-x-100" />
      </span>
    );
  return (
    <nav aria-label={t('pager.label')} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{step(page - 1, t('pager.previous'), 'chevronStart', page > 1)}</li>
        {pagerItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={t('pager.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                className={`${cell} ${item === page ? 'bg-primary text-primary-ink' : 'hover:bg-surface'}`}
              >
                {formatNumber(item, lang)}
              </Link>
            </li>
          ),
        )}
        <li>{step(page + 1, t('pager.next'), 'chevronEnd', page < pageCount)}</li>
      </ul>
    </nav>
  );
}
