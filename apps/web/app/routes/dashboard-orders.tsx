import { bulkFulfilmentSchema, paymentMethods, type AdminOrderSummary } from '@shop/contract';
import { useId } from 'react';
import { data, useActionData } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/dashboard-orders';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DataTable, type Column } from '../features/dashboard/components/data-table.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { Pager } from '../features/dashboard/components/pager.tsx';
import { formatDateTime, formatNumber, formatPrice } from '../features/dashboard/format.ts';
import { choiceFilter, dateFilter, readListQuery, textFilter } from '../features/dashboard/list-query.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { OrderStatusBadge } from '../features/dashboard/orders/order-status-badge.tsx';
import {
  ADMIN_ORDER_STATUSES,
  ordersCsvHref,
  type OrderListFilters,
} from '../features/dashboard/orders/order-list.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { formError, readForm, submitAction } from '../lib/form-action.server.ts';
import { BulkFulfilmentForm, type BulkAnswer } from '../features/dashboard/orders/bulk-fulfilment-form.tsx';

const SORTS = ['date', 'number', 'total', 'status'] as const;

/** The back office's orders: filters, search, sorting, paging and the CSV export of the same. */
export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const query = readListQuery(args.request, {
    sorts: SORTS,
    defaultSort: 'date',
    defaultDir: 'desc',
    filters: z.object({
      q: textFilter,
      status: choiceFilter(ADMIN_ORDER_STATUSES),
      paid: choiceFilter(['yes', 'no']),
      delivered: choiceFilter(['yes', 'no']),
      method: choiceFilter(paymentMethods),
      awaitingCapture: choiceFilter(['yes', 'no']),
      from: dateFilter,
      to: dateFilter,
    }),
  });
  const filters: OrderListFilters = query.filters;
  const page = await bo.orders.page({
    ...filters,
    sort: query.sort,
    dir: query.dir,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return { query: { ...query, filters }, page };
}

/**
 * The list's one form: the ticked orders moved to one status (cancelling: owners). The page
 * comes back with which moved and why each other did not, with or without JavaScript.
 */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { bo } = await requireMember(args);
  const read = await readForm(request);
  const result = await submitAction(
    request,
    {
      schema: bulkFulfilmentSchema,
      errorField: 'numbers',
      input: (values, form) => ({ status: values.status, numbers: form.getAll('numbers').map(String) }),
      run: (input) => bo.orders.bulk(input),
    },
    read,
  );
  if (!result.ok) return formError(result.error);
  const { message, moved, refused } = result.answer;
  return data<BulkAnswer>({ done: message, bulk: { moved, refused } });
}

export default function DashboardOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  const { query, page } = loaderData;
  const posted = useActionData<BulkAnswer>();
  const formId = useId();
  const filtered = Object.values(query.filters).some(Boolean);

  const columns: Column<AdminOrderSummary>[] = [
    {
      key: 'bulk.select',
      header: t('bulk.select'),
      cell: (order) => (
        <input
          type="checkbox"
          name="numbers"
          value={order.number}
          form={formId}
          aria-label={t('bulk.selectOne', { number: order.number })}
          className="size-5 accent-primary"
        />
      ),
    },
    {
      key: 'order-number',
      header: t('columns.number'),
      sortKey: 'number',
      cell: (order) => (
        <ShopLink
          to={`/dashboard/orders/${order.number}`}
          aria-label={t('openOrder', { number: order.number })}
          className="text-primary hover:underline"
        >
          #{order.number}
        </ShopLink>
      ),
    },
    {
      key: 'placed-at',
      header: t('columns.date'),
      sortKey: 'date',
      cell: (order) => formatDateTime(order.createdAt, lang),
    },
    {
      key: 'customer-name',
      header: t('columns.customer'),
      cell: (order) => (
        <div className="flex flex-col">
          <span dir="auto">{order.customer.name}</span>
          <span className="text-xs text-muted" dir="ltr">
            {order.customer.email}
          </span>
        </div>
      ),
    },
    {
      key: 'order-status',
      header: t('columns.status'),
      sortKey: 'status',
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
    {
      key: 'payment-method',
      header: t('columns.method'),
      cell: (order) => (order.paidAt ? t(`methods.${order.paymentMethod}`) : '—'),
    },
    {
      key: 'item-count',
      header: t('columns.items'),
      align: 'end',
      cell: (order) => formatNumber(order.items, lang),
    },
    {
      key: 'order-total',
      header: t('columns.total'),
      sortKey: 'total',
      align: 'end',
      cell: (order) => formatPrice(order.total, lang),
    },
  ];

  return (
    <DashboardPage
      title={t('title')}
      actions={
        <a
          href={ordersCsvHref(query.filters, { sort: query.sort, dir: query.dir }, lang)}
          download
          aria-label={t('exportCsvLabel')}
          className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-surface"
        >
          {t('exportCsv')}
        </a>
      }
    >
      <FilterBar
        values={query.filters}
        texts={[{ name: 'q', label: t('filters.q') }]}
        selects={[
          {
            name: 'status',
            label: t('filters.status'),
            options: ADMIN_ORDER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          },
          {
            name: 'paid',
            label: t('filters.paid'),
            options: [
              { value: 'yes', label: t('filters.yes') },
              { value: 'no', label: t('filters.no') },
            ],
          },
          {
            name: 'delivered',
            label: t('filters.delivered'),
            options: [
              { value: 'yes', label: t('filters.yes') },
              { value: 'no', label: t('filters.no') },
            ],
          },
          {
            name: 'method',
            label: t('filters.method'),
            options: paymentMethods.map((m) => ({ value: m, label: t(`methods.${m}`) })),
          },
          {
            name: 'awaitingCapture',
            label: t('filters.awaitingCapture'),
            options: [
              { value: 'yes', label: t('filters.yes') },
              { value: 'no', label: t('filters.no') },
            ],
          },
        ]}
        dateRange={{ from: 'from', to: 'to' }}
      />
      {page.items.length > 0 && <BulkFulfilmentForm formId={formId} serverAnswer={posted} />}
      {page.items.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : (
        <DataTable
          caption={t('caption')}
          columns={columns}
          rows={page.items}
          rowKey={(order) => order.id}
          sort={{ sort: query.sort, dir: query.dir }}
        />
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </DashboardPage>
  );
}
