import type { StaffMe } from '@shop/contract';
import type { ReactNode } from 'react';
import { data, isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/dashboard-layout';
import { ProgressBar } from '../features/shell/components/progress-bar.tsx';
import { PageNotice } from '../components/ui/page-notice.tsx';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { DashboardError } from '../features/dashboard/components/dashboard-error.tsx';
import { DashboardHeader, NAV_DRAWER_ID } from '../features/dashboard/components/dashboard-header.tsx';
import { DashboardNavLinks } from '../features/dashboard/components/dashboard-nav.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { takeNotice } from '../lib/notice.server.ts';
import { useRootData } from '../lib/root-data.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** The id this layout's loader data is read under (by its error boundary and by pages). */
export const DASHBOARD_LAYOUT_ID = 'dashboard-layout';

/**
 * Every guarded back-office page sits in this layout: its loader is the page guard (no member:
 * the sign-in page, coming back here afterwards; a staff member on an owner's page: 403).
 */
export async function loader(args: Route.LoaderArgs) {
  const { me } = await requireMember(args);
  // The message of a form posted without JavaScript, for the page it came back to.
  const pending = takeNotice(args.request);
  return data({ me, notice: pending.notice }, { headers: pending.headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The header, the navigation (a sidebar, a drawer on narrow screens), toasts, the page. */
function Chrome({ me, children }: { me: StaffMe | undefined; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const { lang } = useLang();
  const root = useRootData();
  return (
    <div className="min-h-screen bg-surface">
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary px-4 py-2 text-primary-ink focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50"
      >
        {t('skipToContent')}
      </a>
      <ProgressBar />
      <DashboardHeader shopName={root?.settings.sellerName ?? t('backOffice')} me={me} />
      <div className="lg:flex">
        {me && (
          <nav
            aria-label={t('nav.label')}
            className="sticky top-16 hidden h-[calc(100vh-4rem)] w-60 shrink-0 overflow-y-auto border-e border-line bg-white lg:block"
          >
            <DashboardNavLinks role={me.staff.role} />
          </nav>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
      {me && (
        <nav
          id={NAV_DRAWER_ID}
          popover="auto"
          aria-label={t('nav.label')}
          className="fixed inset-y-0 start-0 m-0 h-full max-h-none w-72 max-w-[85vw] overflow-y-auto border-e border-line bg-white p-0 shadow-2xl backdrop:bg-ink/40"
        >
          <div className="flex items-center justify-between border-b border-line px-3 py-2">
            <span className="font-bold">{t('nav.label')}</span>
            <button
              type="button"
              popoverTarget={NAV_DRAWER_ID}
              popoverTargetAction="hide"
              aria-label={t('nav.close')}
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface"
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <DashboardNavLinks role={me.staff.role} inDrawer />
        </nav>
      )}
      <ToastHost lang={lang} />
    </div>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Chrome me={loaderData.me}>
      {loaderData.notice && <PageNotice notice={loaderData.notice} />}
      <Outlet />
    </Chrome>
  );
}

/**
 * A page that failed keeps the back office around it: the member comes from this layout's
 * data when a page below failed, or from the 403 itself when this layout refused the page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const fromLayout = useRouteLoaderData<typeof loader>(DASHBOARD_LAYOUT_ID)?.me;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const fromRefusal =
    isRouteErrorResponse(error) && typeof error.data === 'object' && error.data !== null && 'me' in error.data
      ? (error.data as { me: StaffMe }).me
      : undefined;
  return (
    <Chrome me={fromLayout ?? fromRefusal}>
      <DashboardError status={status} />
    </Chrome>
  );
}
