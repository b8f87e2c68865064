import { promotionStatuses, type AdminPromotion, type PromotionStatus } from '@shop/contract';
import type { Route } from './+types/dashboard-promotions';
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

/** Automatic promotions: search by name, filter by status, pages; the orders and sales each brought. */
export async function loader(args: Route.LoaderArgs) {
  const { bo, me } = await requireMember(args);
  const { query, asked } = statusListQuery(args.request, promotionStatuses);
  const page = await bo.promotions.promotions(asked);
  return { query, page, owner: me.staff.role === 'owner' };
}

const tones: Record<PromotionStatus, BadgeTone> = {
  active: 'success',
  scheduled: 'info',
  ended: 'neutral',
  off: 'warning',
};

export default function DashboardPromotions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-discounts');
  const { lang } = useLang();
  const { query, page, owner } = loaderData;
  const filtered = Object.values(query.filters).some(Boolean);
  const columns: Column<AdminPromotion>[] = [
    {
      key: 'promotions.columns.name',
      header: t('promotions.columns.name'),
      cell: (p) => (
        <ShopLink to={`/dashboard/promotions/${p.id}`} className="font-semibold text-primary hover:underline">
          {lang === 'en' ? p.nameEn : p.nameAr}
        </ShopLink>
      ),
    },
    {
      key: 'promotions.columns.value',
      header: t('promotions.columns.value'),
      cell: (p) =>
        p.kind === 'percent'
          ? t('value.percent', { value: formatNumber(p.value, lang) })
          : formatPrice(p.value, lang),
    },
    {
      key: 'promotions.columns.status',
      header: t('promotions.columns.status'),
      cell: (p) => <StatusBadge tone={tones[p.status]}>{t(`promotions.status.${p.status}`)}</StatusBadge>,
    },
    {
      key: 'promotions.columns.period',
      header: t('promotions.columns.period'),
      cell: (p) => (
        <span className="whitespace-nowrap text-xs">
          {formatDateTime(p.startsAt, lang)} – {formatDateTime(p.endsAt, lang)}
        </span>
      ),
    },
    {
      key: 'promotions.columns.combines',
      header: t('promotions.columns.combines'),
      cell: (p) => t(`promotions.combines.${p.combinesWithCodes ? 'yes' : 'no'}`),
    },
    {
      key: 'promotions.columns.uses',
      header: t('promotions.columns.uses'),
      align: 'end',
      cell: (p) => formatNumber(p.uses, lang),
    },
    {
      key: 'promotions.columns.paidOrders',
      header: t('promotions.columns.paidOrders'),
      align: 'end',
      cell: (p) => formatNumber(p.paidOrders, lang),
    },
    {
      key: 'promotions.columns.sales',
      header: t('promotions.columns.sales'),
      align: 'end',
      cell: (p) => formatPrice(p.sales, lang),
    },
  ];
  return (
    <DashboardPage
      title={t('promotions.title')}
      actions={
        owner ? (
          <ShopLink
            to="/dashboard/promotions/new"
            className="inline-flex h-10 items-center rounded-full bg-primary px-5 text-sm font-semibold text-primary-ink hover:bg-primary-strong"
          >
            {t('promotions.new')}
          </ShopLink>
        ) : undefined
      }
    >
      <FilterBar
        values={query.filters}
        texts={[{ name: 'q', label: t('promotions.search') }]}
        selects={[
          {
            name: 'status',
            label: t('promotions.columns.status'),
            options: promotionStatuses.map((s) => ({ value: s, label: t(`promotions.status.${s}`) })),
          },
        ]}
      />
      <PagedTable
        page={page}
        filtered={filtered}
        emptyMessage={t('promotions.empty')}
        caption={t('promotions.caption')}
        columns={columns}
        rowKey={(p) => String(p.id)}
      />
    </DashboardPage>
  );
}
