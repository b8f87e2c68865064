import { useTranslation } from '../lib/use-translation.ts';
import type { Route } from './+types/user-orders';
import { Pager } from '../components/ui/pager.tsx';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { ORDERS_PAGE_SIZE } from '../features/orders/api.ts';
import { OrdersTable } from '../features/orders/components/orders-table.tsx';
import { paymentReturn, withoutPaymentReturn } from '../features/orders/status.ts';
import type { StoreData } from '@shop/contract';
import type { Notice } from '../components/ui/page-notice.tsx';
import { refusalFormError } from '../lib/form-action.server.ts';
import { noticeCookie } from '../lib/notice.server.ts';
import { redirect } from 'react-router';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';

function pageParam(request: Request): number {
  const value = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}

/**
 * The card provider sends the shopper back here (`?id=…&status=…&message=…`, the callback URL
 * of every payment). The query proves nothing: the shop asks the provider about the payment id
 * (the payments service settles the order only on its answer), then sends the browser to the
 * same page without the parameters, with the outcome as the notice the account pages show.
 * Post, redirect, get: a reload neither verifies again nor shows the message twice. Without a
 * payment id there is nothing to confirm and nothing is said. A provider that cannot be asked
 * now is the page's 503: the same address again verifies again.
 */
async function settleReturn(request: Request, store: StoreData) {
  const url = new URL(request.url);
  const returned = paymentReturn(url.searchParams);
  if (!returned) return;
  const headers = new Headers();
  if (returned.paymentId) {
    const result = await store.verifyPayment(returned.paymentId);
    if (!result.ok && result.status === 503)
      throw new Response(null, { status: 503, headers: { 'Retry-After': '1' } });
    const notice: Notice = result.ok
      ? { kind: 'success', text: result.value.message }
      : { kind: 'error', text: refusalFormError(result).message };
    headers.append('set-cookie', noticeCookie(notice));
  }
  throw redirect(`${url.pathname}${withoutPaymentReturn(url.searchParams)}`, { headers });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  await settleReturn(request, store);
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
