import type { ReactNode } from 'react';
import { errorMessage } from '@shop/contract';
import { data } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/dashboard-customer';
import { ConfirmAction } from '../features/dashboard/components/confirm-action.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DataTable } from '../features/dashboard/components/data-table.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { StatusBadge } from '../features/dashboard/components/status-badge.tsx';
import { askToConfirm, confirmError } from '../features/dashboard/confirm.server.ts';
import { formatDateTime, formatHalalas, formatNumber } from '../features/dashboard/format.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { CustomerState } from '../features/dashboard-insights/customer-state.tsx';
import { orderStatusKey, orderStatusTones } from '../features/dashboard-insights/order-status.ts';
import { formDone, readForm, submitAction } from '../lib/form-action.server.ts';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** A customer: profile, totals, addresses, orders; deactivate or reactivate (confirmed). */
export async function loader(args: Route.LoaderArgs) {
  const { bo, lang } = await requireMember(args);
  const details = await bo.customers.one(args.params.id);
  if (!details) throw data(errorMessage('CUSTOMER_NOT_FOUND', lang), { status: 404 });
  // After a form posted without JavaScript, the dashboard layout shows its one-time notice.
  return { details };
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const activeForm = z.object({ intent: z.enum(['deactivate', 'reactivate']) });

/** Deactivate or reactivate, after the member confirmed; deactivating ends the shopper's sessions. */
export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { bo } = await requireMember(args);
  const read = await readForm(request);
  const ask = askToConfirm(read.values);
  if (ask) return ask;
  const result = await submitAction(
    request,
    {
      schema: activeForm,
      run: (input) => bo.customers.setActive(params.id, input.intent === 'reactivate'),
    },
    read,
  );
  if (!result.ok) return confirmError(read.values, result.error);
  const back = new URL(request.url).pathname;
  return formDone(request, { done: result.answer.message, confirmKey: read.values.confirmKey }, { back });
}

export default function DashboardCustomer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-insights');
  const { t: tShared } = useTranslation('dashboard');
  const { lang } = useLang();
  const { customer, addresses, orders, ordersTotal } = loaderData.details;
  const card = 'flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:p-6';
  const fact = (label: string, value: ReactNode, ltr = false) => (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-medium" dir={ltr ? 'ltr' : undefined}>
        {value}
      </dd>
    </div>
  );
  return (
    <DashboardPage
      title={customer.name}
      breadcrumbs={[
        { label: tShared('nav.overview'), to: '/dashboard' },
        { label: t('customers.title'), to: '/dashboard/customers' },
        { label: customer.name },
      ]}
      actions={
        customer.active ? (
          <ConfirmAction
            confirmKey={`deactivate:${customer.id}`}
            fields={{ intent: 'deactivate' }}
            label={t('customer.deactivate')}
            accessibleLabel={t('customer.deactivateWho', { name: customer.name })}
            question={t('customer.deactivateQuestion', { name: customer.name })}
            confirmLabel={t('customer.deactivateYes')}
          />
        ) : (
          <ConfirmAction
            confirmKey={`reactivate:${customer.id}`}
            fields={{ intent: 'reactivate' }}
            tone="primary"
            label={t('customer.reactivate')}
            accessibleLabel={t('customer.reactivateWho', { name: customer.name })}
            question={t('customer.reactivateQuestion', { name: customer.name })}
            confirmLabel={t('customer.reactivateYes')}
          />
        )
      }
    >
      <section aria-labelledby="profile-heading" className={card}>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="profile-heading" className="text-lg font-semibold">
            {t('customer.profile')}
          </h2>
          <CustomerState customer={customer} />
        </div>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {fact(t('customers.columns.email'), customer.email, true)}
          {fact(t('customers.columns.phone'), customer.phone, true)}
          {fact(t('customers.columns.registered'), formatDateTime(customer.registeredAt, lang))}
          {fact(t('customer.paidOrders'), formatNumber(customer.ordersCount, lang))}
          {fact(t('customers.columns.spent'), formatHalalas(customer.spentHalalas, lang))}
          {fact(t('customer.allOrders'), formatNumber(ordersTotal, lang))}
        </dl>
      </section>

      <section aria-labelledby="orders-heading" className="flex flex-col gap-3">
        <h2 id="orders-heading" className="text-lg font-semibold">
          {t('customer.orders')}
        </h2>
        {orders.length === 0 ? (
          <EmptyState message={t('customer.noOrders')} />
        ) : (
          <>
            <DataTable
              caption={t('customer.orders')}
              rows={orders}
              rowKey={(o) => o.id}
              columns={[
                {
                  key: 'customer.orderNumber',
                  header: t('customer.orderNumber'),
                  cell: (o) => (
                    <ShopLink to={`/dashboard/orders/${o.number}`} className="text-primary hover:underline">
                      #{o.number}
                    </ShopLink>
                  ),
                },
                {
                  key: 'customer.orderDate',
                  header: t('customer.orderDate'),
                  cell: (o) => formatDateTime(o.createdAt, lang),
                },
                {
                  key: 'customer.orderStatus',
                  header: t('customer.orderStatus'),
                  cell: (o) => (
                    <StatusBadge tone={orderStatusTones[o.status] ?? 'neutral'}>
                      {t(orderStatusKey(o.status), { status: o.status })}
                    </StatusBadge>
                  ),
                },
                {
                  key: 'customer.orderTotal',
                  header: t('customer.orderTotal'),
                  align: 'end',
                  cell: (o) => formatHalalas(o.totalHalalas, lang),
                },
              ]}
            />
            {ordersTotal > orders.length && (
              <p className="text-sm text-muted">
                {t('customer.newestOnly', {
                  shown: formatNumber(orders.length, lang),
                  total: formatNumber(ordersTotal, lang),
                })}
              </p>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="addresses-heading" className={card}>
        <h2 id="addresses-heading" className="text-lg font-semibold">
          {t('customer.addresses')}
        </h2>
        {addresses.length === 0 ? (
          <p className="text-muted">{t('customer.noAddresses')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {addresses.map((a) => (
              <li key={a._id} className="rounded-xl border border-line p-3">
                <p className="font-semibold">{a.name}</p>
                <p className="text-sm text-muted">
                  {[a.city, a.zone, a.address].filter(Boolean).join(lang === 'ar' ? '، ' : ', ')}
                </p>
                {a.closeSign && <p className="text-sm text-muted">{a.closeSign}</p>}
                {a.mobile && (
                  <p className="text-sm" dir="ltr">
                    {a.mobile}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </DashboardPage>
  );
}
