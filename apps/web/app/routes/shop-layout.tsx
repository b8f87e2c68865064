import { useTranslation } from '../lib/use-translation.ts';
import { isRouteErrorResponse, Outlet } from 'react-router';
import type { Route } from './+types/shop-layout';
import { ErrorPage } from '../components/ui/error-page.tsx';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { ProgressBar } from '../features/shell/components/progress-bar.tsx';
import { SiteFooter } from '../features/shell/components/site-footer.tsx';
import { SiteHeader } from '../features/shell/components/site-header.tsx';
import { TopBar } from '../features/shell/components/top-bar.tsx';
import { useRootData } from '../lib/root-data.ts';
import { useShopper } from '../lib/shopper.ts';
import { useLang } from '../lib/use-lang.ts';
import type { ReactNode } from 'react';

/** The shop chrome around every page: top bar, header, footer, toasts, navigation progress. */
function Chrome({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const root = useRootData();
  const shopper = useShopper();
  if (!root) return <main id="main">{children}</main>;
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary px-4 py-2 text-primary-ink focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50"
      >
        {t('skipToContent')}
      </a>
      <ProgressBar />
      <TopBar settings={root.settings} />
      <SiteHeader shopName={root.settings.sellerName} shopper={shopper} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter settings={root.settings} categories={root.popularCategories} />
      <ToastHost lang={lang} />
    </>
  );
}

export default function ShopLayout() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

/** A page that failed (a missing product, a crash) keeps the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const { localize } = useLang();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Chrome>
      <title>{status === 404 ? t('notFound.title') : t('error.title')}</title>
      <meta name="robots" content="noindex" />
      <div className="mx-auto max-w-3xl px-4">
        <ErrorPage status={status} homeHref={localize('/')} />
      </div>
    </Chrome>
  );
}
