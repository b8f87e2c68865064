import type { OrderRefunds } from '@shop/contract';
import { data } from 'react-router';
import type { Route } from './+types/dashboard-order-refund';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { StatusBadge } from '../features/dashboard/components/status-badge.tsx';
import { formatPrice } from '../features/dashboard/format.ts';
import { refundAction } from '../features/dashboard/refunds/refund-action.server.ts';
import { RefundForm } from '../features/dashboard/refunds/refund-form.tsx';
import { RefundsTable } from '../features/dashboard/refunds/refunds-table.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * Refunding an order: what was paid and what is left, the refund form (owners), and the
 * refunds made so far with their credit notes. Every member may look; only owners refund.
 */
export async function loader(args: Route.LoaderArgs) {
  const { bo, me } = await requireMember(args);
  const order = await bo.refunds.ofOrder(args.params.id);
  if (!order) throw data(null, { status: 404 });
  // A new key per page load: a double click or a resent form carries the same one.
  return { order, canRefund: me.staff.role === 'owner', idempotencyKey: crypto.randomUUID() };
}

export async function action(args: Route.ActionArgs) {
  const { bo } = await requireMember(args, { role: 'owner' });
  return refundAction({ request: args.request, refunds: bo.refunds, orderRef: args.params.id });
}

function Summary({ order }: { order: OrderRefunds }) {
  const { t } = useTranslation('dashboard-refunds');
  const { lang } = useLang();
  const row = 'flex flex-col gap-0.5';
  return (
    <section aria-label={t('summary.label')} className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <div className={row}>
          <dt className="text-muted">{t('summary.customer')}</dt>
          <dd className="font-semibold">{order.customerName}</dd>
          <dd className="text-muted" dir="ltr">
            {order.customerEmail}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('summary.status')}</dt>
          <dd>
            <StatusBadge tone={order.status === 'refunded' ? 'neutral' : 'info'}>
              {t(`statuses.${order.status}`)}
            </StatusBadge>
          </dd>
        </div>
        {order.provider && (
          <div className={row}>
            <dt className="text-muted">{t('summary.provider')}</dt>
            <dd>{t(`summary.providers.${order.provider}`)}</dd>
          </div>
        )}
        <div className={row}>
          <dt className="text-muted">{t('summary.total')}</dt>
          <dd className="text-lg font-bold">{formatPrice(order.total, lang)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('summary.refunded')}</dt>
          <dd className="text-lg font-bold" data-testid="refunded-so-far">
            {formatPrice(order.refunded, lang)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('summary.refundable')}</dt>
          <dd className="text-lg font-bold" data-testid="refundable">
            {formatPrice(order.refundable, lang)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export default function DashboardOrderRefund({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-refunds');
  const { order, canRefund, idempotencyKey } = loaderData;
  const paid = order.paidAt !== null;
  return (
    <DashboardPage
      title={t('title', { number: order.number })}
      breadcrumbs={[
        { label: t('breadcrumbOrders'), to: '/dashboard/orders' },
        { label: t('breadcrumbOrder', { number: order.number }), to: `/dashboard/orders/${order.number}` },
        { label: t('breadcrumbRefund') },
      ]}
    >
      <Summary order={order} />
      {!canRefund ? (
        <p role="note" className="rounded-2xl border border-line bg-surface p-4 text-sm">
          {t('form.ownerOnly')}
        </p>
      ) : order.refundable > 0 ? (
        <RefundForm order={order} idempotencyKey={idempotencyKey} />
      ) : (
        <p role="note" className="rounded-2xl border border-line bg-surface p-4 text-sm">
          {paid ? t('form.nothingLeft') : t('form.notPaid')}
        </p>
      )}
      <section aria-labelledby="refunds-title" className="flex flex-col gap-3">
        <h2 id="refunds-title" className="text-lg font-bold">
          {t('list.title')}
        </h2>
        <RefundsTable order={order} />
      </section>
    </DashboardPage>
  );
}
