import { customerSorts, customerStatuses, type CustomerSummary } from '@shop/contract';
import { z } from 'zod';
import type { Route } from './+types/dashboard-customers';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import type { Column } from '../features/dashboard/components/data-table.tsx';
import { PagedTable } from '../features/dashboard/components/paged-table.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { formatDateTime, formatHalalas, formatNumber } from '../features/dashboard/format.ts';
import { choiceFilter, dateFilter, readListQuery, textFilter } from '../features/dashboard/list-query.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { CustomerState } from '../features/dashboard-insights/customer-state.tsx';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** The day after a `YYYY-MM-DD` date: the list's "to" date is inclusive, the API's exclusive. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Customers: search by name, e-mail or mobile; filter by state and registration; sort; pages. */
export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const query = readListQuery(args.request, {
    sorts: customerSorts,
    defaultSort: 'registered',
    defaultDir: 'desc',
    filters: z.object({
      q: textFilter,
      status: choiceFilter(customerStatuses),
      from: dateFilter,
      to: dateFilter,
    }),
  });
  const { q, status, from, to } = query.filters;
  const page = await bo.customers.page({
    q,
    status,
    from,
    to: to ? dayAfter(to) : undefined,
    sort: query.sort,
    dir: query.dir,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return { query, page };
}

export default function DashboardCustomers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-insights');
  const { lang } = useLang();
  const { query, page } = loaderData;
  const filtered = Object.values(query.filters).some(Boolean);
  const columns: Column<CustomerSummary>[] = [
    {
      key: 'customers.columns.name',
      header: t('customers.columns.name'),
      sortKey: 'name',
      cell: (c) => (
        <ShopLink to={`/dashboard/customers/${c.id}`} className="text-primary hover:underline">
          <bdi>{c.name}</bdi>
        </ShopLink>
      ),
    },
    {
      key: 'customers.columns.email',
      header: t('customers.columns.email'),
      cell: (c) => <span dir="ltr">{c.email}</span>,
    },
    {
      key: 'customers.columns.phone',
      header: t('customers.columns.phone'),
      cell: (c) => <span dir="ltr">{c.phone}</span>,
    },
    {
      key: 'customers.columns.state',
      header: t('customers.columns.state'),
      cell: (c) => <CustomerState customer={c} />,
    },
    {
      key: 'customers.columns.registered',
      header: t('customers.columns.registered'),
      sortKey: 'registered',
      cell: (c) => formatDateTime(c.registeredAt, lang),
    },
    {
      key: 'customers.columns.orders',
      header: t('customers.columns.orders'),
      sortKey: 'orders',
      align: 'end',
      cell: (c) => formatNumber(c.ordersCount, lang),
    },
    {
      key: 'customers.columns.spent',
      header: t('customers.columns.spent'),
      sortKey: 'spent',
      align: 'end',
      cell: (c) => formatHalalas(c.spentHalalas, lang),
    },
  ];
  return (
    <DashboardPage title={t('customers.title')}>
      <FilterBar
        values={query.filters}
        texts={[{ name: 'q', label: t('customers.search') }]}
        selects={[
          {
            name: 'status',
            label: t('customers.columns.state'),
            options: customerStatuses.map((s) => ({ value: s, label: t(`customers.filter.${s}`) })),
          },
        ]}
        dateRange={{ from: 'from', to: 'to' }}
      />
      <p className="-mt-3 text-xs text-muted">{t('customers.datesNote')}</p>
      <PagedTable
        page={page}
        filtered={filtered}
        emptyMessage={t('customers.empty')}
        caption={t('customers.caption')}
        columns={columns}
        rowKey={(c) => c.id}
        sort={{ sort: query.sort, dir: query.dir }}
      />
    </DashboardPage>
  );
}
