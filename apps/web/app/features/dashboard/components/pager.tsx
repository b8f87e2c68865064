import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { pagerItems } from '../../../components/ui/pager-items.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const cell =
  'inline-flex size-10 items-center justify-center rounded-full text-sm font-semibold transition-colors';

/**
 * A list's page links (`?page=`, the rest of the query kept) and where the shown rows sit in
 * the whole ("26–50 of 130"). Shown even for one page, for the count.
 */
export function Pager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation('dashboard');
  const { lang } = useLang();
  const { search } = useLocation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(search);
    if (n > 1) params.set('page', String(n));
    else params.delete('page');
    const text = params.toString();
    return text ? `?${text}` : '?';
  };
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
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
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        {t('pager.showing', {
          from: formatNumber(from, lang),
          to: formatNumber(to, lang),
          total: formatNumber(total, lang),
        })}
      </p>
      {pageCount > 1 && (
        <nav aria-label={t('pager.label')}>
          <ul className="flex flex-wrap items-center gap-1">
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
      )}
    </div>
  );
}
