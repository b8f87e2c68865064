import { returnStatuses, type AdminReturn } from '@shop/contract';
import { z } from 'zod';
import type { Route } from './+types/dashboard-returns';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DataTable, type Column } from '../features/dashboard/components/data-table.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { Pager } from '../features/dashboard/components/pager.tsx';
import { formatDateTime, formatNumber, formatPrice } from '../features/dashboard/format.ts';
import { choiceFilter, readQueueQuery, textFilter } from '../features/dashboard/list-query.ts';
import { ReturnStatusBadge } from '../features/dashboard/returns/return-status-badge.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * The back office's returns queue: newest first, by status, by order number, in pages. Each
 * request is decided, received and refunded on its order's page, where the order is beside it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const query = readQueueQuery(
    args.request,
    z.object({ q: textFilter, status: choiceFilter(returnStatuses) }),
  );
  const page = await bo.returns.page({
    ...query.filters,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return { filters: query.filters, page };
}

export default function DashboardReturns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  const { filters, page } = loaderData;
  const filtered = Object.values(filters).some(Boolean);

  const columns: Column<AdminReturn>[] = [
    {
      key: 'return-order',
      header: t('returns.columns.order'),
      cell: (request) => (
        <ShopLink
          to={`/dashboard/orders/${request.orderNumber}`}
          aria-label={t('openOrder', { number: request.orderNumber })}
          className="text-primary hover:underline"
        >
          #{request.orderNumber}
        </ShopLink>
      ),
    },
    {
      key: 'return-date',
      header: t('returns.columns.date'),
      cell: (request) => formatDateTime(request.createdAt, lang),
    },
    {
      key: 'return-customer',
      header: t('returns.columns.customer'),
      cell: (request) => (
        <div className="flex flex-col">
          <span dir="auto">{request.customer.name}</span>
          <span className="text-xs text-muted" dir="ltr">
            {request.customer.email}
          </span>
        </div>
      ),
    },
    {
      key: 'return-reason',
      header: t('returns.columns.reason'),
      cell: (request) => t(`returns.reasons.${request.reason}`),
    },
    {
      key: 'return-units',
      header: t('returns.columns.units'),
      align: 'end',
      cell: (request) =>
        formatNumber(
          request.lines.reduce((sum, line) => sum + line.quantity, 0),
          lang,
        ),
    },
    {
      key: 'return-amount',
      header: t('returns.columns.amount'),
      align: 'end',
      cell: (request) => formatPrice(request.amount, lang),
    },
    {
      key: 'return-status',
      header: t('returns.columns.status'),
      cell: (request) => <ReturnStatusBadge status={request.status} />,
    },
  ];

  return (
    <DashboardPage title={t('returns.queueTitle')}>
      <FilterBar
        values={filters}
        texts={[{ name: 'q', label: t('returns.filters.q') }]}
        selects={[
          {
            name: 'status',
            label: t('returns.filters.status'),
            options: returnStatuses.map((s) => ({ value: s, label: t(`returns.statuses.${s}`) })),
          },
        ]}
      />
      {page.items.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : (
        <DataTable
          caption={t('returns.caption')}
          columns={columns}
          rows={page.items}
          rowKey={(request) => request.id}
        />
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </DashboardPage>
  );
}
