import type { ReactNode } from 'react';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

export interface Breadcrumb {
  label: string;
  /** The Arabic path; omitted for the current page (the last crumb). */
  to?: string;
}

/**
 * The frame of every back-office page: its title (also the document's), breadcrumbs, the
 * page's main actions (buttons or links at the title's end) and the content.
 */
export function DashboardPage({
  title,
  breadcrumbs = [],
  actions,
  children,
}: {
  title: string;
  breadcrumbs?: Breadcrumb[];
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex flex-col gap-6">
      <title>{`${title} · ${t('backOffice')}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className="flex flex-col gap-2">
        {breadcrumbs.length > 0 && (
          <nav aria-label={t('breadcrumbs')}>
            <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
              {breadcrumbs.map((crumb, index) => (
                <li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
                  {index > 0 && <span aria-hidden="true">/</span>}
                  {crumb.to ? (
                    <ShopLink to={crumb.to} className="hover:text-primary hover:underline">
                      {crumb.label}
                    </ShopLink>
                  ) : (
                    <span aria-current="page">{crumb.label}</span>
                  )}
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{title}</h1>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      </div>
      {children}
    </div>
  );
}
