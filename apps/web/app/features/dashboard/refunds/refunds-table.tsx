import type { AdminRefund, OrderRefunds } from '@shop/contract';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { StatusBadge, type BadgeTone } from '../components/status-badge.tsx';
import { formatDateTime, formatNumber, formatPrice } from '../format.ts';

const tones: Record<AdminRefund['status'], BadgeTone> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'danger',
};

/** The order's refunds, newest first, each with its credit note once it succeeded. */
export function RefundsTable({ order }: { order: OrderRefunds }) {
  const { t } = useTranslation('dashboard-refunds');
  const { lang } = useLang();
  if (order.refunds.length === 0) return <EmptyState message={t('list.empty')} />;
  const columns: Column<AdminRefund>[] = [
    {
      key: 'list.date',
      header: t('list.date'),
      cell: (r) => formatDateTime(r.completedAt ?? r.createdAt, lang),
    },
    { key: 'list.amount', header: t('list.amount'), align: 'end', cell: (r) => formatPrice(r.amount, lang) },
    {
      key: 'list.reason',
      header: t('list.reason'),
      cell: (r) => <span className="whitespace-normal">{r.reason}</span>,
    },
    {
      key: 'list.returned',
      header: t('list.returned'),
      cell: (r) =>
        r.returnStock.length === 0
          ? t('list.none')
          : r.returnStock.map((u) => `${u.productName} × ${formatNumber(u.quantity, lang)}`).join('، '),
    },
    { key: 'list.by', header: t('list.by'), cell: (r) => r.actor },
    {
      key: 'list.status',
      header: t('list.status'),
      cell: (r) => <StatusBadge tone={tones[r.status]}>{t(`list.statuses.${r.status}`)}</StatusBadge>,
    },
    {
      key: 'list.creditNote',
      header: t('list.creditNote'),
      cell: (r) =>
        r.creditNoteNumber === null ? (
          '—'
        ) : (
          <ShopLink
            to={`/dashboard/orders/${order.orderId}/credit-notes/${r.id}`}
            className="font-semibold text-primary hover:underline"
          >
            {t('list.openCreditNote', { number: r.creditNoteNumber })}
          </ShopLink>
        ),
    },
  ];
  return (
    <DataTable
      caption={t('list.caption', { number: order.number })}
      columns={columns}
      rows={order.refunds}
      rowKey={(r) => r.id}
    />
  );
}
