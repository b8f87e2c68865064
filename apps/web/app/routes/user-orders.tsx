import { useTranslation } from '../lib/use-translation.ts';
import type { Route } from './+types/user-orders';
import { Pager } from '../components/ui/pager.tsx';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { ORDERS_PAGE_SIZE } from '../features/orders/api.ts';
import { OrdersTable } from '../features/orders/components/orders-table.tsx';
import { usePaidRedirect } from '../features/orders/use-paid-redirect.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';

function pageParam(request: Request): number {
  const value = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const page = pageParam(request);
  const [t, orders] = await Promise.all([
    serverT(requestLang(request)),
    store
      .orders(page, ORDERS_PAGE_SIZE)
      .then((found) => found ?? { invoices: [], pagging: { pageCount: 0, rawCount: 0 } }),
  ]);
  return {
    seo: {
      title: t('account:orders.title'),
      description: t('account:orders.description'),
      path: '/user/allorders',
      noindex: true,
    },
    page,
    orders,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  usePaidRedirect();
  const { orders, page } = loaderData;
  return (
    <>
      <PageHeader title={t('orders.title')} />
      <h2 className="mb-4 text-lg font-semibold">{t('orders.history')}</h2>
      {orders.invoices.length === 0 ? (
        <p className="rounded-2xl bg-surface p-8 text-center text-muted">{t('orders.empty')}</p>
      ) : (
        <>
          <OrdersTable orders={orders.invoices} />
          <Pager page={page} pageCount={orders.pagging.pageCount} />
        </>
      )}
    </>
  );
}
