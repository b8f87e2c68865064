import { einvoiceStatuses, type EinvoiceDocument } from '@shop/contract';
import { z } from 'zod';
import type { Route } from './+types/dashboard-einvoices';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DataTable, type Column } from '../features/dashboard/components/data-table.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { Pager } from '../features/dashboard/components/pager.tsx';
import { EinvoiceStatusBadge, EinvoiceUnitNotice } from '../features/dashboard/einvoices/einvoice-parts.tsx';
import { formatDateTime, formatNumber } from '../features/dashboard/format.ts';
import { choiceFilter, readListQuery } from '../features/dashboard/list-query.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * The e-invoices the shop issued (invoices and credit notes), newest first, filtered by their
 * reporting status at ZATCA, with the signing unit's warnings above them.
 */
export async function loader(args: Route.LoaderArgs) {
  const { bo, me } = await requireMember(args);
  const query = readListQuery(args.request, {
    sorts: ['issuedAt'],
    defaultSort: 'issuedAt',
    defaultDir: 'desc',
    filters: z.object({ status: choiceFilter(einvoiceStatuses) }),
  });
  const [page, unit] = await Promise.all([
    bo.einvoices.page({
      status: query.filters.status,
      page: String(query.page),
      pageSize: String(query.pageSize),
    }),
    bo.einvoices.unit(),
  ]);
  return { query, page, unit, isOwner: me.staff.role === 'owner' };
}

export default function DashboardEinvoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-einvoices');
  const { lang } = useLang();
  const { query, page, unit, isOwner } = loaderData;
  const columns: Column<EinvoiceDocument>[] = [
    {
      key: 'columns.number',
      header: t('columns.number'),
      cell: (d) => (
        <ShopLink
          to={`/dashboard/orders/${d.orderNumber}/einvoices`}
          className="font-semibold text-primary underline"
        >
          <bdi dir="ltr">{d.number}</bdi>
        </ShopLink>
      ),
    },
    { key: 'columns.kind', header: t('columns.kind'), cell: (d) => t(`kinds.${d.kind}`) },
    { key: 'columns.icv', header: t('columns.icv'), cell: (d) => formatNumber(d.icv, lang), align: 'end' },
    {
      key: 'columns.issuedAt',
      header: t('columns.issuedAt'),
      cell: (d) => (
        <time dateTime={d.issuedAt} className="whitespace-nowrap">
          {formatDateTime(d.issuedAt, lang)}
        </time>
      ),
    },
    {
      key: 'columns.status',
      header: t('columns.status'),
      cell: (d) => <EinvoiceStatusBadge status={d.status} />,
    },
    {
      key: 'columns.xml',
      header: t('columns.xml'),
      cell: (d) => (
        <a
          href={d.xmlUrl}
          download={`${d.number}.xml`}
          aria-label={t('downloadFor', { number: d.number })}
          className="text-primary underline"
        >
          {t('download')}
        </a>
      ),
    },
  ];
  return (
    <DashboardPage title={t('title')}>
      <EinvoiceUnitNotice unit={unit} onboardLink={isOwner} />
      <FilterBar
        values={query.filters}
        selects={[
          {
            name: 'status',
            label: t('filters.status'),
            options: einvoiceStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          },
        ]}
      />
      {page.documents.length === 0 ? (
        <EmptyState filtered={Boolean(query.filters.status)} />
      ) : (
        <>
          <DataTable caption={t('title')} columns={columns} rows={page.documents} rowKey={(d) => d.uuid} />
          <Pager page={page.page} pageSize={query.pageSize} total={page.total} />
        </>
      )}
    </DashboardPage>
  );
}
