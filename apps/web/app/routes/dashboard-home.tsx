import type { Route } from './+types/dashboard-home';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { StatusBadge } from '../features/dashboard/components/status-badge.tsx';
import { EinvoiceUnitNotice } from '../features/dashboard/einvoices/einvoice-parts.tsx';
import { formatHalalas, formatNumber } from '../features/dashboard/format.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { orderStatusKey, orderStatusTones } from '../features/dashboard-insights/order-status.ts';
import { SalesChart } from '../features/dashboard-insights/sales-chart.tsx';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * The back office's first page: sales, orders by state, low stock, the daily chart and what the
 * running codes and promotions brought this week; and,
 * when there is one, the e-invoicing warning (certificate expiring within a month, documents
 * not reported for 20 hours).
 */
export async function loader(args: Route.LoaderArgs) {
  const { bo, me } = await requireMember(args);
  const [overview, einvoiceUnit] = await Promise.all([bo.overview.get(), bo.einvoices.unit()]);
  return { name: me.staff.name, isOwner: me.staff.role === 'owner', overview, einvoiceUnit };
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line bg-white p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {detail && <dd className="text-sm text-muted">{detail}</dd>}
    </div>
  );
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-insights');
  const { t: tShared } = useTranslation('dashboard');
  const { t: tOrders } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  const { overview } = loaderData;
  const orders = (n: number) => t('figures.orders', { count: n, formatted: formatNumber(n, lang) });
  const section = 'flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:p-6';
  return (
    <DashboardPage title={tShared('home.title')}>
      <p className="text-muted">{tShared('home.welcome', { name: loaderData.name })}</p>
      {(loaderData.einvoiceUnit.certificateExpiring || loaderData.einvoiceUnit.overdue > 0) && (
        <EinvoiceUnitNotice unit={loaderData.einvoiceUnit} onboardLink={loaderData.isOwner} />
      )}
      <section aria-labelledby="sales-heading" className="flex flex-col gap-3">
        <h2 id="sales-heading" className="text-lg font-semibold">
          {t('figures.heading')}
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          <Figure
            label={t('figures.today')}
            value={formatHalalas(overview.today.salesHalalas, lang)}
            detail={orders(overview.today.orders)}
          />
          <Figure
            label={t('figures.last7Days')}
            value={formatHalalas(overview.last7Days.salesHalalas, lang)}
            detail={orders(overview.last7Days.orders)}
          />
          <Figure
            label={t('figures.last30Days')}
            value={formatHalalas(overview.last30Days.salesHalalas, lang)}
            detail={orders(overview.last30Days.orders)}
          />
          <Figure
            label={t('figures.averageOrder')}
            value={formatHalalas(overview.averageOrderHalalas, lang)}
            detail={t('figures.averageOrderDetail')}
          />
        </dl>
        <p className="text-xs text-muted">{t('figures.note')}</p>
      </section>

      <section aria-labelledby="chart-heading" className={section}>
        <h2 id="chart-heading" className="sr-only">
          {t('chart.title')}
        </h2>
        <SalesChart daily={overview.daily} />
      </section>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="status-heading" className={section}>
          <h2 id="status-heading" className="text-lg font-semibold">
            {t('byStatus.heading')}
          </h2>
          {overview.ordersByStatus.length === 0 ? (
            <EmptyState message={t('byStatus.empty')} />
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {overview.ordersByStatus.map((row) => (
                <li key={row.status} className="flex items-center justify-between gap-3 py-2">
                  <StatusBadge tone={orderStatusTones[row.status] ?? 'neutral'}>
                    {t(orderStatusKey(row.status), { status: row.status })}
                  </StatusBadge>
                  <span className="font-semibold tabular-nums">{formatNumber(row.count, lang)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="stock-heading" className={section}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="stock-heading" className="text-lg font-semibold">
              {t('lowStock.heading')}
            </h2>
            <p className="text-sm text-muted">
              {t('lowStock.threshold', {
                count: overview.lowStock.threshold,
                formatted: formatNumber(overview.lowStock.threshold, lang),
              })}
            </p>
          </div>
          {overview.lowStock.items.length === 0 ? (
            <EmptyState message={t('lowStock.empty')} />
          ) : (
            <>
              <ul className="flex flex-col divide-y divide-line">
                {overview.lowStock.items.map((product) => (
                  <li key={product.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate font-medium">{product.name}</span>
                      <span className="text-xs text-muted" dir="ltr">
                        {product.sku}
                      </span>
                    </span>
                    <StatusBadge tone={product.stock === 0 ? 'danger' : 'warning'}>
                      {product.stock === 0
                        ? t('lowStock.out')
                        : t('lowStock.left', {
                            count: product.stock,
                            formatted: formatNumber(product.stock, lang),
                          })}
                    </StatusBadge>
                  </li>
                ))}
              </ul>
              {overview.lowStock.total > overview.lowStock.items.length && (
                <p className="text-sm text-muted">
                  {t('lowStock.more', {
                    count: overview.lowStock.total,
                    formatted: formatNumber(overview.lowStock.total, lang),
                  })}
                </p>
              )}
            </>
          )}
        </section>
      </div>

      <section aria-labelledby="methods-heading" className={section}>
        <h2 id="methods-heading" className="text-lg font-semibold">
          {t('byMethod.heading')}
        </h2>
        {overview.salesByMethod.length === 0 ? (
          <EmptyState message={t('byMethod.empty')} />
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{t('byMethod.heading')}</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-2 text-start font-medium">
                  {t('byMethod.method')}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t('figures.last7Days')}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t('figures.last30Days')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {overview.salesByMethod.map((row) => (
                <tr key={row.method}>
                  <th scope="row" className="py-2 text-start font-medium">
                    {tOrders(`methods.${row.method}`)}
                  </th>
                  {[row.last7Days, row.last30Days].map((f, i) => (
                    <td key={i} className="py-2 text-end tabular-nums">
                      <span className="block font-semibold">{formatHalalas(f.salesHalalas, lang)}</span>
                      <span className="block text-xs text-muted">{orders(f.orders)}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="campaigns-heading" className={section}>
        <h2 id="campaigns-heading" className="text-lg font-semibold">
          {t('campaigns.heading')}
        </h2>
        {overview.campaigns.length === 0 ? (
          <EmptyState message={t('campaigns.empty')} />
        ) : (
          <ul aria-label={t('campaigns.caption')} className="flex flex-col divide-y divide-line">
            {overview.campaigns.map((c) => (
              <li
                key={`${c.kind}-${c.id}`}
                className="flex flex-wrap items-center justify-between gap-3 py-2"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <StatusBadge tone={c.kind === 'code' ? 'info' : 'success'}>
                    {t(`campaigns.${c.kind}`)}
                  </StatusBadge>
                  <ShopLink
                    to={
                      c.kind === 'code'
                        ? `/dashboard/discount-codes/${c.id}`
                        : `/dashboard/promotions/${c.id}`
                    }
                    className="truncate font-medium text-primary hover:underline"
                  >
                    <bdi>{c.name}</bdi>
                  </ShopLink>
                </span>
                <span className="flex items-baseline gap-3 tabular-nums">
                  <span className="font-semibold">{formatHalalas(c.salesHalalas, lang)}</span>
                  <span className="text-sm text-muted">{orders(c.orders)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </DashboardPage>
  );
}
