import { discountStatuses, type AdminDiscountCode, type DiscountStatus } from '@shop/contract';
import type { Route } from './+types/dashboard-discount-codes';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import type { Column } from '../features/dashboard/components/data-table.tsx';
import { PagedTable } from '../features/dashboard/components/paged-table.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { StatusBadge, type BadgeTone } from '../features/dashboard/components/status-badge.tsx';
import { formatDateTime, formatNumber, formatPrice } from '../features/dashboard/format.ts';
import { statusListQuery } from '../features/dashboard-discounts/terms-page.server.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** Discount codes: search by code, filter by status, pages; uses and the sales each brought. */
export async function loader(args: Route.LoaderArgs) {
  const { bo, me } = await requireMember(args);
  const { query, asked } = statusListQuery(args.request, discountStatuses);
  const page = await bo.discounts.discountCodes(asked);
  return { query, page, owner: me.staff.role === 'owner' };
}

const tones: Record<DiscountStatus, BadgeTone> = {
  active: 'success',
  scheduled: 'info',
  expired: 'neutral',
  disabled: 'warning',
};

export default function DashboardDiscountCodes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-discounts');
  const { lang } = useLang();
  const { query, page, owner } = loaderData;
  const filtered = Object.values(query.filters).some(Boolean);
  const columns: Column<AdminDiscountCode>[] = [
    {
      key: 'columns.code',
      header: t('columns.code'),
      cell: (c) => (
        <ShopLink
          to={`/dashboard/discount-codes/${c.id}`}
          className="font-mono font-semibold text-primary hover:underline"
        >
          <bdi>{c.code}</bdi>
        </ShopLink>
      ),
    },
    {
      key: 'columns.value',
      header: t('columns.value'),
      cell: (c) =>
        c.kind === 'percent'
          ? t('value.percent', { value: formatNumber(c.value, lang) })
          : c.kind === 'fixed'
            ? formatPrice(c.value, lang)
            : t('value.freeShipping'),
    },
    {
      key: 'columns.status',
      header: t('columns.status'),
      cell: (c) => <StatusBadge tone={tones[c.status]}>{t(`status.${c.status}`)}</StatusBadge>,
    },
    {
      key: 'columns.period',
      header: t('columns.period'),
      cell: (c) => (
        <span className="whitespace-nowrap text-xs">
          {c.startsAt ? formatDateTime(c.startsAt, lang) : t('period.now')} –{' '}
          {c.endsAt ? formatDateTime(c.endsAt, lang) : t('period.open')}
        </span>
      ),
    },
    {
      key: 'columns.uses',
      header: t('columns.uses'),
      align: 'end',
      cell: (c) =>
        c.usageLimit === null
          ? formatNumber(c.uses, lang)
          : t('uses.ofLimit', { uses: formatNumber(c.uses, lang), limit: formatNumber(c.usageLimit, lang) }),
    },
    {
      key: 'columns.paidOrders',
      header: t('columns.paidOrders'),
      align: 'end',
      cell: (c) => formatNumber(c.paidOrders, lang),
    },
    {
      key: 'columns.sales',
      header: t('columns.sales'),
      align: 'end',
      cell: (c) => formatPrice(c.sales, lang),
    },
  ];
  return (
    <DashboardPage
      title={t('title')}
      actions={
        owner ? (
          <ShopLink
            to="/dashboard/discount-codes/new"
            className="inline-flex h-10 items-center rounded-full bg-primary px-5 text-sm font-semibold text-primary-ink hover:bg-primary-strong"
          >
            {t('new')}
          </ShopLink>
        ) : undefined
      }
    >
      <FilterBar
        values={query.filters}
        texts={[{ name: 'q', label: t('search') }]}
        selects={[
          {
            name: 'status',
            label: t('columns.status'),
            options: discountStatuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
        ]}
      />
      <PagedTable
        page={page}
        filtered={filtered}
        emptyMessage={t('empty')}
        caption={t('caption')}
        columns={columns}
        rowKey={(c) => String(c.id)}
      />
    </DashboardPage>
  );
}
