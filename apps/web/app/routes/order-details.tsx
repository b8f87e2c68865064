import { useTranslation } from '../lib/use-translation.ts';
import { data } from 'react-router';
import type { Route } from './+types/order-details';
import { Icon } from '../components/ui/icon.tsx';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { OrderDetails } from '../features/orders/components/order-details.tsx';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { PageNotice } from '../components/ui/page-notice.tsx';
import { takeNotice } from '../lib/notice.server.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const [t, order] = await Promise.all([serverT(requestLang(request)), store.order(params.id)]);
  // Someone else's order reads as missing: no hint that it exists.
  if (!order) throw data(null, { status: 404 });
  // A return asked for without JavaScript comes back here with its message, shown once.
  const { notice, headers } = takeNotice(request);
  return data(
    {
      notice,
      seo: {
        title: t('account:orders.detailsTitle', { number: order.number }),
        description: t('account:orders.description'),
        path: `/order/details/${order.invoiceId}`,
        noindex: true,
      },
      order,
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function OrderDetailsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { order, notice } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      {notice && <PageNotice notice={notice} />}
      <ShopLink
        to="/user/allorders"
        className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
      >
        <Icon name="chevronStart" className="size-4 rtl:-scale-x-100" />
        {t('orders.backToOrders')}
      </ShopLink>
      <h1 className="mb-6 text-2xl font-bold">{t('orders.detailsTitle', { number: order.number })}</h1>
      <OrderDetails order={order} />
    </div>
  );
}
